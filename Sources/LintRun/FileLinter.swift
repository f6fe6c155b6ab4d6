import EplintBase
import LintEngine
import RunPlan

/// How one input is linted, the same for the first lint, `--fix`'s re-lints and its moves: in
/// the contexts the plan gave it (an Xcode target's), else with the entitlements it pairs with.
struct FileLinter {
    let linter: Linter
    let pairer: EntitlementsPairer
    let table: EntitlementsTable
    let xcode: XcodeLintPlan
    let verbose: Bool
    let unsavedTexts: [String: [UInt8]]
    let standardInput: [UInt8]?
    /// Whether a file's text is kept for excerpts and fixes.
    let keepsText: Bool
    /// The plan's contexts with their linters, built once (`ContextLinter.table(of:)`).
    let contextLinters: ContextLinter.Table

    typealias Linted = (result: Result<FileLintResult, ReadFailure>, text: [UInt8]?)

    /// The contexts of a file, whatever its spelling (case, NFD, `./`): nil for one no target builds.
    func contexts(of file: InputFile) -> [TargetLintContext]? {
        file.isStandardInput ? nil : xcode.contexts(of: file.path)
    }

    /// The linters of a file's contexts (`contexts(of:)`).
    private func linters(of file: InputFile) -> [ContextLinter]? {
        contexts(of: file).map {
            ContextLinter.linters(
                of: $0, in: contextLinters, fileSystem: pairer.fileSystem, declaresRegions: linter.declaresRegions)
        }
    }

    /// The entitlements files an Info.plist among the inputs pairs with.
    func entitlementsPaired(with file: InputFile) -> [String] {
        contexts(of: file).map { $0.compactMap(\.entitlements) } ?? pairer.entitlementsPath(for: file.path).map { [$0] }
            ?? []
    }

    /// What a file pairs with, decided before it is linted: standard input as the plan chose
    /// (`eplint context -` prints it), a file as the pairer does.
    private func paired(_ file: InputFile, table: EntitlementsTable) -> Paired {
        if file.isStandardInput, let choice = xcode.standardInputPairing {
            return EntitlementsPairer.paired(
                choice, of: file.path, linter: linter, table: table, fileSystem: pairer.fileSystem)
        }
        return pairer.paired(for: file.path, linter: linter, table: table)
    }

    /// Lints an input as it was given: standard input's bytes, an unsaved text, or the file.
    func lint(_ file: InputFile, notes: NoteBuffer) -> Linted {
        let unsaved = file.isStandardInput ? nil : unsavedTexts[file.path]
        if let contexts = linters(of: file) {
            return TargetContexts.lint(
                file, in: contexts, table: table, notes: verbose ? notes : nil, unsaved: unsaved,
                fileSystem: pairer.fileSystem)
        }
        let paired = paired(file, table: table)
        let notes = verbose ? notes : nil
        guard let bytes = file.isStandardInput ? standardInput : unsaved ?? table.bytes(of: file.path) else {
            return lintReading(file, paired: paired, notes: notes)
        }
        var source = BytesSource(bytes)
        return (
            Result { () throws(ReadFailure) in try paired.lint(&source, path: file.path, linter: linter, notes: notes)
            },
            bytes
        )
    }

    /// Lints a text of one file as it was linted (its contexts, or its pairing; `table` in place
    /// of the run's when a move changed an entitlements file); nil when it does not parse.
    func relinted(_ file: InputFile, _ bytes: [UInt8], table: EntitlementsTable? = nil) -> [Diagnostic]? {
        let table = table ?? self.table
        let linted: FileLintResult?
        if let contexts = linters(of: file) {
            linted = try? TargetContexts.lint(
                bytes, path: file.path, in: contexts, table: table, notes: nil, fileSystem: pairer.fileSystem
            ).get()
        } else {
            var source = BytesSource(bytes)
            linted = try? paired(file, table: table).lint(&source, path: file.path, linter: linter, notes: nil)
        }
        return linted.flatMap { FileFixer.parsed($0.diagnostics) }
    }

    /// Lints a file as it is read, or — when its text is wanted for excerpts and it is not
    /// larger than excerpts are made for — from its text read whole, which is returned too.
    private func lintReading(_ file: InputFile, paired: Paired, notes: NoteBuffer?) -> Linted {
        var text: [UInt8]?
        let result = pairer.fileSystem.read(file.path) { source throws(ReadFailure) in
            guard keepsText, let size = source.expectedByteCount, size <= SourceExcerpts.maximumSize else {
                return try paired.lint(&source, path: file.path, linter: linter, notes: notes)
            }
            let bytes = try source.readWhole(limit: SourceExcerpts.maximumSize).get()
            text = bytes
            var whole = BytesSource(bytes)
            return try paired.lint(&whole, path: file.path, linter: linter, notes: notes)
        }
        return (
            result.mapError { ReadFailure(reason: "cannot read \(file.path.quotedForMessage): \($0.reason)") }, text
        )
    }
}
