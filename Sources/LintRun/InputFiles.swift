import LintEngine
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
    /// Where files are looked for and listed: the run host's.
    let fileSystem: any PlanFileSystem

    /// What a directory walk picks up: plists and entitlements (`FileKind`'s), or JSON for the
    /// server-side commands.
    var suffixes = FileKind.walkedSuffixes
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
        let status = fileSystem.status(of: path)
        guard status != nil || unsaved[path] != nil else {
            failures.append("cannot read \(path.quotedForMessage): \(String(cString: strerror(errno)))")
            return
        }
        let isDirectory = status?.kind == .directory
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

    /// Keeps the first of the files that are one file (see `PlanFileSystem.identity(of:)`).
    mutating func removeRepeatedFiles() {
        var seen = Set<String>()
        let fileSystem = fileSystem
        files.removeAll { file in !file.isStandardInput && !seen.insert(fileSystem.identity(of: file.path)).inserted }
    }
    private var lintsPlists: Bool { suffixes == FileKind.walkedSuffixes }

    private mutating func walk(_ directory: String) {
        guard
            let listing = fileSystem.listing(of: directory)?.sorted(by: { Self.precedesInByteOrder($0.name, $1.name) })
        else {
            failures.append("cannot read directory \(directory.quotedForMessage): \(String(cString: strerror(errno)))")
            return
        }
        for entry in listing {
            let path = directory.hasSuffix("/") ? directory + entry.name : directory + "/" + entry.name
            switch fileSystem.kind(of: entry, at: path) {
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
