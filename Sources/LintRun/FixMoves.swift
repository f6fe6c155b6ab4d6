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
            if verbose { Self.notePairedFilesWithheldFixes(shown, of: file, host: host) }
            let moves = shown.filter { $0.fix?.destination != nil && $0.fix!.applicability <= self.applicability }
            guard !moves.isEmpty,
                let entitlements = destination(
                    of: moves, from: file, preprocessed: result.preprocessed, sharers: sharers, verbose: verbose,
                    host: host),
                let old = texts(
                    of: moves, infoPlist: file.path, entitlements: entitlements, verbose: verbose, host: host)
            else { continue }
            let relint = { (info: [UInt8], paired: [UInt8]) -> [Diagnostic]? in
                var source = BytesSource(paired)
                // The entitlements file must parse as well: its own problems are no finding of the Info.plist's.
                guard case .paired = (try? linter.readEntitlements(&source, path: entitlements)) ?? .none else {
                    return nil
                }
                return files.relinted(file, info, table: table.replacing(entitlements, with: paired, linter: linter))
            }
            guard let findings = relint(old.infoPlist, old.entitlements) else { continue }
            let outcome = PairFixer.fix(
                infoPlist: (file.path, old.infoPlist), entitlements: (entitlements, old.entitlements),
                findings: findings, allowing: self.applicability, isReported: isReported, relint: relint)
            FixRun.noteRefused(outcome.refusals, host: host)
            guard outcome.changed else { continue }
            let gone = isReported(findings).filter { $0 }.count - isReported(outcome.findings).filter { $0 }.count
            guard write(outcome, infoPlist: file.path, entitlements: entitlements, old: old, gone: gone, host: host)
            else { continue }
            table = table.replacing(entitlements, with: outcome.entitlements, linter: linter)
            result.diagnostics = outcome.findings
            outcomes[index] = .success(result)
            relintMoved(
                entitlements, outcome.entitlements, of: file, inputs, &outcomes, files: files, table: table)
        }
    }

    /// The Info.plist's own withheld fixes were said by FixRun.fix; these are its paired file's.
    private static func notePairedFilesWithheldFixes(_ shown: [Diagnostic], of file: InputFile, host: some RunHost) {
        for diagnostic in shown where diagnostic.file != file.path {
            guard let reason = diagnostic.fix?.withheldBecause else { continue }
            FixRun.noteNoFix(diagnostic, reason, host: host)
        }
    }

    /// Says (`--verbose`) why none of `moves` is made.
    private static func withhold(_ moves: [Diagnostic], _ reason: String, verbose: Bool, host: some RunHost) {
        guard verbose else { return }
        for diagnostic in moves { FixRun.noteNoFix(diagnostic, reason, host: host) }
    }

    /// The one entitlements file the moves of `file` go to and from, or nil when they cannot be made.
    private func destination(
        of moves: [Diagnostic], from file: InputFile, preprocessed: Bool, sharers: [String: [String]], verbose: Bool,
        host: some RunHost
    ) -> String? {
        let paired = Set(moves.map { $0.file == file.path ? $0.fix!.destination! : $0.file })
        guard paired.count == 1, let entitlements = paired.first else { return nil }
        if file.isStandardInput {
            Self.withhold(moves, "a move edits two files, and standard input is not one", verbose: verbose, host: host)
            return nil
        }
        if preprocessed { return nil }
        if let others = sharers[fileSystem.canonical(entitlements)], others.count > 1 {
            Self.withhold(
                moves,
                "\(entitlements) is paired with several Info.plists (\(others.joined(separator: ", "))): which one it belongs to is not one answer",
                verbose: verbose, host: host)
            return nil
        }
        if !self.showsDiff, let link = [file.path, entitlements].first(where: { isSymbolicLink($0) }) {
            Self.withhold(moves, "\(link) is a symbolic link", verbose: verbose, host: host)
            return nil
        }
        return entitlements
    }

    /// The two texts the moves edit, as the files' own fixes left them; nil when one cannot be
    /// read or the entitlements file is binary. Says (`--verbose`) which moves will be refused.
    private func texts(
        of moves: [Diagnostic], infoPlist: String, entitlements: String, verbose: Bool, host: some RunHost
    ) -> (infoPlist: [UInt8], entitlements: [UInt8])? {
        guard
            let infoBytes = self.currentText(infoPlist) ?? (try? fileSystem.contents(of: infoPlist, limit: .max).get()),
            let entitlementsBytes = self.currentText(entitlements)
                ?? (try? fileSystem.contents(of: entitlements, limit: .max).get())
        else { return nil }
        if PlistParser.isBinaryPropertyList(entitlementsBytes) {
            Self.withhold(moves, "\(entitlements) is a binary property list", verbose: verbose, host: host)
            return nil
        }
        if let infoText = EncodedText(infoBytes), let entitlementsText = EncodedText(entitlementsBytes) {
            for diagnostic in moves {
                let (text, other) =
                    diagnostic.file == infoPlist ? (infoText, entitlementsText) : (entitlementsText, infoText)
                if let reason = FixResolution.moveRefusal(diagnostic.fix!, in: text, destination: other), verbose {
                    FixRun.noteNoFix(diagnostic, reason, host: host)
                }
            }
        }
        return (infoBytes, entitlementsBytes)
    }

    /// Proposes (`--diff`) or writes both files of a move together; whether they were written.
    /// `gone`: the reported findings the move fixed, counted once written (a failed write fixed nothing).
    private mutating func write(
        _ outcome: PairFixer.Outcome, infoPlist: String, entitlements: String,
        old: (infoPlist: [UInt8], entitlements: [UInt8]), gone: Int, host: some RunHost
    ) -> Bool {
        if self.showsDiff {
            self.fixed += gone
            self.propose(infoPlist, old: old.infoPlist, new: outcome.infoPlist)
            self.propose(entitlements, old: old.entitlements, new: outcome.entitlements)
            return false
        }
        do throws(RunFailure) {
            try host.write([
                (outcome.infoPlist, infoPlist, mode(of: infoPlist)),
                (outcome.entitlements, entitlements, mode(of: entitlements)),
            ])
        } catch {
            self.failures.append(error.message)
            return false
        }
        self.fixed += gone
        self.wrote(infoPlist, outcome.infoPlist)
        self.wrote(entitlements, outcome.entitlements)
        return true
    }

    /// The entitlements file linted on its own (when it is an input) reports what it holds now.
    private func relintMoved(
        _ entitlements: String, _ text: [UInt8], of file: InputFile, _ inputs: [InputFile],
        _ outcomes: inout [Result<FileLintResult, ReadFailure>], files: FileLinter, table: EntitlementsTable
    ) {
        for (other, input) in inputs.enumerated()
        where input.path != file.path && fileSystem.canonical(input.path) == fileSystem.canonical(entitlements) {
            guard case .success(var own) = outcomes[other], let after = files.relinted(input, text, table: table)
            else { continue }
            own.diagnostics = after
            outcomes[other] = .success(own)
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
