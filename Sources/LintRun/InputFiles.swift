import RunPlan

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

    /// What a directory walk picks up: plists and entitlements, or JSON for the server-side commands.
    var suffixes = [".plist", ".entitlements"]
    var files: [InputFile] = []
    /// Built apps (`.ipa`, `.app`, `.xcarchive`): named, or found by a walk with `--artifacts`.
    var artifacts: [String] = []
    var walksIntoArtifacts = false
    /// Expo configurations (`app.json`, `app.config.json`), and whether a walk found each.
    var expoConfigs: [(path: String, foundByWalk: Bool)] = []
    var failures: [String] = []
    var skipped: [String] = []
    /// Files an editor has open (`LintOptions.unsavedTexts`): linted from their text even when
    /// not yet saved to disk.
    var unsaved: [String: [UInt8]] = [:]

    mutating func add(_ path: String, standardInputName: String?) {
        if path == "-" {
            files.append(InputFile(path: standardInputName ?? "<stdin>", isStandardInput: true))
            return
        }
        var info = stat()
        guard stat(path, &info) == 0 || unsaved[path] != nil else {
            failures.append("cannot read \(path.quotedForMessage): \(String(cString: strerror(errno)))")
            return
        }
        let isDirectory = info.st_mode & S_IFMT == S_IFDIR
        let name = ExpoConfig.fileName(path)
        if lintsPlists && BuiltAppLint.isArtifact(path) && isDirectory != path.hasSuffix(".ipa") {
            artifacts.append(path)
        } else if !isDirectory && lintsPlists && ExpoConfig.fileNames.contains(name) {
            expoConfigs.append((path, false))
        } else if !isDirectory && lintsPlists && ExpoConfig.isDynamic(name) {
            skipped.append(
                path
                    + " (a dynamic Expo configuration must be run to be read: eplint reads app.json and app.config.json)"
            )
        } else if isDirectory {
            walk(path)
        } else {
            files.append(InputFile(path: path))
        }
    }

    /// Keeps the first of the files that are one file (see `HostFileSystem.sameFileKey`).
    mutating func removeRepeatedFiles() {
        var seen = Set<String>()
        files.removeAll { file in !file.isStandardInput && !seen.insert(HostFileSystem.sameFileKey(file.path)).inserted
        }
    }
    private var lintsPlists: Bool { suffixes.contains(".plist") }

    private mutating func walk(_ directory: String) {
        guard let listing = Self.listing(of: directory) else {
            failures.append("cannot read directory \(directory.quotedForMessage): \(String(cString: strerror(errno)))")
            return
        }
        for entry in listing {
            let path = directory.hasSuffix("/") ? directory + entry.name : directory + "/" + entry.name
            switch entry.kind(at: path) {
            case .directory:
                if entry.name.hasPrefix(".") || XcodeProjects.skippedDirectories.contains(entry.name) {
                    skipped.append(path + "/ (skipped directory)")
                    continue
                }
                if lintsPlists && BuiltAppLint.isArtifact(entry.name) {
                    if walksIntoArtifacts {
                        artifacts.append(path)
                    } else {
                        skipped.append(path + "/ (a built app: name it or pass --artifacts)")
                    }
                    continue
                }
                walk(path)
            // Built apps and Expo configurations are the plist walk's (the server side's walk reads any JSON).
            case .file where lintsPlists && ExpoConfig.fileNames.contains(entry.name):
                expoConfigs.append((path, true))
            case .file where lintsPlists && ExpoConfig.isDynamic(entry.name):
                skipped.append(
                    path
                        + " (a dynamic Expo configuration must be run to be read: eplint reads app.json and app.config.json)"
                )
            case .file where lintsPlists && entry.name.hasSuffix(".ipa"):
                if walksIntoArtifacts {
                    artifacts.append(path)
                } else {
                    skipped.append(path + " (a built app: name it or pass --artifacts)")
                }
            case .file:
                guard suffixes.contains(where: entry.name.hasSuffix) else { break }
                // Named on the command line, an AppleDouble file is linted like any other.
                if AppleDouble.isSidecar(entry.name) {
                    skipped.append(path + " (an AppleDouble file: macOS metadata)")
                } else {
                    files.append(InputFile(path: path, foundByWalk: true))
                }
            case .link:
                // Links are not followed in a walk: a crafted tree must not make eplint read elsewhere.
                if suffixes.contains(where: entry.name.hasSuffix) { skipped.append(path + " (symbolic link)") }
            case .other, nil:
                break
            }
        }
    }

    /// The names in a directory (without `.` and `..`), in byte order unless `sorted` is
    /// false, so that every machine sees the same order; nil when it cannot be read
    /// (`errno` says why).
    static func entries(of directory: String, sorted: Bool = true) -> [String]? {
        listing(of: directory, sorted: sorted)?.map(\.name)
    }

    /// An entry of a directory, with its kind when the directory says it (most file systems
    /// do, which spares an lstat per entry: a folder of 10,000 plists was 10,000 calls).
    struct DirectoryEntry {
        enum Kind { case directory, file, link, other }
        var name: String
        var knownKind: Kind?

        /// The kind (not following a link), from the listing or else from lstat; nil if gone.
        func kind(at path: String) -> Kind? {
            if let knownKind { return knownKind }
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return .directory
            case S_IFREG: return .file
            case S_IFLNK: return .link
            default: return .other
            }
        }
    }

    /// `entries(of:sorted:)` with each entry's kind as the directory gives it.
    static func listing(of directory: String, sorted: Bool = true) -> [DirectoryEntry]? {
        guard let handle = opendir(directory.isEmpty ? "/" : directory) else { return nil }
        defer { closedir(handle) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(handle) {
            // Read through the pointer: a record is as long as its name (macOS's dirent
            // declares 1,024 bytes of name, Linux's 256), so copying `entry.pointee` reads
            // past a short record.
            let record = UnsafeRawPointer(entry)
            let name = String(cString: (record + nameOffset).assumingMemoryBound(to: CChar.self))
            guard name != "." && name != ".." else { continue }
            let kind: DirectoryEntry.Kind? =
                switch Int32(record.load(fromByteOffset: typeOffset, as: UInt8.self)) {
                case Int32(DT_DIR): .directory
                case Int32(DT_REG): .file
                case Int32(DT_LNK): .link
                case Int32(DT_UNKNOWN): nil
                default: .other
                }
            entries.append(DirectoryEntry(name: name, knownKind: kind))
        }
        return sorted ? entries.sorted { precedesInByteOrder($0.name, $1.name) } : entries
    }

    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    private static let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type)!

    /// Byte order of the names' UTF-8, by memcmp (the generic comparison of two UTF-8 views
    /// cost 5% of linting a folder of 2,000 small files, more for bigger folders).
    static func precedesInByteOrder(_ first: String, _ second: String) -> Bool {
        let compared = first.utf8.withContiguousStorageIfAvailable { a in
            second.utf8.withContiguousStorageIfAvailable { b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
        return (compared ?? nil) ?? first.utf8.lexicographicallyPrecedes(second.utf8)
    }
}
