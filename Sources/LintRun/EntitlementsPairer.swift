import EplintBase
import LintEngine
import RunPlan

/// An Info.plist's paired entitlements, decided before it is linted, and what `--verbose` says
/// of the choice (said only when the linter used it: the file is an Info.plist or has StoreKit keys).
struct Paired {
    var pairing: EntitlementsPairing
    /// The choice it came from: its note is worded only when said.
    var choice: EntitlementsPairer.Choice

    /// Lints `source` with this pairing; the note goes to `notes` when the pairing was used.
    func lint(_ source: inout some ByteSource, path: String, linter: Linter, notes: NoteBuffer?)
        throws(ReadFailure) -> FileLintResult
    {
        let result = try linter.lint(&source, path: path, pairing: pairing)
        say(of: result, path: path, notes: notes)
        return result
    }

    /// What `--verbose` says of the choice, when `result` (this pairing's, or one made with the
    /// same choice) used it.
    func say(of result: FileLintResult, path: String, notes: NoteBuffer?) {
        if result.usedPairing, let notes, let note = choice.note(for: path) { notes.add(note) }
    }
}

extension EntitlementsPairer {
    /// The entitlements file of `infoPlist`, as parsed before linting (`table`); one the table
    /// lacks is read here.
    func paired(for infoPlist: String, linter: Linter, table: EntitlementsTable) -> Paired {
        Self.paired(choice(for: infoPlist), of: infoPlist, linter: linter, table: table, fileSystem: fileSystem)
    }

    /// What a choice the plan made pairs `infoPlist` with (standard input's is made with the plan).
    static func paired(
        _ choice: Choice, of infoPlist: String, linter: Linter, table: EntitlementsTable, fileSystem: any PlanFileSystem
    ) -> Paired {
        guard case .file(let path, _) = choice else { return Paired(pairing: .none, choice: choice) }
        if let pairing = table.pairing(for: path) { return Paired(pairing: pairing, choice: choice) }
        switch fileSystem.read(path, { source throws(ReadFailure) in try linter.readEntitlements(&source, path: path) })
        {
        case .success(let pairing):
            return Paired(pairing: pairing, choice: choice)
        case .failure(let failure):
            return Paired(
                pairing: .unreadable(reason: "cannot read entitlements file '\(path)': \(failure.reason)"),
                choice: choice)
        }
    }
}
