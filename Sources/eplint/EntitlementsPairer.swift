import LintEngine
import PlistSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds and reads the entitlements file of an Info.plist (README, "The app around the Info.plist"): `--entitlements FILE`,
/// then the config's `entitlements:` map, then the only `*.entitlements` file in its folder.
/// Not changed once made, so files can be linted in parallel.
struct EntitlementsPairer: Sendable {
    let explicit: String?
    /// Info.plist path (normalised, absolute) → entitlements path as it should be shown.
    let mapped: [String: String]
    let verbose: Bool
    /// Why `explicit` is the file: `--entitlements`, or the target whose `CODE_SIGN_ENTITLEMENTS` names it.
    let explicitReason: String
    /// Whether the only `*.entitlements` file in the folder is taken; off for an Info.plist
    /// an Xcode target covers (the target says which file it signs with).
    let guessesFromFolder: Bool
    /// The `*.entitlements` files of each folder of the files to lint, each folder read once
    /// before linting (a folder of 10,000 Info.plists was read for each of them).
    private let entitlementsInFolder: [String: [String]]

    /// `infoPlists`: the files that will be linted, whose folders are looked in.
    init(explicit: String?, mapped: [String: String], verbose: Bool, explicitReason: String = "--entitlements",
         guessesFromFolder: Bool = true, infoPlists: [String] = []) {
        self.explicit = explicit
        self.mapped = mapped
        self.verbose = verbose
        self.explicitReason = explicitReason
        self.guessesFromFolder = guessesFromFolder
        var folders: [String: [String]] = [:]
        if explicit == nil && guessesFromFolder {
            for folder in infoPlists.map(Self.folder(of:)) where folders[folder] == nil {
                folders[folder] = Self.entitlementsFiles(beside: folder)
            }
        }
        entitlementsInFolder = folders
    }

    /// The Info.plist's path up to its last `/` ("" for a bare name): its folder as written.
    private static func folder(of infoPlist: String) -> String {
        infoPlist.lastIndex(of: "/").map { String(infoPlist[...$0]) } ?? ""
    }

    /// The regular `*.entitlements` files in the folder `prefix` names, written as `prefix` + name.
    private static func entitlementsFiles(beside prefix: String) -> [String] {
        var found: [String] = []
        for name in InputCollector.entries(of: prefix.isEmpty ? "." : String(prefix.dropLast()), sorted: false) ?? [] where name.hasSuffix(".entitlements") {
            let path = prefix + name
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { found.append(path) }
        }
        return found
    }

    /// The entitlements file of `infoPlist`, as parsed before linting (`table`); one the table
    /// lacks is read here.
    func pairing(for infoPlist: String, linter: Linter, table: EntitlementsTable) -> EntitlementsPairing {
        guard let (path, reason) = entitlementsFile(for: infoPlist) else { return .none }
        if verbose { writeStandardError("eplint: \(infoPlist) pairs with \(path) (\(reason))\n") }
        if let pairing = table.pairing(for: path) { return pairing }
        switch RegularFile.read(path, { source throws(ReadFailure) in try linter.readEntitlements(&source, path: path) }) {
        case .success(let pairing):
            return pairing
        case .failure(let failure):
            return .unreadable(reason: "cannot read entitlements file '\(path)': \(failure.reason)")
        }
    }

    /// Every file an Info.plist among the inputs can pair with (a folder's only `*.entitlements`
    /// file, the configuration's, `--entitlements`): the files to read before linting, found
    /// without asking for each input.
    var candidates: [String] {
        if let explicit { return [explicit] }
        return mapped.values.sorted() + entitlementsInFolder.keys.sorted().compactMap { folder in
            let found = entitlementsInFolder[folder]!
            return found.count == 1 ? found[0] : nil
        }
    }

    /// The entitlements file `infoPlist` pairs with, as shown; nil when none.
    func entitlementsPath(for infoPlist: String) -> String? { entitlementsFile(for: infoPlist, quietly: true)?.0 }

    private func entitlementsFile(for infoPlist: String, quietly: Bool = false) -> (String, String)? {
        if let explicit { return (explicit, explicitReason) }
        if !mapped.isEmpty, let mapped = mapped[absolute(infoPlist)] { return (mapped, "entitlements: in the configuration") }
        guard guessesFromFolder else { return nil }
        let folder = Self.folder(of: infoPlist)
        let found = entitlementsInFolder[folder] ?? Self.entitlementsFiles(beside: folder)
        guard found.count == 1 else {
            if verbose && !quietly && found.count > 1 {
                writeStandardError("eplint: \(infoPlist) is not paired: \(found.count) *.entitlements files in its folder; name one with --entitlements or entitlements: in .eplint.yml\n")
            }
            return nil
        }
        return (found[0], "the only *.entitlements file in its folder")
    }
}
