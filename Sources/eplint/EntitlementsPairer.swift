import LintEngine
import PlistSyntax
import RunPlan

extension EntitlementsPairer {
    /// The entitlements file of `infoPlist`, as parsed before linting (`table`); one the table
    /// lacks is read here. `verbose` says which file was chosen and why.
    func pairing(for infoPlist: String, linter: Linter, table: EntitlementsTable, verbose: Bool) -> EntitlementsPairing {
        let path: String
        switch choice(for: infoPlist) {
        case .file(let file, let reason):
            if verbose { writeStandardError("eplint: \(infoPlist) pairs with \(file) (\(reason))\n") }
            path = file
        case .ambiguous(let count):
            if verbose {
                writeStandardError("eplint: \(infoPlist) is not paired: \(count) *.entitlements files in its folder; name one with --entitlements or entitlements: in .eplint.yml\n")
            }
            return .none
        case .none:
            return .none
        }
        if let pairing = table.pairing(for: path) { return pairing }
        switch RegularFile.read(path, { source throws(ReadFailure) in try linter.readEntitlements(&source, path: path) }) {
        case .success(let pairing):
            return pairing
        case .failure(let failure):
            return .unreadable(reason: "cannot read entitlements file '\(path)': \(failure.reason)")
        }
    }
}
