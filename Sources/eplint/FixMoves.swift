import Configuration
import LintEngine
import PlistSyntax
import RunPlan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The moves of `--fix --unsafe-fixes` (EP404, EP405): an entry goes from an Info.plist to its
/// paired entitlements file or back, both files written together. Made after every file's own
/// fixes, from the texts those left.
extension LintCommand {
    func applyMoves(
        _ run: inout FixRun, _ files: [InputFile], _ outcomes: inout [Result<FileLintResult, ReadFailure>],
        linter: Linter,
        pairer: EntitlementsPairer, table: EntitlementsTable, xcode: XcodeLintPlan, isReported: FixRun.Reporting
    ) {
        let sharers = infoPlistsPaired(files, pairer: pairer, xcode: xcode)
        var table = table
        for (index, file) in files.enumerated() {
            guard case .success(var result) = outcomes[index], !result.isBinaryPropertyList else { continue }
            let shown = zip(result.diagnostics, isReported(result.diagnostics)).filter(\.1).map(\.0)
            if verbose {
                // The Info.plist's own withheld fixes were said by FixRun.fix; these are its paired file's.
                for diagnostic in shown where diagnostic.file != file.path {
                    guard let reason = diagnostic.fix?.withheldBecause else { continue }
                    FixRun.noteNoFix(diagnostic, reason)
                }
            }
            let moves = shown.filter { $0.fix?.destination != nil && $0.fix!.applicability <= run.applicability }
            guard !moves.isEmpty else { continue }
            func withhold(_ reason: String) {
                guard verbose else { return }
                for diagnostic in moves {
                    FixRun.noteNoFix(diagnostic, reason)
                }
            }
            let paired = Set(moves.map { $0.file == file.path ? $0.fix!.destination! : $0.file })
            guard paired.count == 1, let entitlements = paired.first else { continue }
            if file.isStandardInput {
                withhold("a move edits two files, and standard input is not one")
                continue
            }
            if result.preprocessed { continue }
            if let others = sharers[absolute(entitlements)], others.count > 1 {
                withhold(
                    "\(entitlements) is paired with several Info.plists (\(others.joined(separator: ", "))): which one it belongs to is not one answer"
                )
                continue
            }
            if !run.showsDiff, let link = [file.path, entitlements].first(where: run.isSymbolicLink) {
                withhold("\(link) is a symbolic link")
                continue
            }
            guard let infoBytes = run.currentText(file.path) ?? (try? RegularFile.contents(file.path).get()),
                let entitlementsBytes = run.currentText(entitlements) ?? (try? RegularFile.contents(entitlements).get())
            else { continue }
            if PlistParser.isBinaryPropertyList(entitlementsBytes) {
                withhold("\(entitlements) is a binary property list")
                continue
            }
            if let infoText = EncodedText(infoBytes), let entitlementsText = EncodedText(entitlementsBytes) {
                for diagnostic in moves {
                    let (text, other) =
                        diagnostic.file == file.path ? (infoText, entitlementsText) : (entitlementsText, infoText)
                    if let reason = FixResolution.moveRefusal(diagnostic.fix!, in: text, destination: other), verbose {
                        FixRun.noteNoFix(diagnostic, reason)
                    }
                }
            }
            let relint = { (info: [UInt8], paired: [UInt8]) -> [Diagnostic]? in
                var source = BytesSource(paired)
                // The entitlements file must parse as well: its own problems are no finding of the Info.plist's.
                guard case .paired = (try? linter.readEntitlements(&source, path: entitlements)) ?? .none else {
                    return nil
                }
                return relinted(
                    file, info, linter: linter, pairer: pairer,
                    table: table.replacing(entitlements, with: paired, linter: linter), xcode: xcode)
            }
            guard let findings = relint(infoBytes, entitlementsBytes) else { continue }
            let outcome = PairFixer.fix(
                infoPlist: (file.path, infoBytes), entitlements: (entitlements, entitlementsBytes), findings: findings,
                allowing: run.applicability, isReported: isReported, relint: relint)
            if let refusal = outcome.refusal {
                run.failures.append("not fixed: \(file.path) and \(entitlements): \(refusal)")
                continue
            }
            guard outcome.changed else { continue }
            let gone = isReported(findings).filter { $0 }.count - isReported(outcome.findings).filter { $0 }.count
            if run.showsDiff {
                run.fixed += gone
                run.propose(file.path, old: infoBytes, new: outcome.infoPlist)
                run.propose(entitlements, old: entitlementsBytes, new: outcome.entitlements)
                continue
            }
            do throws(RunFailure) {
                try OutputFile.writeAtomically([
                    (outcome.infoPlist, file.path, Self.mode(of: file.path)),
                    (outcome.entitlements, entitlements, Self.mode(of: entitlements)),
                ])
            } catch {
                run.failures.append(error.message)
                continue
            }
            // Counted once written: a failed write fixed nothing.
            run.fixed += gone
            run.wrote(file.path, outcome.infoPlist)
            run.wrote(entitlements, outcome.entitlements)
            table = table.replacing(entitlements, with: outcome.entitlements, linter: linter)
            result.diagnostics = outcome.findings
            outcomes[index] = .success(result)
            // The entitlements file linted on its own reports what it holds now.
            for (other, input) in files.enumerated()
            where input.path != file.path && absolute(input.path) == absolute(entitlements) {
                guard case .success(var own) = outcomes[other],
                    let after = relinted(
                        input, outcome.entitlements, linter: linter, pairer: pairer, table: table, xcode: xcode)
                else { continue }
                own.diagnostics = after
                outcomes[other] = .success(own)
            }
        }
    }

    /// Entitlements file (absolute) → the Info.plists among the inputs that pair with it.
    private func infoPlistsPaired(_ files: [InputFile], pairer: EntitlementsPairer, xcode: XcodeLintPlan) -> [String:
        [String]]
    {
        var paired: [String: [String]] = [:]
        for file in files where !file.isStandardInput && !file.path.hasSuffix(".entitlements") {
            let entitlements =
                xcode.contexts[absolute(file.path)].map { $0.compactMap(\.entitlements) } ?? pairer.entitlementsPath(
                    for: file.path
                ).map { [$0] } ?? []
            for path in Set(entitlements.map(absolute)) { paired[path, default: []].append(file.path) }
        }
        return paired
    }

    /// A fixed file keeps its permissions.
    static func mode(of path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? mode_t(info.st_mode) & 0o7777 : 0o644
    }
}
