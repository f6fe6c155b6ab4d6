import EplintBase
import LintEngine
import RunPlan

/// Every entitlements file a run pairs with, read and parsed once before the files are linted
/// in parallel: the pairers look their files up here instead of reading them for each
/// Info.plist (four Info.plists beside one entitlements file read it five times). A file that is
/// also linted on its own is linted from the same bytes. Not changed once made.
struct EntitlementsTable: Sendable {
    /// Absolute path → the file's bytes, or why it could not be read.
    private let contents: [String: Result<[UInt8], ReadFailure>]
    /// Path as paired (shown in diagnostics) → what the linter made of it.
    private let pairings: [String: EntitlementsPairing]
    /// The files' names: only a path ending in one can be among them, so most inputs are never
    /// made absolute to be looked up (that cost a tenth of a 10,000-file run).
    private let names: Set<Substring>
    /// Where the files are read and matched: the run host's file system.
    private let fileSystem: any PlanFileSystem

    private init(
        contents: [String: Result<[UInt8], ReadFailure>], pairings: [String: EntitlementsPairing],
        fileSystem: any PlanFileSystem
    ) {
        self.contents = contents
        self.pairings = pairings
        self.fileSystem = fileSystem
        names = Set(contents.keys.map(Self.name))
    }

    private static func name(_ path: String) -> Substring { path.split(separator: "/").last ?? Substring(path) }

    /// Reads the files named (as they will be paired), each once, on every core; a file an
    /// editor has open is its unsaved text (`unsaved`, by path as given, else `unsavedByFile`, by the
    /// file's identity in `fileSystem`: open under another spelling).
    init(
        pairedPaths: [String], linter: Linter, unsaved: [String: [UInt8]] = [:], unsavedByFile: [String: [UInt8]] = [:],
        fileSystem: any PlanFileSystem
    ) {
        var unique: [String] = []
        var seen = Set<String>()
        for path in pairedPaths where seen.insert(path).inserted { unique.append(path) }
        var byFile: [String: [String]] = [:]
        var files: [String] = []
        for path in unique {
            let file = fileSystem.canonical(path)
            if byFile[file] == nil { files.append(file) }
            byFile[file, default: []].append(path)
        }
        // Looked up by each file's spellings, never by walking `unsaved`: an editor may have
        // thousands open, and a lint must not cost more for each.
        let spellings = byFile
        // An editor's document under another spelling of the file (another case where names
        // ignore case) is found by the file's identity: one look-up per file, never a walk.
        var others: [String: [UInt8]] = [:]
        if !unsavedByFile.isEmpty {
            for file in files { others[file] = unsavedByFile[fileSystem.identity(of: file)] }
        }
        let found = others
        let read = Parallel.map(files) { file -> Result<[UInt8], ReadFailure> in
            let text = unsaved[file] ?? spellings[file]!.lazy.compactMap { unsaved[$0] }.first ?? found[file]
            return text.map { .success($0) } ?? fileSystem.contents(of: file, limit: .max)
        }
        var contents: [String: Result<[UInt8], ReadFailure>] = [:]
        for (file, bytes) in zip(files, read) { contents[file] = bytes }
        let shown = files.flatMap { byFile[$0]! }
        let parsed = Parallel.map(shown) { path -> EntitlementsPairing in
            switch contents[fileSystem.canonical(path)]! {
            case .success(let bytes):
                var source = BytesSource(bytes)
                do throws(ReadFailure) { return try linter.readEntitlements(&source, path: path) } catch {
                    return .unreadable(reason: "cannot read entitlements file '\(path)': \(error.reason)")
                }
            case .failure(let failure):
                return .unreadable(reason: "cannot read entitlements file '\(path)': \(failure.reason)")
            }
        }
        self.init(
            contents: contents, pairings: Dictionary(uniqueKeysWithValues: zip(shown, parsed)), fileSystem: fileSystem)
    }

    /// The table with the file at `path` holding `bytes` (a move's new text), parsed as before.
    func replacing(_ path: String, with bytes: [UInt8], linter: Linter) -> EntitlementsTable {
        let file = fileSystem.canonical(path)
        var contents = contents
        var pairings = pairings
        contents[file] = .success(bytes)
        for shown in pairings.keys where fileSystem.canonical(shown) == file {
            var source = BytesSource(bytes)
            pairings[shown] = (try? linter.readEntitlements(&source, path: shown)) ?? EntitlementsPairing.none
        }
        return EntitlementsTable(contents: contents, pairings: pairings, fileSystem: fileSystem)
    }

    /// The pairing of `path` as read before linting, nil when it was not among the files named.
    func pairing(for path: String) -> EntitlementsPairing? { pairings[path] }

    /// The bytes of a file read for pairing, so that linting it on its own does not open it again.
    func bytes(of path: String) -> [UInt8]? {
        guard names.contains(Self.name(path)) else { return nil }
        return try? contents[fileSystem.canonical(path)]?.get()
    }
}
