import LintEngine
import XcodeProject

/// What the Xcode projects of a run add to it: the contexts of the Info.plists their targets
/// name, and the files to lint because a project was named.
struct XcodeLintPlan {
    /// Info.plist (absolute) → its contexts.
    var contexts: [String: [TargetLintContext]] = [:]
    /// The arguments still to lint as files or directories.
    var paths: [String] = []
    /// Info.plists of named projects (as shown), linted even when no path names them.
    var namedFiles: [String] = []
}

extension LintCommand {
    /// Resolves every project once, before linting: named ones (`--project`, a path that is an
    /// `.xcodeproj` or `.xcworkspace`) lint all their targets' Info.plists; projects found in a
    /// directory give context to the files of that directory they name.
    func xcodeLintPlan(_ base: LintConfiguration) throws(RunFailure) -> XcodeLintPlan {
        var plan = XcodeLintPlan()
        var named: [String] = []
        var found: [String] = []
        for project in projects {
            guard let bundles = XcodeProjects.bundles(for: project), XcodeProjects.isProjectBundle(project) || XcodeProjects.isWorkspace(project) else {
                throw RunFailure(message: "--project \(project.quotedForMessage) is not an .xcodeproj or .xcworkspace")
            }
            named += bundles
        }
        for path in paths {
            if path != "-" && (XcodeProjects.isProjectBundle(path) || XcodeProjects.isWorkspace(path)) {
                guard let bundles = XcodeProjects.bundles(for: path) else { throw RunFailure(message: "cannot read Xcode project \(path.quotedForMessage)") }
                named += bundles
                continue
            }
            plan.paths.append(path)
            if path != "-", let bundles = XcodeProjects.bundles(for: path) { found += bundles }
        }
        var definitions: [String: BuildSettings.Definition] = [:]
        for definition in self.definitions {
            let parts = definition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            definitions[String(parts[0])] = BuildSettings.Definition(value: parts.count > 1 ? String(parts[1]) : "1", origin: "--define")
        }
        var conditions: [String: String] = [:]
        for condition in xcconfigCondition {
            let parts = condition.split(separator: "=", maxSplits: 1)
            conditions[String(parts[0])] = String(parts[1])
        }
        let resolver = XcodeProjects.resolver(conditions: conditions)
        var seen = Set<String>()
        for bundle in named + found where seen.insert(bundle).inserted {
            let project = try XcodeProjects.read(bundle)
            if verbose { writeStandardError("eplint: using Xcode project \(PathArithmetic.relative(bundle, to: currentDirectory()))\n") }
            let resolved = resolver.resolve(project, targets: targets.isEmpty ? nil : Set(targets),
                                            configurations: configurations.isEmpty ? nil : Set(configurations))
            for context in TargetContexts.make([(project, resolved)], base: base, commandLineDefinitions: definitions, verbose: verbose) {
                plan.contexts[context.infoPlist, default: []].append(context)
                let shown = PathArithmetic.relative(context.infoPlist, to: currentDirectory())
                if named.contains(bundle) && !plan.namedFiles.contains(shown) { plan.namedFiles.append(shown) }
            }
        }
        return plan
    }
}
