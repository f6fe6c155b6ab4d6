import LintEngine

/// Paths as the formats that consumers match against a repository's files want them
/// (GitLab's `location.path`, Checkstyle's, JUnit's and Markdown's file names): relative to
/// `--srcroot` with no `./`, whatever spelling the command line gave (`eplint .`,
/// `eplint BrokenApp`), as SARIF's `%SRCROOT%` URIs. A file outside the root keeps its
/// absolute path.
extension RunReport {
    /// The file's canonical absolute path and, when it is under `sourceRoot`, its path there.
    func rootRelative(_ file: String) -> (absolute: String, relative: String?) {
        let absolute =
            canonicalPaths[file]
            ?? PathArithmetic.normalized(file.hasPrefix("/") ? file : workingDirectory + "/" + file)
        let root = PathArithmetic.normalized(sourceRoot)
        let prefix = root == "/" ? "/" : root + "/"
        guard absolute.hasPrefix(prefix) else { return (absolute, nil) }
        return (absolute, String(absolute.dropFirst(prefix.count)))
    }

    /// The file relative to the root, else absolute.
    func repositoryPath(_ file: String) -> String {
        let located = rootRelative(file)
        return located.relative ?? located.absolute
    }

    /// This report with every file it names as `repositoryPath` gives it.
    var withRepositoryPaths: RunReport {
        var cache: [String: String] = [:]
        func path(_ file: String) -> String {
            if let known = cache[file] { return known }
            let made = repositoryPath(file)
            cache[file] = made
            return made
        }
        var report = self
        for index in report.diagnostics.indices {
            report.diagnostics[index].file = path(report.diagnostics[index].file)
            for related in report.diagnostics[index].related.indices {
                report.diagnostics[index].related[related].file = path(report.diagnostics[index].related[related].file)
            }
        }
        report.lintedFiles = report.lintedFiles.map(path)
        for index in report.declaredRegions.indices {
            report.declaredRegions[index].file = path(report.declaredRegions[index].file)
            report.declaredRegions[index].entitlements = report.declaredRegions[index].entitlements.map(path)
        }
        report.canonicalPaths = [:]
        return report
    }
}
