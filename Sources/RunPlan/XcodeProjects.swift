import LintEngine
import XcodeProject

/// Finding the Xcode projects a path names and reading them, through the plan's file system:
/// `App.xcodeproj`, `App.xcworkspace` (the projects it lists), or a directory holding them.
package struct XcodeProjects: Sendable {
    static let bundleSuffixes = [".xcodeproj", ".xcode", ".pbproj"]
    /// Folders neither a lint walk nor the search for projects enters. `__MACOSX` is what the
    /// Finder's Compress leaves in an archive: AppleDouble copies of the other folders
    /// (`__MACOSX/Payload/App.app`), never an app or a plist.
    package static let skippedDirectories: Set<String> = [
        ".git", ".build", "DerivedData", "Pods", "Carthage", "node_modules", "__MACOSX",
    ]

    let fileSystem: any PlanFileSystem
    /// The run's lock: what a project or workspace names is read through it. Nil reads as the
    /// file system does (a caller that has no run, such as `eplint lsp`'s pairing of folders).
    let reads: RepositoryReads?

    package init(fileSystem: any PlanFileSystem, reads: RepositoryReads? = nil) {
        self.fileSystem = fileSystem
        self.reads = reads
    }

    /// The largest project file, workspace or xcconfig file read (a large pbxproj is a few MiB).
    static let projectFileLimit = 64 << 20

    static func isProjectBundle(_ path: String) -> Bool {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return bundleSuffixes.contains { trimmed.hasSuffix($0) }
    }

    static func isWorkspace(_ path: String) -> Bool {
        (path.hasSuffix("/") ? String(path.dropLast()) : path).hasSuffix(".xcworkspace")
    }

    /// Byte order of the names' UTF-8: every machine sees the same order.
    static func precedesInByteOrder(_ first: String, _ second: String) -> Bool {
        first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// The absolute bundle paths `path` stands for; nil when it names no project.
    package func bundles(for path: String) -> [String]? {
        let full = fileSystem.canonical(path)
        if Self.isProjectBundle(full) { return [full] }
        // A workspace may list projects that are generated, not committed (CocoaPods' Pods.xcodeproj):
        // those that are not there are left out, as Xcode shows them missing and builds the rest.
        if Self.isWorkspace(full) { return Workspace.projects(of: full, readFile: readText)?.filter(isListedProject) }
        guard fileSystem.status(of: full)?.kind == .directory else { return nil }
        var found: [String] = []
        walk(full, into: &found)
        return found.isEmpty ? nil : found
    }

    /// The project bundles directly inside the nearest folder above `file` that holds any,
    /// looking no higher than `root` (a file outside `root` gets none). `known` remembers the
    /// answer for each folder already looked at: pre-commit may name thousands of files in one.
    func enclosingBundles(of file: String, within root: String, known: inout [String: [String]]) -> [String] {
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
            bundles = (fileSystem.entries(of: directory) ?? []).filter(Self.isProjectBundle)
                .sorted(by: Self.precedesInByteOrder)
                .map { (directory == "/" ? "" : directory) + "/" + $0 }.filter(hasProjectFile)
            if !bundles.isEmpty || directory == root || directory == "/" { break }
            directory = PathArithmetic.normalized(directory + "/..")
        }
        for folder in looked { known[folder] = bundles }
        return bundles
    }

    /// Projects under a directory, outside the folders a lint walk skips; bundles are not
    /// entered. Depth first in byte order, with a stack of folders being read instead of
    /// recursion, whatever the depth of the tree.
    private func walk(_ root: String, into found: inout [String]) {
        var stack: [(prefix: String, names: [String], next: Int)] = [folder(root)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].names.count else {
                stack.removeLast()
                continue
            }
            let name = stack[top].names[stack[top].next]
            stack[top].next += 1
            let path = stack[top].prefix + "/" + name
            if Self.isProjectBundle(name) {
                if hasProjectFile(path), !found.contains(path) { found.append(path) }
                continue
            }
            if Self.isWorkspace(name) {
                // A workspace brings its projects, even from folders a walk skips (Pods).
                for project in Workspace.projects(of: path, readFile: readText) ?? []
                where !found.contains(project) && isListedProject(project) {
                    found.append(project)
                }
                continue
            }
            if name.hasPrefix(".") || Self.skippedDirectories.contains(name) { continue }
            stack.append(folder(path))
        }
    }

    /// A folder's subfolders in byte order (only folders matter: a folder of 10,000 plists has none).
    private func folder(_ directory: String) -> (prefix: String, names: [String], next: Int) {
        (
            directory == "/" ? "" : directory,
            (fileSystem.subdirectories(of: directory) ?? []).sorted(by: Self.precedesInByteOrder), 0
        )
    }

    /// Whether a bundle found in a folder holds a project (asked before the lock knows the
    /// project's folder as a root: that a file is there is all it tells).
    func hasProjectFile(_ bundle: String) -> Bool {
        fileSystem.isRegularFile(followingLinkFiles(bundle + "/project.pbxproj"))
    }

    /// A project a workspace lists: one the lock follows (a workspace of the repository may
    /// name any path), left out as missing otherwise.
    func isListedProject(_ bundle: String) -> Bool { isRegularFile(bundle + "/project.pbxproj") }

    func isRegularFile(_ path: String) -> Bool {
        let followed = followingLinkFiles(path)
        guard let reads else { return fileSystem.isRegularFile(followed) }
        return (try? reads.locate(followed).get()) != nil
    }

    func read(_ bundle: String) throws(PlanFailure) -> XcodeProjectFile {
        do throws(XcodeProjectFile.ReadError) {
            return try XcodeProjectFile(bundlePath: bundle) { path in
                let followed = followingLinkFiles(path)
                guard let reads else { return try? fileSystem.contents(of: followed, limit: .max).get() }
                if case .read(let bytes, _) = reads.read(followed, limit: Self.projectFileLimit) { return bytes }
                return nil
            }
        } catch {
            throw PlanFailure(message: "\(fileSystem.shown(bundle)): \(error.message)")
        }
    }

    func resolver(conditions: [String: String] = [:]) -> ProjectResolver {
        var resolver = ProjectResolver(
            readFile: readXCConfigText, fileExists: isRegularFile, shown: { fileSystem.shown($0) },
            extraBindings: conditions)
        if let reads { resolver.whyNotRead = { reads.refusal(of: $0) } }
        return resolver
    }

    /// A project file's text; links stored as plain files are followed (see below).
    func readText(_ path: String) -> String? {
        let followed = followingLinkFiles(path)
        guard let reads else { return fileSystem.text(followed) }
        return reads.text(followed, limit: Self.projectFileLimit)
    }

    /// An xcconfig file's text, counted against the run's budget for them.
    func readXCConfigText(_ path: String) -> String? {
        let followed = followingLinkFiles(path)
        guard let reads else { return fileSystem.text(followed) }
        let text = reads.text(followed, limit: reads.allowance(.xcconfig), budget: .xcconfig)
        if text == nil, followed != path, let why = reads.refusal(of: followed) { reads.noteRefusal(why, of: path) }
        return text
    }

    /// A git checkout without symbolic-link support (`core.symlinks = false`, some archives
    /// and copies) writes a link as a small file holding its target: a path that goes
    /// *through* such a file (`xcconfigs/Adium.xcconfig` with `xcconfigs` a file holding
    /// `Frameworks/AIUtilities/xcconfigs/`) is followed as the link would be. A path whose
    /// folders all exist is returned unchanged.
    func followingLinkFiles(_ path: String) -> String {
        var components = path.split(separator: "/").map(String.init)
        var index = 0
        var followed = 0
        while index < components.count - 1 {
            let prefix = "/" + components[...index].joined(separator: "/")
            guard let status = fileSystem.status(of: prefix) else { return path }
            if status.kind == .regular {
                guard followed < 8, status.size < 1024, let target = fileSystem.text(prefix),
                    !target.isEmpty, !target.contains("\n"), !target.contains("\0")
                else { return path }
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
