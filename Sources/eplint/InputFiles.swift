#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file to lint, and how it was found.
struct InputFile {
    /// The path as the user gave it, or as the directory walk built it from theirs.
    var path: String
    var isStandardInput = false
    /// Found by walking a directory (binary plists are then skipped, not reported).
    var foundByWalk = false
}

/// Files as given; directories searched for `*.plist` and `*.entitlements`.
struct InputCollector {
    static let skippedDirectories: Set<String> = [".git", ".build", "DerivedData", "Pods", "Carthage", "node_modules"]

    /// What a directory walk picks up: plists and entitlements, or JSON for the server-side commands.
    var suffixes = [".plist", ".entitlements"]
    var files: [InputFile] = []
    var failures: [String] = []
    var skipped: [String] = []

    mutating func add(_ path: String, standardInputName: String?) {
        if path == "-" {
            files.append(InputFile(path: standardInputName ?? "<stdin>", isStandardInput: true))
            return
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            failures.append("cannot read \(path.quotedForMessage): \(String(cString: strerror(errno)))")
            return
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            walk(path)
        } else {
            files.append(InputFile(path: path))
        }
    }

    private mutating func walk(_ directory: String) {
        guard let names = Self.entries(of: directory) else {
            failures.append("cannot read directory \(directory.quotedForMessage): \(String(cString: strerror(errno)))")
            return
        }
        for name in names {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if name.hasPrefix(".") || Self.skippedDirectories.contains(name) { skipped.append(path + "/ (skipped directory)"); continue }
                walk(path)
            case S_IFREG:
                if suffixes.contains(where: name.hasSuffix) { files.append(InputFile(path: path, foundByWalk: true)) }
            case S_IFLNK:
                // Links are not followed in a walk: a crafted tree must not make eplint read elsewhere.
                if suffixes.contains(where: name.hasSuffix) { skipped.append(path + " (symbolic link)") }
            default:
                break
            }
        }
    }

    /// The names in a directory (without `.` and `..`), in byte order unless `sorted` is
    /// false, so that every machine sees the same order; nil when it cannot be read
    /// (`errno` says why).
    static func entries(of directory: String, sorted: Bool = true) -> [String]? {
        guard let handle = opendir(directory.isEmpty ? "/" : directory) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return sorted ? names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } : names
    }
}
