import EplintBase
import LintEngine
import PlistSyntax
import RunPlan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--fix`, `--unsafe-fixes` and `--diff`: what they did to the files of a run.
package struct FixRun {
    package var applicability: FixApplicability
    /// `--diff`: show, change nothing.
    package var showsDiff: Bool
    /// Reported findings gone (a finding a rename revealed and a later round fixed is not counted).
    package var fixed = 0
    package var failures: [String] = []
    /// `--diff`: each file that would change, in the order first changed, as it is and would be.
    private(set) var proposed: [(path: String, old: [UInt8], new: [UInt8])] = []
    package var diff: [UInt8] { proposed.flatMap { UnifiedDiff.render(path: $0.path, old: $0.old, new: $0.new) } }
    /// `--diff`: the text a file would have (a language server's "fix all"), nil when unchanged.
    package func proposedText(of path: String) -> [UInt8]? { proposed.first { $0.path == path }?.new }
    /// Standard input's document, fixed (or as it was), for standard output.
    package var fixedStandardInput: [UInt8]?
    /// Reported findings gone from standard input's document: counted in `fixed` only once the
    /// document is written (by the executable).
    package var standardInputFixed = 0
    /// The text of each file (standard input's name included) as written: excerpts and fixes are shown in it.
    private(set) var fixedTexts: [String: [UInt8]] = [:]
    /// What was written or proposed, by absolute path: the same file may be spelt two ways (a
    /// walk's `./App/App.entitlements`, a target's `App/App.entitlements`).
    private var current: [String: [UInt8]] = [:]
    /// Where the files fixed are read and matched: the run host's.
    let fileSystem: any PlanFileSystem

    init(applicability: FixApplicability, showsDiff: Bool, fileSystem: any PlanFileSystem) {
        self.applicability = applicability
        self.showsDiff = showsDiff
        self.fileSystem = fileSystem
    }

    /// What a list of findings reports, as the run's configuration and baseline decide.
    typealias Reporting = ([Diagnostic]) -> [Bool]
    /// Lints a text of one file (with its contexts and pairing); nil when it does not parse.
    typealias Relint = ([UInt8]) -> [Diagnostic]?

    /// Fixes one linted file; its result becomes that of the fixed text when it is written.
    mutating func fix(
        _ file: InputFile, _ result: inout FileLintResult, original: [UInt8], verbose: Bool,
        isReported: Reporting, relint: Relint, host: some RunHost
    ) {
        let own = result.diagnostics.filter { $0.file == file.path }
        if file.isStandardInput && !showsDiff {
            fixedStandardInput = original
            fixedTexts[file.path] = original
        }
        if result.preprocessed {
            if verbose && !own.isEmpty {
                host.note(
                    "eplint: no fix in \(file.path): it goes through the C preprocessor, so its findings are in a text that is not the file's\n"
                )
            }
            return
        }
        // Why a reported finding's fix is withheld is said without --verbose too, as a refused
        // fix's is (noteRefused): it is why the finding remains after --fix.
        for (diagnostic, shown) in zip(own, isReported(own)) where shown {
            guard let reason = diagnostic.fix?.withheldBecause else { continue }
            Self.noteNoFix(diagnostic, reason, host: host)
        }
        guard own.contains(where: { $0.fix?.proposesEdits ?? false }) else { return }
        if !file.isStandardInput && !showsDiff && isSymbolicLink(file.path) {
            if verbose { host.note("eplint: not fixed: \(file.path) is a symbolic link\n") }
            return
        }
        // Linted again from the bytes that are fixed: the file may have changed since (or be named twice).
        guard let findings = relint(original) else { return }
        let outcome = FileFixer.fix(
            original, file: file.path, findings: findings, allowing: applicability,
            isReported: isReported, relint: relint)
        Self.noteRefused(outcome.refusals, host: host)
        guard outcome.changed else { return }
        let gone = isReported(findings).filter { $0 }.count - isReported(outcome.findings).filter { $0 }.count
        if showsDiff {
            fixed += gone
            propose(file.path, old: original, new: outcome.bytes)
            return
        }
        if file.isStandardInput {
            fixedStandardInput = outcome.bytes
            fixedTexts[file.path] = outcome.bytes
            standardInputFixed = gone
        } else {
            do throws(RunFailure) {
                try host.write([(outcome.bytes, file.path, mode(of: file.path))])
            } catch {
                failures.append(error.message)
                return
            }
            // Counted once written: a failed write fixed nothing.
            fixed += gone
            wrote(file.path, outcome.bytes)
        }
        result.diagnostics = outcome.findings
    }

    /// Records a file's new text for `--diff`; a file changed again (by a move) keeps its first old text.
    mutating func propose(_ path: String, old: [UInt8], new: [UInt8]) {
        if let index = proposed.firstIndex(where: { $0.path == path }) {
            proposed[index].new = new
        } else {
            proposed.append((path, old, new))
        }
        current[fileSystem.canonical(path)] = new
    }

    /// Records a file's text as written.
    mutating func wrote(_ path: String, _ bytes: [UInt8]) {
        fixedTexts[path] = bytes
        current[fileSystem.canonical(path)] = bytes
    }

    /// A file's text as this run left it (written, or proposed by `--diff`); nil when unchanged.
    func currentText(_ path: String) -> [UInt8]? { current[fileSystem.canonical(path)] }

    /// `--verbose`'s line for a reported finding that gets no fix, and why.
    static func noteNoFix(_ diagnostic: Diagnostic, _ reason: String, host: some RunHost) {
        let start = diagnostic.range.start
        host.note(
            "eplint: no fix for \(diagnostic.file):\(start.line):\(start.column) [\(diagnostic.rule)]: \(reason)\n")
    }

    /// After a run without `--unsafe-fixes`: how many of the findings that remain an unsafe fix
    /// would fix, as ruff says it; nil when none would.
    package func hiddenFixes(remaining: [Diagnostic]) -> String? {
        guard applicability == .safe else { return nil }
        let count = remaining.filter { $0.fix.map { $0.applicability == .unsafe && $0.proposesEdits } ?? false }.count
        guard count > 0 else { return nil }
        return "\(count) hidden fix\(count == 1 ? "" : "es") can be enabled with the `--unsafe-fixes` option."
    }

    /// A fix left out, and why: said without `--verbose` too, as it is why a finding remains
    /// after `--fix`; the file's other fixes are applied and the run goes on (no failure).
    static func noteRefused(_ refusals: [FixSelection.Refusal], host: some RunHost) {
        for refusal in refusals {
            let start = refusal.finding.range.start
            host.note(
                "eplint: not fixed: \(refusal.finding.file):\(start.line):\(start.column) [\(refusal.finding.rule)]: \(refusal.reason)\n"
            )
        }
    }

    func isSymbolicLink(_ path: String) -> Bool { fileSystem.linkTarget(of: path) != nil }

    /// A fixed file keeps its permissions.
    func mode(of path: String) -> mode_t { mode_t(fileSystem.status(of: path)?.permissions ?? 0o644) }
}

/// The fixes of reported findings resolved against their files' text, for JSON and SARIF.
enum ReportedFixes {
    /// `text`: the text each file was linted from (after --fix, as written), never read again.
    static func resolve(_ diagnostics: inout [Diagnostic], text: (String) -> [UInt8]?) {
        var texts: [String: EncodedText?] = [:]
        for index in diagnostics.indices {
            guard let fix = diagnostics[index].fix else { continue }
            let file = diagnostics[index].file
            if texts[file] == nil {
                texts[file] = text(file).flatMap(EncodedText.init)
            }
            let destination = fix.destination.flatMap { path -> EncodedText? in
                if texts[path] == nil { texts[path] = text(path).flatMap(EncodedText.init) }
                return texts[path] ?? nil
            }
            diagnostics[index].fix = (texts[file] ?? nil).flatMap {
                FixResolution.resolve(fix, in: $0, destination: destination)
            }
        }
    }
}

extension FixRun {
    /// Fixes each linted file whose reported findings have fixes, in place of its result.
    mutating func applyFixes(
        _ inputs: [InputFile], _ outcomes: inout [Result<FileLintResult, ReadFailure>], files: FileLinter,
        policy: FindingsPolicy, verbose: Bool, standardInput: (path: String, bytes: [UInt8])?, host: some RunHost
    ) {
        let isReported: FixRun.Reporting = policy.reported
        for (index, file) in inputs.enumerated() {
            guard case .success(var result) = outcomes[index], !result.isBinaryPropertyList else { continue }
            let original: [UInt8]
            if file.isStandardInput {
                original = standardInput?.bytes ?? []
            } else if result.diagnostics.contains(where: { $0.fix != nil && $0.file == file.path })
                || result.preprocessed
            {
                // An editor's unsaved text is what is fixed, as it is what was linted.
                let read =
                    files.unsavedTexts[file.path].map { .success($0) }
                    ?? fileSystem.contents(of: file.path, limit: .max)
                guard case .success(let bytes) = read else { continue }
                original = bytes
            } else {
                continue
            }
            fix(
                file, &result, original: original, verbose: verbose, isReported: isReported,
                relint: { files.relinted(file, $0) }, host: host)
            outcomes[index] = .success(result)
        }
        applyMoves(inputs, &outcomes, files: files, verbose: verbose, isReported: isReported, host: host)
    }
}
