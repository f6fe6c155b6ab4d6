import PlistSyntax

/// Applies the moves (EP404, EP405) between an Info.plist and its paired entitlements file
/// in one round: every reported move allowed, both files edited together, then the
/// Info.plist linted again with the new entitlements file. As `FileFixer`, the fixed
/// findings must be gone and no new one may appear; a move that cannot meet this is left
/// out and `refusals` says why, the others are applied (`FixSelection`).
package enum PairFixer {
    package typealias Outcome = FixOutcome<PairedTexts>

    /// `findings`: those of linting `infoPlist` paired with `entitlements` (the paired file's
    /// included). `relint` lints new texts of both and gives nil when either does not parse.
    package static func fix(
        infoPlist: (path: String, bytes: [UInt8]), entitlements: (path: String, bytes: [UInt8]),
        findings: [Diagnostic], allowing applicability: FixApplicability, isReported: ([Diagnostic]) -> [Bool],
        relint: (_ infoPlist: [UInt8], _ entitlements: [UInt8]) -> [Diagnostic]?
    ) -> Outcome {
        let unchanged = Outcome(
            unchanged: PairedTexts(infoPlist: infoPlist.bytes, entitlements: entitlements.bytes), findings: findings)
        guard let infoText = EncodedText(infoPlist.bytes), let entitlementsText = EncodedText(entitlements.bytes) else {
            return unchanged
        }
        var chosen: [(diagnostic: Diagnostic, fix: Fix)] = []
        for (diagnostic, shown) in zip(findings, isReported(findings)) where shown {
            guard let fix = diagnostic.fix, fix.applicability <= applicability, let destination = fix.destination else {
                continue
            }
            let resolved: Fix?
            if diagnostic.file == infoPlist.path && destination == entitlements.path {
                resolved = FixResolution.resolve(fix, in: infoText, destination: entitlementsText)
            } else if diagnostic.file == entitlements.path && destination == infoPlist.path {
                resolved = FixResolution.resolve(fix, in: entitlementsText, destination: infoText)
            } else {
                resolved = nil
            }
            if let resolved { chosen.append((diagnostic, resolved)) }
        }
        // A key moved twice would be a repeated key where it lands (EP003 fixes the source first).
        var moves: [String: Int] = [:]
        func key(_ diagnostic: Diagnostic) -> String { diagnostic.file + "\u{0}" + diagnostic.value }
        for candidate in chosen { moves[key(candidate.diagnostic), default: 0] += 1 }
        chosen = chosen.filter { moves[key($0.diagnostic)] == 1 }
        let identities = FixSelection.identities(of: chosen.map(\.diagnostic))
        let selection = FixSelection.select(identities) { allowed -> FixSelection.Attempt<Outcome> in
            let allowed = Set(allowed)
            let moved = chosen.filter { allowed.contains(FixSelection.identity($0.diagnostic)) }
            func editsOf(_ path: String) -> [TextEdit] {
                moved.flatMap { candidate in
                    candidate.fix.edits.filter { ($0.file ?? candidate.diagnostic.file) == path }
                }
            }
            guard let newInfo = apply(editsOf(infoPlist.path), to: infoPlist.bytes),
                let newEntitlements = apply(editsOf(entitlements.path), to: entitlements.bytes)
            else { return .refused("its edits overlap those of another move") }
            guard let after = relint(newInfo, newEntitlements) else {
                return .refused("the moved entries would not parse")
            }
            let fixed = moved.map(\.diagnostic)
            if let problem = FileFixer.unexpected(after, before: findings, fixed: fixed) { return .refused(problem) }
            return .accepted(
                Outcome(
                    texts: PairedTexts(infoPlist: newInfo, entitlements: newEntitlements), fixed: fixed, findings: after
                ))
        }
        return unchanged.settled(by: selection)
    }

    /// `edits` applied to `bytes`; insertions at one place keep their order. nil when two overlap.
    static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8]? {
        var merged: [TextEdit] = []
        for edit in edits.enumerated().sorted(by: {
            ($0.element.fileBytes.lowerBound, $0.offset) < ($1.element.fileBytes.lowerBound, $1.offset)
        }).map(\.element) {
            if var last = merged.last, last.fileBytes.isEmpty, edit.fileBytes.isEmpty,
                last.fileBytes.lowerBound == edit.fileBytes.lowerBound
            {
                last.replacementBytes += edit.replacementBytes
                merged[merged.count - 1] = last
                continue
            }
            if let last = merged.last, last.fileBytes.upperBound > edit.fileBytes.lowerBound { return nil }
            merged.append(edit)
        }
        return FileFixer.apply(merged, to: bytes)
    }
}
