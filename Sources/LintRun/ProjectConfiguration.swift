import Configuration
import EplintBase
import LintEngine
import RunPlan

/// Finding and applying `.eplint.yml`, xcconfig files and baselines for one run.
enum ProjectConfiguration {
    /// `--config FILE`, else `.eplint.yml` in the working directory or the nearest parent
    /// (`PlanFileSystem.configurationFile`). `unsaved[explicit]`, an editor's text of the file
    /// named, stands in for it (`LintOptions.unsavedTexts`).
    static func load(
        explicit: String?, verbose: Bool, unsaved: [String: [UInt8]] = [:], host: some RunHost
    ) throws(RunFailure) -> ConfigurationFile? {
        let found: (path: String, text: String)?
        if let explicit, let text = unsaved[explicit] {
            found = (explicit, String(decoding: text, as: UTF8.self))
        } else {
            found = try planned { () throws(PlanFailure) in try host.fileSystem.configurationFile(explicit: explicit) }
        }
        guard let (path, text) = found else { return nil }
        if verbose { host.note("eplint: using configuration \(path)\n") }
        let absolutePath = host.fileSystem.canonical(path)
        let directory = PathArithmetic.normalized(absolutePath + "/..")
        do throws(ConfigurationError) {
            var file = try ConfigurationFile(text: text, path: path, directory: directory)
            file.namesIgnoreCase = host.fileSystem.ignoresCase(in: directory)
            return file
        } catch {
            throw RunFailure(message: error.message)
        }
    }

    /// `disable`, `ignore` and `severity` of the configuration: the findings kept, and those dropped with the entry that dropped them.
    static func apply(
        _ project: ConfigurationFile?, to diagnostics: [Diagnostic], fileSystem: any PlanFileSystem
    ) -> (
        kept: [Diagnostic], suppressed: [SuppressedFinding]
    ) {
        guard let project else { return (diagnostics, []) }
        var kept: [Diagnostic] = []
        var suppressed: [SuppressedFinding] = []
        var paths = AbsolutePaths(fileSystem: fileSystem)
        for diagnostic in diagnostics {
            if project.disable.contains(diagnostic.rule) {
                suppressed.append(
                    SuppressedFinding(diagnostic, kind: .configuration, reason: "disable: in \(project.path)"))
            } else if project.ignores(diagnostic, absolutePath: paths[diagnostic.file]) {
                suppressed.append(
                    SuppressedFinding(diagnostic, kind: .configuration, reason: "ignore: in \(project.path)"))
            } else {
                var adjusted = diagnostic
                if let severity = project.severity[diagnostic.rule] { adjusted.severity = severity }
                kept.append(adjusted)
            }
        }
        return (kept, suppressed)
    }

    static func baseline(of diagnostics: [Diagnostic], at path: String, fileSystem: any PlanFileSystem) -> Baseline {
        var baseline = Baseline()
        let directory = PathArithmetic.normalized(fileSystem.canonical(path) + "/..")
        var paths = AbsolutePaths(fileSystem: fileSystem)
        for diagnostic in diagnostics {
            baseline.counts[
                Baseline.entry(for: diagnostic, absolutePath: paths[diagnostic.file], baselineDirectory: directory),
                default: 0] += 1
        }
        return baseline
    }

    static func filter(
        _ diagnostics: [Diagnostic], through baseline: Baseline, at path: String, fileSystem: any PlanFileSystem
    )
        -> (new: [Diagnostic], accepted: [Diagnostic], gone: [Baseline.Entry])
    {
        let directory = PathArithmetic.normalized(fileSystem.canonical(path) + "/..")
        var paths = AbsolutePaths(fileSystem: fileSystem)
        return baseline.split(
            diagnostics.map {
                ($0, Baseline.entry(for: $0, absolutePath: paths[$0.file], baselineDirectory: directory))
            })
    }
}

/// Each file's canonical path once: a run's diagnostics name few files, many times each.
struct AbsolutePaths {
    let fileSystem: any PlanFileSystem
    private var known: [String: String] = [:]

    init(fileSystem: any PlanFileSystem) { self.fileSystem = fileSystem }

    subscript(file: String) -> String {
        mutating get {
            if let path = known[file] { return path }
            let path = fileSystem.canonical(file)
            known[file] = path
            return path
        }
    }
}
