import PlistSyntax

/// Applies the fixes of one file's findings in rounds, as ruff does: the fixes that do not
/// overlap are applied together, the file is linted again, and what the next round still
/// finds gets its turn (a renamed key shows what its value holds: fixed in the next round).
/// Every round must parse; at the end, the fixed findings must be gone and every finding
/// must be one the file had before. A fix that cannot meet this is left out and `refusals`
/// says why; the others are applied (`FixSelection`).
package enum FileFixer {
    /// At most this many rounds: overlapping fixes are rare, and a cycle must end.
    static let maximumRounds = 4

    package typealias Outcome = FixOutcome<[UInt8]>

    /// `findings` are those of linting `original`, its paired file's included (they must not
    /// change either). `isReported` says which of a list would be reported (not ignored,
    /// suppressed or baselined); only those are fixed. `relint` lints a text of the file (in
    /// all its contexts) and gives nil when it does not parse.
    package static func fix(
        _ original: [UInt8], file: String, findings: [Diagnostic], allowing applicability: FixApplicability,
        isReported: ([Diagnostic]) -> [Bool], relint lint: ([UInt8]) -> [Diagnostic]?
    ) -> Outcome {
        func candidates(_ current: [Diagnostic], in text: EncodedText) -> [(diagnostic: Diagnostic, fix: Fix)] {
            zip(current, isReported(current)).compactMap { diagnostic, isShown in
                guard isShown, diagnostic.file == file, let fix = diagnostic.fix, fix.proposesEdits,
                    fix.applicability <= applicability, let resolved = FixResolution.resolve(fix, in: text)
                else { return nil }
                return (diagnostic, resolved)
            }
        }
        let unchanged = Outcome(unchanged: original, findings: findings)
        guard let text = EncodedText(original) else { return unchanged }
        let identities = FixSelection.identities(of: candidates(findings, in: text).map(\.diagnostic))
        let first = Set(identities)
        // A finding a fix brought (a renamed key's value) is fixed with it.
        let selection = FixSelection.select(identities) { allowed in
            let allowed = Set(allowed)
            return attempt(original, findings: findings, relint: lint) { current, text in
                candidates(current, in: text).filter {
                    let identity = FixSelection.identity($0.diagnostic)
                    return allowed.contains(identity) || !first.contains(identity)
                }
            }
        }
        return unchanged.settled(by: selection)
    }

    /// The rounds of one set of fixes: `candidates` gives a round's fixes from its findings.
    private static func attempt(
        _ original: [UInt8], findings: [Diagnostic], relint lint: ([UInt8]) -> [Diagnostic]?,
        candidates: ([Diagnostic], EncodedText) -> [(diagnostic: Diagnostic, fix: Fix)]
    ) -> FixSelection.Attempt<Outcome> {
        var bytes = original
        var current = findings
        var fixed: [Diagnostic] = []
        for _ in 0..<maximumRounds {
            guard let text = EncodedText(bytes) else {
                return .refused("the fixed text is not in the file's encoding")
            }
            let chosen = nonOverlapping(candidates(current, text))
            if chosen.isEmpty { break }
            let next = apply(chosen.flatMap(\.fix.edits), to: bytes)
            guard let after = lint(next) else { return .refused("the fixed text would not parse") }
            fixed += chosen.map(\.diagnostic)
            bytes = next
            current = after
        }
        if let problem = unexpected(current, before: findings, fixed: fixed) { return .refused(problem) }
        return .accepted(Outcome(texts: bytes, fixed: fixed, findings: fixed.isEmpty ? findings : current))
    }

    /// A lint's findings, or nil when they say the text does not parse (EP001, EP002).
    package static func parsed(_ diagnostics: [Diagnostic]) -> [Diagnostic]? {
        diagnostics.contains { $0.rule == Linter.malformed || $0.rule == Linter.unsupported } ? nil : diagnostics
    }

    /// Fixes in order of their first edit; one that touches an earlier choice waits for a later round.
    static func nonOverlapping(_ candidates: [(diagnostic: Diagnostic, fix: Fix)]) -> [(
        diagnostic: Diagnostic, fix: Fix
    )] {
        let ordered = candidates.sorted {
            ($0.fix.edits[0].fileBytes.lowerBound, $0.diagnostic.rule) < (
                $1.fix.edits[0].fileBytes.lowerBound, $1.diagnostic.rule
            )
        }
        // The ranges taken, kept sorted and disjoint: each test is a binary search (40,000
        // fixes in one file must not cost 40,000 squared comparisons).
        var taken: [Range<Int>] = []
        var chosen: [(diagnostic: Diagnostic, fix: Fix)] = []
        func insertionPoint(_ range: Range<Int>) -> Int {
            var low = 0
            var high = taken.count
            while low < high {
                let middle = (low + high) / 2
                if taken[middle].lowerBound < range.lowerBound { low = middle + 1 } else { high = middle }
            }
            return low
        }
        func isFree(_ range: Range<Int>) -> Bool {
            let index = insertionPoint(range)
            if index > 0 && taken[index - 1].upperBound > range.lowerBound { return false }
            if index < taken.count
                && (taken[index].lowerBound < range.upperBound || taken[index].lowerBound == range.lowerBound)
            {
                return false
            }
            return true
        }
        for candidate in ordered {
            let ranges = candidate.fix.edits.map(\.fileBytes)
            guard ranges.allSatisfy(isFree) else { continue }
            for range in ranges { taken.insert(range, at: insertionPoint(range)) }
            chosen.append(candidate)
        }
        return chosen
    }

    /// The file with `edits` (non-overlapping, file byte ranges) applied.
    package static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var position = 0
        for edit in edits.sorted(by: { $0.fileBytes.lowerBound < $1.fileBytes.lowerBound }) {
            output += bytes[position..<edit.fileBytes.lowerBound]
            output += edit.replacementBytes
            position = edit.fileBytes.upperBound
        }
        output += bytes[position...]
        return output
    }

    /// What finding the fixes brought (and did not fix in a later round), or left that they
    /// fixed: findings are told apart by rule and value (positions and indices move when an
    /// entry goes).
    package static func unexpected(_ after: [Diagnostic], before: [Diagnostic], fixed: [Diagnostic]) -> String? {
        var expected: [String: Int] = [:]
        let identity = FixSelection.identity
        for diagnostic in before { expected[identity(diagnostic), default: 0] += 1 }
        // A fix of a finding that a previous round brought takes nothing from those before.
        for diagnostic in fixed where expected[identity(diagnostic), default: 0] > 0 {
            expected[identity(diagnostic)]! -= 1
        }
        for diagnostic in after {
            expected[identity(diagnostic), default: 0] -= 1
            if expected[identity(diagnostic)]! < 0 {
                let fixedHere = fixed.contains { identity($0) == identity(diagnostic) }
                return "\(fixedHere ? "a fixed finding would remain" : "the fix would bring a new finding"): "
                    + "\(diagnostic.range.start.line):\(diagnostic.range.start.column): \(diagnostic.message) [\(diagnostic.rule)]"
            }
        }
        return nil
    }
}
