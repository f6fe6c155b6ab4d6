import LintEngine
import Reporters
import XcodeProject

/// `eplint context PATH`: what eplint resolved for each project, target and configuration,
/// and where each value came from: how a user checks why eplint paired what it paired.
struct ContextCommand {
    static let spec = CommandSpec.declared(
        name: "context", abstract: "Show the context eplint resolves from Xcode projects: Info.plist, entitlements, deployment targets, preprocessing.",
        by: ContextCommand.init)

    enum Format: String, CaseIterable { case text, json }

    var format: Format
    var targets: [String]
    var configurations: [String]
    var paths: [String]

    init(_ options: inout OptionReader) throws(UsageError) {
        format = try options.choice("format", "FORMAT", help: "text or json.", default: Format.text)
        targets = options.values("target", "NAME", help: "Only this target (repeatable).")
        configurations = options.values("configuration", "NAME", help: "Only this build configuration (repeatable).")
        let given = options.positionals("PATH", help: "An .xcodeproj, an .xcworkspace, or a directory holding projects (default: .).")
        paths = given.isEmpty ? ["."] : given
    }

    func run() throws(RunFailure) {
        let resolver = XcodeProjects.resolver()
        var projects: [(XcodeProjectFile, [ResolvedTarget])] = []
        var seen = Set<String>()
        for path in paths {
            guard let bundles = XcodeProjects.bundles(for: path) else { throw RunFailure(message: "no Xcode project in \(path.quotedForMessage)") }
            for bundle in bundles where seen.insert(bundle).inserted {
                let project = try XcodeProjects.read(bundle)
                projects.append((project, resolver.resolve(project, targets: targets.isEmpty ? nil : Set(targets),
                                                           configurations: configurations.isEmpty ? nil : Set(configurations))))
            }
        }
        switch format {
        case .json: writeStandardOutput(Self.json(projects).serialized())
        case .text: writeStandardOutput(Self.text(projects))
        }
    }

    private static func shown(_ path: String) -> String {
        let relative = PathArithmetic.relative(path, to: currentDirectory())
        return relative.isEmpty ? "." : relative
    }

    /// A file that exists, as a path relative to the working directory; else null.
    private static func existing(_ file: ResolvedFile?) -> JSONValue {
        guard let file, file.exists else { return .null }
        return .string(shown(file.path))
    }

    static func json(_ projects: [(XcodeProjectFile, [ResolvedTarget])]) -> JSONValue {
        .object([
            ("version", .integer(1)),
            ("projects", .array(projects.map { project, targets in
                .object([
                    ("path", .string(shown(project.bundlePath))),
                    ("sourceRoot", .string(shown(project.sourceRoot))),
                    ("targets", .array(targets.map { target in
                        .object([("name", .string(target.name)), ("configurations", .array(target.configurations.map(json)))])
                    })),
                    ("otherTargets", .array(project.otherTargets.map { .object([("name", .string($0.name)), ("isa", .string($0.isa))]) })),
                ])
            })),
        ])
    }

    private static func json(_ configuration: ResolvedConfiguration) -> JSONValue {
        .object([
            ("name", .string(configuration.name)),
            ("sdk", .string(configuration.sdk)),
            ("infoPlist", existing(configuration.infoPlist)),
            ("generatesInfoPlist", .bool(configuration.generatesInfoPlist)),
            ("entitlements", existing(configuration.entitlements)),
            ("deploymentTargets", .object(configuration.deploymentTargets.map { ($0.setting, .string($0.value)) })),
            ("preprocess", .bool(configuration.preprocess)),
            ("preprocessorDefinitions", .array(configuration.preprocessorDefinitions.map(JSONValue.string))),
            ("prefixHeader", existing(configuration.prefixHeader)),
            ("preprocessorFlags", .array(configuration.preprocessorFlags.map(JSONValue.string))),
            ("builds", .array(configuration.builds.map { build in
                .object([
                    ("sdk", .string(build.sdk + (build.isMacCatalyst ? " (Mac Catalyst)" : ""))),
                    ("entitlements", existing(build.entitlements)),
                    ("deploymentTarget", build.deploymentTarget.map { .object([("setting", .string($0.setting)), ("value", .string($0.value)),
                                                                                ("from", .string($0.from))]) } ?? .null),
                ])
            })),
            ("settings", .object(configuration.settings.filter { $0.from != nil }.map { setting in
                (setting.name, .object([("value", .string(setting.value)), ("from", .string(setting.from!))]))
            })),
            ("notes", .array(configuration.notes.map(JSONValue.string))),
        ])
    }

    static func text(_ projects: [(XcodeProjectFile, [ResolvedTarget])]) -> String {
        var output = ""
        func file(_ label: String, _ file: ResolvedFile?) {
            guard let file else { output += "    \(label): (not set)\n"; return }
            output += "    \(label): \(shown(file.path))\(file.exists ? "" : " (does not exist)")\n"
        }
        for (project, targets) in projects {
            output += "\(shown(project.bundlePath)) (SRCROOT \(shown(project.sourceRoot)))\n"
            for target in targets {
                for configuration in target.configurations {
                    output += "  \(target.name) [\(configuration.name)] \(configuration.sdk)\n"
                    file("Info.plist", configuration.infoPlist)
                    if configuration.generatesInfoPlist { output += "    GENERATE_INFOPLIST_FILE = YES\n" }
                    file("entitlements", configuration.entitlements)
                    for (setting, value) in configuration.deploymentTargets { output += "    \(setting) = \(value)\n" }
                    if configuration.preprocess {
                        output += "    preprocessed: definitions \(configuration.preprocessorDefinitions), flags \(configuration.preprocessorFlags)\n"
                        file("prefix header", configuration.prefixHeader)
                    }
                    for build in configuration.builds.dropFirst() {
                        output += "    also \(build.sdk)\(build.isMacCatalyst ? " (Mac Catalyst)" : ""): entitlements "
                            + "\(build.entitlements.map { shown($0.path) } ?? "(not set)")"
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
