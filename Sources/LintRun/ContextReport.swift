import EplintBase
import LintEngine
import Preprocessor
import RunPlan
import XcodeProject

/// `eplint context PATH`: what eplint resolved for each project, target and configuration,
/// and where each value came from: how a user checks why eplint paired what it paired. It
/// takes lint's options that shape a run and `.eplint.yml`, and shows the contexts lint
/// would lint each Info.plist in, made by the same code (`RunPlanner.xcodeLintPlan`).
package enum ContextReport {
    package enum Format: String, CaseIterable, Sendable { case text, json }

    /// The report of the plan `options` make (its paths are the projects to show).
    package static func render(_ options: LintOptions, as format: Format, host: some RunHost) throws(RunFailure)
        -> String
    {
        let planner = options.planner(host)
        let here = host.fileSystem.workingDirectory
        let (projects, withoutProject) = try planned { () throws(PlanFailure) in try planner.resolvedProjects() }
        // What lint would lint each Info.plist with: the same configuration and plan code.
        let configurationFile = try ProjectConfiguration.load(explicit: options.config, verbose: false, host: host)
        let base = try planned { () throws(PlanFailure) in try planner.runConfiguration(configurationFile) }
        let plan = try planned { () throws(PlanFailure) in
            try planner.xcodeLintPlan(base, configurationFile: configurationFile)
        }
        // The Info.plists no target builds, found as lint finds them, each in the run's one
        // context (other plists pair only when they hold StoreKit keys, which is not planned).
        var quiet = options
        quiet.plan.verbose = false
        let collected = LintRun.inputs(of: plan, options: quiet, project: configurationFile, host: host)
        if let failure = collected.failures.first { throw RunFailure(message: failure) }
        let inputs = collected.files.filter {
            !$0.isStandardInput && FileKind(path: $0.path) == .infoPlist && plan.contexts(of: $0.path) == nil
        }
        let pairer = LintRun.pairer(
            of: inputs, options: options, mapped: planner.configuredEntitlements(configurationFile), host: host)
        let plain = inputs.map { file in
            (
                Self.shown(host.fileSystem.canonical(file.path), from: here),
                [planner.plainContext(file.path, label: "plain file", base, pairing: pairer.choice(for: file.path))]
            )
        }
        if projects.isEmpty && plain.isEmpty && plan.contexts.isEmpty && plan.standardInput == nil {
            let named = withoutProject.map(\.quotedForMessage).joined(separator: ", ")
            throw RunFailure(message: "no Xcode project and no Info.plist to lint in \(named)")
        }
        // Files as shown; standard input under the name it is reported as.
        let files =
            plan.contexts.keys.sorted().map { (Self.shown($0, from: here), plan.contexts[$0]!) } + plain
            + (plan.standardInput.map { [($0.infoPlist, [$0])] } ?? [])
        // The run's settings win over every target's (listed under each configuration's settings).
        let runSettings = base.buildSettings.definitions.sorted { $0.key < $1.key }
        switch format {
        case .json: return Self.json(projects, runSettings: runSettings, files: files, from: here).serialized()
        case .text: return Self.text(projects, from: here) + Self.text(runSettings, files)
        }
    }

    /// A path relative to the working directory (`here`).
    private static func shown(_ path: String, from here: String) -> String {
        let relative = PathArithmetic.relative(path, to: here)
        return relative.isEmpty ? "." : relative
    }

    /// A file that exists, as a path relative to the working directory; else null.
    private static func existing(_ file: ResolvedFile?, from here: String) -> JSONValue {
        guard let file, file.exists else { return .null }
        return .string(shown(file.path, from: here))
    }

    static func json(
        _ projects: [(XcodeProjectFile, [ResolvedTarget])],
        runSettings: [(key: String, value: BuildSettings.Definition)],
        files: [(String, [TargetLintContext])], from here: String
    ) -> JSONValue {
        .object([
            ("version", .integer(1)),
            (
                "projects",
                .array(
                    projects.map { project, targets in
                        .object([
                            ("path", .string(shown(project.bundlePath, from: here))),
                            ("sourceRoot", .string(shown(project.sourceRoot, from: here))),
                            (
                                "targets",
                                .array(
                                    targets.map { target in
                                        .object([
                                            ("name", .string(target.name)),
                                            (
                                                "configurations",
                                                .array(target.configurations.map { json($0, from: here) })
                                            ),
                                        ])
                                    })
                            ),
                            (
                                "otherTargets",
                                .array(
                                    project.otherTargets.map {
                                        .object([("name", .string($0.name)), ("isa", .string($0.isa))])
                                    })
                            ),
                        ])
                    })
            ),
            (
                "runSettings",
                .object(
                    runSettings.map { name, definition in
                        (name, .object([("value", .string(definition.value)), ("from", .string(definition.origin))]))
                    })
            ),
            (
                "files",
                .array(
                    files.map { path, contexts in
                        .object([("path", .string(path)), ("contexts", .array(contexts.map(json)))])
                    })
            ),
        ])
    }

    /// One context of a file, as lint uses it: what the rules are given.
    static func json(_ context: TargetLintContext) -> JSONValue {
        let configuration = context.configuration
        let preprocessing = configuration.preprocessing
        return .object([
            ("label", .string(context.label)),
            ("entitlements", context.entitlements.map(JSONValue.string) ?? .null),
            ("entitlementsReason", .string(context.entitlementsReason)),
            (
                "deploymentTargets",
                .array(
                    (configuration.deploymentTargets ?? []).map { target in
                        .object([
                            ("platform", .string(target.platform.rawValue)),
                            ("version", .string(target.version.description)),
                            ("source", .string(target.source)),
                        ])
                    })
            ),
            (
                "musicStreaming",
                configuration.musicStreaming.map {
                    .object([("qualifies", .bool($0.qualifies)), ("reason", .string($0.reason))])
                } ?? .null
            ),
            ("infoPlistPreprocessed", configuration.infoPlistPreprocessed.map(JSONValue.bool) ?? .null),
            (
                "preprocessing",
                .object([
                    ("mode", .string(preprocessing.mode.name)),
                    ("definitions", .array(preprocessing.definitions.map(JSONValue.string))),
                    ("flags", .array(preprocessing.flags.map(JSONValue.string))),
                    ("prefixHeaders", .array(preprocessing.prefixHeaders.map { .string($0.path) })),
                    ("platform", preprocessing.platform.map { .string($0.rawValue) } ?? .null),
                    (
                        "targetOSMacros",
                        .object([
                            ("predefined", .bool(preprocessing.predefinesPlatformMacros)),
                            ("reason", .string(preprocessing.platformMacrosReason)),
                        ])
                    ),
                ])
            ),
        ])
    }

    static func text(
        _ runSettings: [(key: String, value: BuildSettings.Definition)], _ files: [(String, [TargetLintContext])]
    ) -> String {
        var output = ""
        if !runSettings.isEmpty {
            output += "Settings of the run (over every target's):\n"
            for (name, definition) in runSettings {
                output += "  \(name) = \(definition.value)  (\(definition.origin))\n"
            }
        }
        guard !files.isEmpty else { return output }
        output += "What lint uses:\n"
        for (path, contexts) in files {
            output += "  \(path)\n"
            for context in contexts {
                let configuration = context.configuration
                output +=
                    "    \(context.label): entitlements \(context.entitlements ?? "(none)") (\(context.entitlementsReason))\n"
                for target in configuration.deploymentTargets ?? [] {
                    output += "      \(target.platform.rawValue) \(target.version) (\(target.source))\n"
                }
                if let musicStreaming = configuration.musicStreaming {
                    output += "      music streaming: \(musicStreaming.qualifies) (\(musicStreaming.reason))\n"
                }
                let preprocessing = configuration.preprocessing
                output +=
                    "      preprocessing: \(preprocessing.mode.name), definitions \(preprocessing.definitions), flags \(preprocessing.flags)"
                    + (preprocessing.prefixHeaders.isEmpty
                        ? "" : ", prefix headers \(preprocessing.prefixHeaders.map(\.path))")
                    + ", platform \(preprocessing.platform.map(\.rawValue) ?? "unknown (TARGET_OS_* undefined)")\n"
                output +=
                    "      TARGET_OS_* \(preprocessing.predefinesPlatformMacros ? "predefined" : "not predefined"): \(preprocessing.platformMacrosReason)\n"
            }
        }
        return output
    }

    private static func json(_ configuration: ResolvedConfiguration, from here: String) -> JSONValue {
        .object([
            ("name", .string(configuration.name)),
            ("sdk", .string(configuration.sdk)),
            ("infoPlist", existing(configuration.infoPlist, from: here)),
            ("generatesInfoPlist", .bool(configuration.generatesInfoPlist)),
            ("entitlements", existing(configuration.entitlements, from: here)),
            ("deploymentTargets", .object(configuration.deploymentTargets.map { ($0.setting, .string($0.value)) })),
            ("preprocess", .bool(configuration.preprocess)),
            ("preprocessorDefinitions", .array(configuration.preprocessorDefinitions.map(JSONValue.string))),
            ("prefixHeader", existing(configuration.prefixHeader, from: here)),
            ("preprocessorFlags", .array(configuration.preprocessorFlags.map(JSONValue.string))),
            (
                "builds",
                .array(
                    configuration.builds.map { build in
                        .object([
                            ("sdk", .string(build.sdk + (build.isMacCatalyst ? " (Mac Catalyst)" : ""))),
                            ("platforms", .array(build.targetPlatforms.map { .string($0.rawValue) })),
                            ("entitlements", existing(build.entitlements, from: here)),
                            (
                                "deploymentTarget",
                                build.deploymentTarget.map {
                                    .object([
                                        ("setting", .string($0.setting)), ("value", .string($0.value)),
                                        ("from", .string($0.from)),
                                    ])
                                } ?? .null
                            ),
                        ])
                    })
            ),
            (
                "settings",
                .object(
                    configuration.settings.filter { $0.from != nil }.map { setting in
                        (setting.name, .object([("value", .string(setting.value)), ("from", .string(setting.from!))]))
                    })
            ),
            ("notes", .array(configuration.notes.map(JSONValue.string))),
        ])
    }

    static func text(_ projects: [(XcodeProjectFile, [ResolvedTarget])], from here: String) -> String {
        var output = ""
        func file(_ label: String, _ file: ResolvedFile?) {
            guard let file else {
                output += "    \(label): (not set)\n"
                return
            }
            output += "    \(label): \(shown(file.path, from: here))\(file.exists ? "" : " (does not exist)")\n"
        }
        for (project, targets) in projects {
            output += "\(shown(project.bundlePath, from: here)) (SRCROOT \(shown(project.sourceRoot, from: here)))\n"
            for target in targets {
                for configuration in target.configurations {
                    output += "  \(target.name) [\(configuration.name)] \(configuration.sdk)\n"
                    file("Info.plist", configuration.infoPlist)
                    if configuration.generatesInfoPlist { output += "    GENERATE_INFOPLIST_FILE = YES\n" }
                    file("entitlements", configuration.entitlements)
                    for (setting, value) in configuration.deploymentTargets { output += "    \(setting) = \(value)\n" }
                    if configuration.preprocess {
                        output +=
                            "    preprocessed: definitions \(configuration.preprocessorDefinitions), flags \(configuration.preprocessorFlags)\n"
                        file("prefix header", configuration.prefixHeader)
                    }
                    for build in configuration.builds.dropFirst() {
                        output +=
                            "    also \(build.sdk)\(build.isMacCatalyst ? " (Mac Catalyst)" : ""): entitlements "
                            + "\(build.entitlements.map { shown($0.path, from: here) } ?? "(not set)")"
                            + (build.deploymentTarget.map { ", \($0.setting) = \($0.value)" } ?? "") + "\n"
                    }
                    for setting in configuration.settings where setting.from != nil && setting.from != "built-in" {
                        output += "      \(setting.name) = \(setting.value)  (\(setting.from!))\n"
                    }
                    for note in configuration.notes { output += "    note: \(note)\n" }
                }
            }
        }
        return output
    }
}

extension PreprocessingOptions.Mode {
    /// As `preprocess:` and `--preprocess` say it: auto (a file with a directive line), always, never.
    fileprivate var name: String {
        switch self {
        case .auto: "auto"
        case .always: "always"
        case .never: "never"
        }
    }
}
