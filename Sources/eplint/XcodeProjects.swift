import LintEngine
import XcodeProject
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding the Xcode projects a path names and resolving their targets once, before linting:
/// `App.xcodeproj`, `App.xcworkspace` (the projects it lists), or a directory holding them.
enum XcodeProjects {
    static let bundleSuffixes = [".xcodeproj", ".xcode", ".pbproj"]

    static func isProjectBundle(_ path: String) -> Bool {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return bundleSuffixes.contains { trimmed.hasSuffix($0) }
    }

    static func isWorkspace(_ path: String) -> Bool {
        (path.hasSuffix("/") ? String(path.dropLast()) : path).hasSuffix(".xcworkspace")
    }

    /// The absolute bundle paths `path` stands for; nil when it names no project.
    static func bundles(for path: String) -> [String]? {
        let full = absolute(path)
        if isProjectBundle(full) { return [full] }
        // A workspace may list projects that are generated, not committed (CocoaPods' Pods.xcodeproj):
        // those that are not there are left out, as Xcode shows them missing and builds the rest.
        if isWorkspace(full) { return Workspace.projects(of: full, readFile: readText)?.filter(hasProjectFile) }
        var info = stat()
        guard stat(full, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        var found: [String] = []
        walk(full, into: &found)
        return found.isEmpty ? nil : found
    }

    /// The project bundles directly inside the nearest folder above `file` that holds any,
    /// looking no higher than `root` (a file outside `root` gets none). `known` remembers the
    /// answer for each folder already looked at: pre-commit may name thousands of files in one.
    static func enclosingBundles(of file: String, within root: String, known: inout [String: [String]]) -> [String] {
        guard file.hasPrefix(root == "/" ? "/" : root + "/") else { return [] }
        var directory = PathArithmetic.normalized(file + "/..")
        var looked: [String] = []
        var bundles: [String] = []
        while true {
            if let answer = known[directory] {
                bundles = answer
                break
            }
            looked.append(directory)
            bundles = (InputCollector.entries(of: directory, sorted: false) ?? []).filter(isProjectBundle)
                .sorted(by: InputCollector.precedesInByteOrder)
                .map { (directory == "/" ? "" : directory) + "/" + $0 }.filter(hasProjectFile)
            if !bundles.isEmpty || directory == root || directory == "/" { break }
            directory = PathArithmetic.normalized(directory + "/..")
        }
        for folder in looked { known[folder] = bundles }
        return bundles
    }

    /// Projects under a directory, outside the folders a lint walk skips; bundles are not entered.
    private static func walk(_ directory: String, into found: inout [String]) {
        // Only folders matter: they alone are put in order (a folder of 10,000 plists has none).
        let prefix = directory == "/" ? "" : directory
        let folders = (InputCollector.listing(of: directory, sorted: false) ?? [])
            .filter { $0.kind(at: prefix + "/" + $0.name) == .directory }.map(\.name)
            .sorted(by: InputCollector.precedesInByteOrder)
        for name in folders {
            let path = prefix + "/" + name
            if isProjectBundle(name) {
                if hasProjectFile(path), !found.contains(path) { found.append(path) }
                continue
            }
            if name.hasSuffix(".xcworkspace") {
                // A workspace brings its projects, even from folders a walk skips (Pods).
                for project in Workspace.projects(of: path, readFile: readText) ?? [] where !found.contains(project) && hasProjectFile(project) {
                    found.append(project)
                }
                continue
            }
            if name.hasPrefix(".") || InputCollector.skippedDirectories.contains(name) { continue }
            walk(path, into: &found)
        }
    }

    static func hasProjectFile(_ bundle: String) -> Bool { isRegularFile(bundle + "/project.pbxproj") }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(followingLinkFiles(path), &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    static func read(_ bundle: String) throws(RunFailure) -> XcodeProjectFile {
        do throws(XcodeProjectFile.ReadError) {
            return try XcodeProjectFile(bundlePath: bundle) { try? RegularFile.contents(followingLinkFiles($0)).get() }
        } catch {
            throw RunFailure(message: "\(PathArithmetic.relative(bundle, to: currentDirectory())): \(error.message)")
        }
    }

    static func resolver(conditions: [String: String] = [:]) -> ProjectResolver {
        ProjectResolver(readFile: readText, fileExists: isRegularFile, shown: { PathArithmetic.relative($0, to: currentDirectory()) }, extraBindings: conditions)
    }
}

extension XcodeProjects {
    /// A project file's text; links stored as plain files are followed (see below).
    static func readText(_ path: String) -> String? {
        ProjectConfiguration.readText(followingLinkFiles(path))
    }

    /// A git checkout without symbolic-link support (`core.symlinks = false`, some archives
    /// and copies) writes a link as a small file holding its target: a path that goes
    /// *through* such a file (`xcconfigs/Adium.xcconfig` with `xcconfigs` a file holding
    /// `Frameworks/AIUtilities/xcconfigs/`) is followed as the link would be. A path whose
    /// folders all exist is returned unchanged.
    static func followingLinkFiles(_ path: String) -> String {
        var components = path.split(separator: "/").map(String.init)
        var index = 0
        var followed = 0
        while index < components.count - 1 {
            let prefix = "/" + components[...index].joined(separator: "/")
            var info = stat()
            guard stat(prefix, &info) == 0 else { return path }
            if info.st_mode & S_IFMT == S_IFREG {
                guard followed < 8, info.st_size < 1024, let target = ProjectConfiguration.readText(prefix),
                      !target.isEmpty, !target.contains("\n"), !target.contains("\0") else { return path }
                followed += 1
                let parent = components[..<index].joined(separator: "/")
                let resolved = PathArithmetic.normalized(target.hasPrefix("/") ? target : "/" + parent + "/" + target)
                components = resolved.split(separator: "/").map(String.init) + components[(index + 1)...]
                index = 0
                continue
            }
            index += 1
        }
        return "/" + components.joined(separator: "/")
    }
}
