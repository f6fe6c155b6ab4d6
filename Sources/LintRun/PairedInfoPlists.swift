import LintEngine
import RunPlan

extension LintRun {
    /// The Info.plists a run over `options.plan.paths` would lint against `entitlements`, through
    /// the run's own pairing: those an Xcode target signs with it, and the others (in its folder,
    /// or mapped to it by the configuration's `entitlements:`) that pair with it as a run pairs
    /// them. What a language server re-lints when an entitlements file changes.
    package static func infoPlists(pairedWith entitlements: String, _ options: LintOptions, host: some RunHost)
        throws(RunFailure) -> [String]
    {
        let planner = options.planner(host)
        let (project, configuration) = try Self.configuration(options, planner: planner, host: host)
        let xcode = try planned { () throws(PlanFailure) in
            try planner.xcodeLintPlan(configuration, configurationFile: project)
        }
        let fileSystem = host.fileSystem
        let target = fileSystem.identity(of: entitlements)
        func isTarget(_ path: String?) -> Bool { path.map { fileSystem.identity(of: $0) == target } ?? false }
        var found = xcode.contexts.keys.sorted().filter { xcode.contexts[$0]!.contains { isTarget($0.entitlements) } }
        let folder = PathArithmetic.normalized(fileSystem.canonical(entitlements) + "/..")
        let mapped = planner.configuredEntitlements(project)
        let beside = (fileSystem.entries(of: folder) ?? []).map { (folder == "/" ? "" : folder) + "/" + $0 }
        let plain = (beside + mapped.keys.sorted().filter { isTarget(mapped[$0]) })
            .filter { FileKind(path: $0) == .infoPlist && xcode.contexts(of: $0) == nil }
            .filter { project?.admits(fileSystem.canonical($0)) ?? true }
        let pairer = Self.pairer(of: plain.map { InputFile(path: $0) }, options: options, mapped: mapped, host: host)
        for file in plain where isTarget(pairer.entitlementsPath(for: file)) && !found.contains(file) {
            found.append(file)
        }
        return found
    }
}
