import LintEngine

/// Chooses the entitlements file of an Info.plist (docs/usage.md, "The app around the Info.plist"):
/// `--entitlements FILE`, then the config's `entitlements:` map, then the only `*.entitlements`
/// file in its folder. Not changed once made, so files can be paired in parallel.
package struct EntitlementsPairer: Sendable {
    /// What an Info.plist pairs with.
    package enum Choice: Sendable, Hashable {
        /// The file as it should be shown, and why it is the one.
        case file(String, reason: String)
        /// Several `*.entitlements` files in its folder: none is guessed.
        case ambiguous(count: Int)
        case none
    }

    package let explicit: String?
    /// Info.plist path (canonical, absolute) → entitlements path as it should be shown.
    package let mapped: [String: String]
    /// Why `explicit` is the file: `--entitlements`, or the target whose `CODE_SIGN_ENTITLEMENTS` names it.
    package let explicitReason: String
    /// `mapped`, found by file identity too (`App/info.plist` for `App/Info.plist` on APFS).
    private let mappedFiles: FileKeyedTable<String>
    /// Whether the only `*.entitlements` file in the folder is taken; off for an Info.plist
    /// an Xcode target covers (the target says which file it signs with).
    package let guessesFromFolder: Bool
    /// The `*.entitlements` files of each folder of the files to lint, each folder read once
    /// before linting (a folder of 10,000 Info.plists was read for each of them).
    private let entitlementsInFolder: [String: [String]]
    /// The run host's file system, which the pairer looks through.
    package let fileSystem: any PlanFileSystem

    /// `infoPlists`: the files that will be linted, whose folders are looked in.
    package init(
        explicit: String?, mapped: [String: String], fileSystem: any PlanFileSystem,
        explicitReason: String = "--entitlements",
        guessesFromFolder: Bool = true, infoPlists: [String] = []
    ) {
        self.explicit = explicit
        self.mapped = mapped
        self.explicitReason = explicitReason
        self.guessesFromFolder = guessesFromFolder
        self.fileSystem = fileSystem
        mappedFiles = FileKeyedTable(mapped, fileSystem: fileSystem) { first, _ in first }
        var folders: [String: [String]] = [:]
        if explicit == nil && guessesFromFolder {
            for folder in infoPlists.map(Self.folder(of:)) where folders[folder] == nil {
                folders[folder] = Self.entitlementsFiles(beside: folder, in: fileSystem)
            }
        }
        entitlementsInFolder = folders
    }

    /// The Info.plist's path up to its last `/` ("" for a bare name): its folder as written.
    private static func folder(of infoPlist: String) -> String {
        infoPlist.lastIndex(of: "/").map { String(infoPlist[...$0]) } ?? ""
    }

    /// The regular `*.entitlements` files in the folder `prefix` names, written as `prefix` + name.
    private static func entitlementsFiles(beside prefix: String, in fileSystem: any PlanFileSystem) -> [String] {
        (fileSystem.entries(of: prefix.isEmpty ? "." : String(prefix.dropLast())) ?? [])
            .filter { FileKind(path: $0) == .entitlements && !AppleDouble.isSidecar($0) }
            .map { prefix + $0 }
            .filter(fileSystem.isRegularFile)
    }

    /// Every file an Info.plist among the inputs can pair with (a folder's only `*.entitlements`
    /// file, the configuration's, `--entitlements`): the files to read before linting, found
    /// without asking for each input.
    package var candidates: [String] {
        if let explicit { return [explicit] }
        return mapped.values.sorted()
            + entitlementsInFolder.keys.sorted().compactMap { folder in
                let found = entitlementsInFolder[folder]!
                return found.count == 1 ? found[0] : nil
            }
    }

    /// What `infoPlist` pairs with, and why.
    package func choice(for infoPlist: String) -> Choice {
        if let explicit { return .file(explicit, reason: explicitReason) }
        if let mapped = mappedFiles[infoPlist] {
            return .file(mapped, reason: "entitlements: in the configuration")
        }
        guard guessesFromFolder else { return .none }
        let folder = Self.folder(of: infoPlist)
        let found = entitlementsInFolder[folder] ?? Self.entitlementsFiles(beside: folder, in: fileSystem)
        switch found.count {
        case 1: return .file(found[0], reason: "the only *.entitlements file in its folder")
        case 0: return .none
        default: return .ambiguous(count: found.count)
        }
    }

    /// The entitlements file `infoPlist` pairs with, as shown; nil when none.
    package func entitlementsPath(for infoPlist: String) -> String? {
        guard case .file(let path, _) = choice(for: infoPlist) else { return nil }
        return path
    }
}

extension EntitlementsPairer.Choice {
    /// Why no file is chosen when several are beside the Info.plist.
    static func ambiguity(_ count: Int) -> String {
        "\(count) *.entitlements files in its folder; name one with --entitlements or entitlements: in .eplint.yml"
    }

    /// What `--verbose` says of the choice for `infoPlist`, nil when there is nothing to say.
    package func note(for infoPlist: String) -> String? {
        switch self {
        case .file(let file, let reason): "eplint: \(infoPlist) pairs with \(file) (\(reason))\n"
        case .ambiguous(let count): "eplint: \(infoPlist) is not paired: \(Self.ambiguity(count))\n"
        case .none: nil
        }
    }
}
