import LintEngine

extension RunPlanner {
    /// The roots a run starts with (docs/untrusted-input.md): the repository holding the working
    /// directory (the nearest folder with `.git` at or above it; the working directory alone
    /// counts for nothing, so `cd / && eplint path/Info.plist` gives `/` no power), and for each
    /// path the command line names the repository holding it, else its folder (a folder named is
    /// its own), the caller's folders (`readRoots`) and, under `--xcode-environment`, the build's
    /// `SRCROOT` and `PROJECT_DIR`. The configuration's folder and each project's are added
    /// as they come into use.
    static func initialRoots(options: PlanOptions, fileSystem: any PlanFileSystem, environment: [String: String])
        -> [String]
    {
        var roots: [String] = []
        if let repository = repository(holding: fileSystem.workingDirectory, in: fileSystem) {
            roots.append(repository)
        }
        // The language server clears `pathsAreIncludeRoots` for a document outside every
        // workspace folder: the user never gave its folder.
        let named = options.pathsAreIncludeRoots ? options.paths.filter { $0 != "-" } : []
        let typed = named + options.projects + options.xcconfig
        for path in typed {
            let absolute = fileSystem.absoluteAsGiven(path)
            // A project or workspace bundle stands for the folder it is in.
            let isFolder =
                fileSystem.status(of: absolute)?.kind == .directory && !XcodeProjects.isProjectBundle(path)
                && !XcodeProjects.isWorkspace(path)
            let folder = isFolder ? absolute : folder(of: absolute)
            roots.append(repository(holding: folder, in: fileSystem) ?? folder)
        }
        roots += options.readRoots.map(fileSystem.absoluteAsGiven)
        if options.xcodeEnvironment {
            roots += ["SRCROOT", "PROJECT_DIR"].compactMap { environment[$0] }.filter { !$0.isEmpty }
                .map(fileSystem.absoluteAsGiven)
        }
        return roots
    }

    /// The nearest folder at or above `folder` (absolute) holding `.git` (a folder, or the file
    /// a worktree has), nil when there is none.
    static func repository(holding folder: String, in fileSystem: any PlanFileSystem) -> String? {
        var directory = PathArithmetic.normalized(folder)
        while true {
            if fileSystem.status(of: (directory == "/" ? "" : directory) + "/.git") != nil { return directory }
            if directory == "/" { return nil }
            directory = Self.folder(of: directory)
        }
    }
}
