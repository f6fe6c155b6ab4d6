import EplintBase
import LintEngine
import PlistSyntax
import RunPlan

extension EntitlementsPairer {
    /// The entitlements file of `infoPlist`, as parsed before linting (`table`); one the table
    /// lacks is read here. `notes` (`--verbose`) gets which file was chosen and why.
    func pairing(for infoPlist: String, linter: Linter, table: EntitlementsTable, notes: NoteBuffer?)
        -> EntitlementsPairing
    {
        Self.pairing(choice(for: infoPlist), of: infoPlist, linter: linter, table: table, notes: notes)
    }

    /// What a choice the plan made pairs `infoPlist` with (standard input's is made with the plan).
    static func pairing(
        _ choice: Choice, of infoPlist: String, linter: Linter, table: EntitlementsTable, notes: NoteBuffer?
    ) -> EntitlementsPairing {
        if let notes, let note = choice.note(for: infoPlist) { notes.add(note) }
        guard case .file(let path, _) = choice else { return .none }
        if let pairing = table.pairing(for: path) { return pairing }
        switch RegularFile.read(
            path, { source throws(ReadFailure) in try linter.readEntitlements(&source, path: path) })
        {
        case .success(let pairing):
            return pairing
        case .failure(let failure):
            return .unreadable(reason: "cannot read entitlements file '\(path)': \(failure.reason)")
        }
    }
}
