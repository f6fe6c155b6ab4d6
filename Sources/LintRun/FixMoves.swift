import EplintBase
import LintEngine
import PlistSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The moves of `--fix --unsafe-fixes` (EP404, EP405): an entry goes from an Info.plist to its
/// paired entitlements file or back, both files written together. Made after every file's own
/// fixes, from the texts those left.
extension FixRun {
    mutating func applyMoves(
        _ inputs: [InputFile], _ outcomes: inout [Result<FileLintResult, ReadFailure>], files: FileLinter,
        verbose: Bool, isReported: FixRun.Reporting, host: some RunHost
    ) {
        let sharers = infoPlistsPaired(inputs, files: files)
        let linter = files.linter
        var table = files.table
        for (index, file) in inputs.enumerated() {
            guard case .success(var result) = outcomes[index], !result.isBinaryPropertyList else { continue }
            let shown = zip(result.diagnostics, isReported(result.diagnostics)).filter(\.1).map(\.0)
            if verbose {
                // The Info.plist's own withheld fixes were said by FixRun.fix; these are its paired file's.
                for diagnostic in shown where diagnostic.file != file.path {
                    guard let reason = diagnostic.fix?.withheldBecause else { continue }
                    FixRun.noteNoFix(diagnostic, reason, host: host)
                }
            }
            let moves = shown.filter { $0.fix?.destination != nil && $0.fix!.applicability <= self.applicability }
            guard !moves.isEmpty else { continue }
            func withhold(_ reason: String) {
                guard verbose else { return }
                for diagnostic in moves {
                    FixRun.noteNoFix(diagnostic, reason, host: host)
                }
            }
            let paired = Set(moves.map { $0.file == file.path ? $0.fix!.destination! : $0.file })
            guard paired.count == 1, let entitlements = paired.first else { continue }
            if file.isStandardInput {
                withhold("a move edits two files, and standard input is not one")
                continue
            }
            if result.preprocessed { continue }
            if let others = sharers[fileSystem.canonical(entitlements)], others.count > 1 {
                withhold(
                    "\(entitlements) is paired with several Info.plists (\(others.joined(separator: ", "))): which one it belongs to is not one answer"
                )
                continue
            }
            if !self.showsDiff, let link = [file.path, entitlements].first(where: { isSymbolicLink($0) }) {
                withhold("\(link) is a symbolic link")
                continue
            }
            guard
                let infoBytes = self.currentText(file.path)
                    ?? (try? fileSystem.contents(of: file.path, limit: .max).get()),
                let entitlementsBytes = self.currentText(entitlements)
                    ?? (try? fileSystem.contents(of: entitlements, limit: .max).get())
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
                        FixRun.noteNoFix(diagnostic, reason, host: host)
                    }
                }
            }
            let relint = { (info: [UInt8], paired: [UInt8]) -> [Diagnostic]? in
                var source = BytesSource(paired)
                // The entitlements file must parse as well: its own problems are no finding of the Info.plist's.
                guard case .paired = (try? linter.readEntitlements(&source, path: entitlements)) ?? .none else {
                    return nil
                }
                return files.relinted(file, info, table: table.replacing(entitlements, with: paired, linter: linter))
            }
            guard let findings = relint(infoBytes, entitlementsBytes) else { continue }
            let outcome = PairFixer.fix(
                infoPlist: (file.path, infoBytes), entitlements: (entitlements, entitlementsBytes), findings: findings,
                allowing: self.applicability, isReported: isReported, relint: relint)
            FixRun.noteRefused(outcome.refusals, host: host)
            guard outcome.changed else { continue }
            let gone = isReported(findings).filter { $0 }.count - isReported(outcome.findings).filter { $0 }.count
            if self.showsDiff {
                self.fixed += gone
                self.propose(file.path, old: infoBytes, new: outcome.infoPlist)
                self.propose(entitlements, old: entitlementsBytes, new: outcome.entitlements)
                continue
            }
            do throws(RunFailure) {
                try host.write([
                    (outcome.infoPlist, file.path, mode(of: file.path)),
                    (outcome.entitlements, entitlements, mode(of: entitlements)),
                ])
            } catch {
                self.failures.append(error.message)
                continue
            }
            // Counted once written: a failed write fixed nothing.
            self.fixed += gone
            self.wrote(file.path, outcome.infoPlist)
            self.wrote(entitlements, outcome.entitlements)
            table = table.replacing(entitlements, with: outcome.entitlements, linter: linter)
            result.diagnostics = outcome.findings
            outcomes[index] = .success(result)
            // The entitlements file linted on its own reports what it holds now.
            for (other, input) in inputs.enumerated()
            where input.path != file.path && fileSystem.canonical(input.path) == fileSystem.canonical(entitlements) {
                guard case .success(var own) = outcomes[other],
                    let after = files.relinted(input, outcome.entitlements, table: table)
                else { continue }
                own.diagnostics = after
                outcomes[other] = .success(own)
            }
        }
    }

    /// Entitlements file (absolute) → the Info.plists among the inputs that pair with it.
    private func infoPlistsPaired(_ inputs: [InputFile], files: FileLinter) -> [String: [String]] {
        var paired: [String: [String]] = [:]
        for file in inputs where !file.isStandardInput && FileKind(path: file.path) != .entitlements {
            for path in Set(files.entitlementsPaired(with: file).map(fileSystem.canonical)) {
                paired[path, default: []].append(file.path)
            }
        }
        return paired
    }
}
