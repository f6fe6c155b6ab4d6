import EplintBase
import LintEngine
import RunPlan

/// A file system held in memory: the files of a test, by path relative to `/work`, the
/// working directory. Folders are those the files are in.
package struct MemoryFileSystem: PlanFileSystem {
    package var workingDirectory = "/work"
    /// Spellings of the files, absolute, as the test gave them.
    private let spellings: [String]
    /// The files by `key` of their path.
    private let files: [String: [UInt8]]
    /// Paths (relative to `/work`) that cannot be opened, as a Run Script phase under Xcode's
    /// user-script sandboxing cannot open a file it did not declare (EPERM).
    private let denied: Set<String>
    /// Names compared ignoring case, as APFS does by default: every spelling of a path is one
    /// file, with one identity.
    private let foldsCase: Bool
    /// Symbolic links: absolute path → what the link holds, as written (the lock resolves them).
    private let links: [String: String]
    /// Folders that are links to others (both relative to `/work`): `/var` → `/private/var` on
    /// macOS, or a workspace opened through a link. `canonical` resolves them in every folder of
    /// a path, as the host's does, and the identity of a path in every component.
    private let folderLinks: [String: String]
    /// Every path `contents(of:)` was asked for, in order, when given.
    package var log: ReadLog?

    package init(
        _ files: [String: String], denied: Set<String> = [], foldsCase: Bool = false, links: [String: String] = [:],
        folderLinks: [String: String] = [:]
    ) {
        self.foldsCase = foldsCase
        self.links = Dictionary(uniqueKeysWithValues: links.map { ("/work/" + $0.key, $0.value) })
        self.folderLinks = Dictionary(
            uniqueKeysWithValues: folderLinks.map {
                (Self.key("/work/" + $0.key, foldsCase: foldsCase), "/work/" + $0.value)
            })
        spellings = files.keys.map { "/work/" + $0 }
        var absolute: [String: [UInt8]] = [:]
        for (path, text) in files {
            absolute[Self.key("/work/" + path, foldsCase: foldsCase)] = Array(text.utf8)
        }
        self.files = absolute
        self.denied = Set(denied.map { Self.key("/work/" + $0, foldsCase: foldsCase) })
    }

    private static func key(_ absolute: String, foldsCase: Bool) -> String {
        foldsCase ? absolute.lowercased() : absolute
    }

    private func key(_ path: String) -> String { Self.key(resolved(canonical(path)), foldsCase: foldsCase) }

    /// `absolute` with every link among its components (the last one too when `last`) replaced
    /// by its target; a bounded number of replacements, as the kernel bounds a path's links.
    private func resolved(_ absolute: String, last: Bool = true) -> String {
        guard !folderLinks.isEmpty else { return absolute }
        var path = absolute
        for _ in 0..<40 {
            let parts = path.split(separator: "/").map(String.init)
            var prefix = ""
            var replaced = false
            for (index, part) in parts.enumerated() where last || index < parts.count - 1 {
                prefix += "/" + part
                if let target = folderLinks[Self.key(prefix, foldsCase: foldsCase)] {
                    path = target + parts[(index + 1)...].map { "/" + $0 }.joined()
                    replaced = true
                    break
                }
            }
            if !replaced { return path }
        }
        return path
    }

    package func contents(of path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        log?.add(canonical(path))
        let full = key(path)
        if denied.contains(full) { return .failure(ReadFailure(reason: "Operation not permitted", cause: .denied)) }
        guard let bytes = files[full] else {
            return .failure(
                isDirectory(full)
                    ? ReadFailure(reason: "not a regular file")
                    : ReadFailure(reason: "No such file or directory", cause: .absent))
        }
        return bytes.count > limit ? .failure(ReadFailure(reason: "larger than \(limit) bytes")) : .success(bytes)
    }

    package func entries(of directory: String) -> [String]? {
        let folder = key(directory)
        guard isDirectory(folder) else { return nil }
        let prefix = folder == "/" ? "/" : folder + "/"
        var names = Set<String>()
        for path in spellings where Self.key(path, foldsCase: foldsCase).hasPrefix(prefix) {
            names.insert(String(path.dropFirst(prefix.count).split(separator: "/")[0]))
        }
        return Array(names)
    }

    package func subdirectories(of directory: String) -> [String]? {
        let folder = canonical(directory)
        return entries(of: folder)?.filter { isDirectory(key((folder == "/" ? "" : folder) + "/" + $0)) }
    }

    package func status(of path: String) -> PlanFileStatus? {
        let full = key(path)
        if let bytes = files[full] { return PlanFileStatus(kind: .regular, size: bytes.count) }
        return isDirectory(full) ? PlanFileStatus(kind: .directory, size: 0) : nil
    }

    package func canonical(_ path: String) -> String {
        resolved(PathArithmetic.normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path), last: false)
    }

    package func identity(of path: String) -> String { key(path) }

    package func ignoresCase(in folder: String) -> Bool { foldsCase }

    /// A link file's target as written, or a folder link's (absolute): both are links the
    /// system follows, so the lock resolves them as it resolves the host's.
    package func linkTarget(of path: String) -> String? {
        let lexical = canonical(path)
        return links[lexical] ?? folderLinks[Self.key(lexical, foldsCase: foldsCase)]
    }

    /// Whether `path` (a key) is a folder some file is in.
    private func isDirectory(_ path: String) -> Bool {
        path == "/" || files.keys.contains { $0.hasPrefix(path + "/") }
    }
}

/// The paths a `MemoryFileSystem` was asked to read (a class: the file system is a value).
package final class ReadLog: @unchecked Sendable {
    package private(set) var paths: [String] = []

    package init() {}

    package func add(_ path: String) { paths.append(path) }
}
