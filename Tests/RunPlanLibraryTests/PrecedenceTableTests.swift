import Configuration
import RunPlan
import TestSupport
import Testing

/// The run plan's one precedence (README, "Where each setting comes from"), in process: for
/// every pair of sources of a setting, both given, the higher one decides what lint is given
/// for `App/Info.plist`, and each source alone decides it. The plan is made against a file
/// system in memory, so no process is spawned and nothing is written.
@Suite struct PrecedenceTableTests {
    /// What one source adds to a run, and the value it gives the setting when it decides it.
    struct Source: CustomTestStringConvertible, Sendable {
        var name: String
        var options: @Sendable (inout PlanOptions) -> Void = { _ in }
        var configuration: [String] = []
        var target: [String: String] = [:]
        var project: [String: String] = [:]
        var targetXcconfig: String?
        var projectXcconfig: String?
        var files: [String: String] = [:]
        /// The setting as this source decides it (`Decided.of` reads it from the plan).
        var value: String
        var testDescription: String { name }
    }

    struct Setting: CustomTestStringConvertible, Sendable {
        var name: String
        /// Highest first.
        var sources: [Source]
        /// The setting as the plan decided it for the Info.plist: one value per context.
        var decided: @Sendable (Decided) -> [String]
        /// An Info.plist no target names is paired without a project (the last entitlements source).
        var projectOnlyWithTargetSources = false
        var testDescription: String { name }
    }

    /// The plan of a run, seen from `App/Info.plist`.
    struct Decided {
        var contexts: [TargetLintContext]
        /// The file's entitlements when no target names it.
        var pairing: EntitlementsPairer.Choice

        static func buildSetting(_ name: String) -> @Sendable (Decided) -> [String] {
            { decided in decided.contexts.map { $0.configuration.buildSettings.definitions[name]?.value ?? "(none)" } }
        }
    }

    static let buildSettingSources: [Source] = [
        Source(name: "--define", options: { $0.definitions = ["STORE=flag"] }, value: "flag"),
        Source(name: "define:", configuration: ["define:", "  STORE: configuration"], value: "configuration"),
        Source(
            name: "--xcconfig", options: { $0.xcconfig = ["Flag.xcconfig"] },
            files: ["Flag.xcconfig": "STORE = xcconfig-flag\n"],
            value: "xcconfig-flag"),
        Source(name: "the target's settings", target: ["STORE": "target"], value: "target"),
        Source(name: "the target's xcconfig", targetXcconfig: "STORE = target-xcconfig\n", value: "target-xcconfig"),
        Source(name: "the project's settings", project: ["STORE": "project"], value: "project"),
        Source(
            name: "the project's xcconfig", projectXcconfig: "STORE = project-xcconfig\n", value: "project-xcconfig"),
    ]

    static let settings: [Setting] = [
        Setting(name: "a build setting", sources: buildSettingSources, decided: Decided.buildSetting("STORE")),
        Setting(
            name: "a build setting, xcconfig: in the configuration",
            sources: buildSettingSources.map { source in
                guard source.name == "--xcconfig" else { return source }
                return Source(
                    name: "xcconfig:", configuration: ["xcconfig: [Config.xcconfig]"],
                    files: ["Config.xcconfig": "STORE = xcconfig-configuration\n"], value: "xcconfig-configuration")
            },
            decided: Decided.buildSetting("STORE")),
        Setting(
            name: "deployment targets",
            sources: [
                Source(
                    name: "--deployment-target", options: { $0.deploymentTargets = ["iOS=17.5"] },
                    value: "17.5 --deployment-target"),
                Source(
                    name: "deployment-target:", configuration: ["deployment-target:", "  iOS: 17.4"],
                    value: "17.4 deployment-target in .eplint.yml"),
                Source(
                    name: "the target's setting", target: ["IPHONEOS_DEPLOYMENT_TARGET": "17.3"],
                    value: "17.3 IPHONEOS_DEPLOYMENT_TARGET in the target's build settings"),
                Source(
                    name: "the project's setting", project: ["IPHONEOS_DEPLOYMENT_TARGET": "17.2"],
                    value: "17.2 IPHONEOS_DEPLOYMENT_TARGET in the project's build settings"),
                // Lint reads MinimumOSVersion from the Info.plist itself when the plan knows none.
                Source(name: "the Info.plist", value: "(the file's)"),
            ],
            decided: { decided in
                decided.contexts.map { context in
                    context.configuration.deploymentTargets.map {
                        $0.map { "\($0.version) \($0.source)" }.joined(separator: ", ")
                    } ?? "(the file's)"
                }
            }),
        Setting(
            name: "music streaming",
            sources: [
                Source(
                    name: "--music-streaming", options: { $0.musicStreaming = "false" },
                    value: "false --music-streaming false was given"),
                Source(
                    name: "music-streaming:", configuration: ["music-streaming: true"],
                    value: "true music-streaming: true in .eplint.yml"),
                // Below these, lint decides from the paired entitlements file or the streaming-regions key.
                Source(name: "the app's files", value: "(the files')"),
            ],
            decided: { decided in
                decided.contexts.map { context in
                    context.configuration.musicStreaming.map { "\($0.qualifies) \($0.reason)" } ?? "(the files')"
                }
            }),
        Setting(
            name: "the entitlements file",
            sources: [
                Source(
                    name: "--entitlements", options: { $0.entitlements = "Signing/Flag.entitlements" },
                    value: "Signing/Flag.entitlements"),
                Source(
                    name: "entitlements:",
                    configuration: ["entitlements:", "  App/Info.plist: Signing/Configuration.entitlements"],
                    value: "Signing/Configuration.entitlements"),
                Source(
                    name: "CODE_SIGN_ENTITLEMENTS", target: ["CODE_SIGN_ENTITLEMENTS": "Signing/Target.entitlements"],
                    value: "Signing/Target.entitlements"),
                Source(
                    name: "the only *.entitlements beside it",
                    files: ["App/Folder.entitlements": "<plist><dict/></plist>\n"],
                    value: "App/Folder.entitlements"),
            ],
            decided: { decided in
                guard decided.contexts.isEmpty else { return decided.contexts.map { $0.entitlements ?? "(none)" } }
                guard case .file(let file, _) = decided.pairing else { return ["(none)"] }
                return [file]
            }, projectOnlyWithTargetSources: true),
        Setting(
            name: "whether to preprocess, a target that does not",
            sources: [
                Source(name: "--preprocess", options: { $0.preprocess = true }, value: "always"),
                Source(name: "preprocess: false", configuration: ["preprocess: false"], value: "never"),
                Source(name: "INFOPLIST_PREPROCESS = NO", target: ["INFOPLIST_PREPROCESS": "NO"], value: "auto"),
            ], decided: { decided in decided.contexts.map { "\($0.configuration.preprocessing.mode)" } }),
        // `--preprocess` over `INFOPLIST_PREPROCESS = YES` is not here: both say "always".
        Setting(
            name: "whether to preprocess, a target that does",
            sources: [
                Source(name: "preprocess: false", configuration: ["preprocess: false"], value: "never"),
                Source(name: "INFOPLIST_PREPROCESS = YES", target: ["INFOPLIST_PREPROCESS": "YES"], value: "always"),
                // A directive line in the file: lint preprocesses what has one.
                Source(name: "the file", value: "auto"),
            ], decided: { decided in decided.contexts.map { "\($0.configuration.preprocessing.mode)" } }),
        Setting(
            name: "the prefix header",
            sources: [
                Source(
                    name: "--prefix-header", options: { $0.prefixHeader = "Flag.h" },
                    files: ["Flag.h": "#define A 1\n"], value: "Flag.h"),
                Source(
                    name: "prefix-header:", configuration: ["prefix-header: Configuration.h"],
                    files: ["Configuration.h": "#define A 2\n"],
                    value: "Configuration.h"),
                Source(
                    name: "INFOPLIST_PREFIX_HEADER",
                    target: ["INFOPLIST_PREFIX_HEADER": "Target.h", "INFOPLIST_PREPROCESS": "YES"],
                    files: ["Target.h": "#define A 3\n"], value: "Target.h"),
                Source(name: "none", value: ""),
            ],
            decided: { decided in
                decided.contexts.map { $0.configuration.preprocessing.prefixHeaders.map(\.path).joined(separator: " ") }
            }),
        // The TARGET_OS_* macros' platform. (The table's target builds for the iOS device only:
        // PlatformContextTests has the targets that build for several platforms.)
        Setting(
            name: "the platform",
            sources: [
                Source(name: "--platform", options: { $0.platform = "macosx" }, value: "macos"),
                Source(name: "platform:", configuration: ["platform: watchos-simulator"], value: "watchos-simulator"),
                Source(
                    name: "the target's SDKROOT", target: ["SDKROOT": "appletvos", "SUPPORTED_PLATFORMS": "appletvos"],
                    value: "tvos"),
                Source(name: "the target's default", value: "ios"),
            ],
            decided: { decided in
                decided.contexts.map { $0.configuration.preprocessing.platform?.rawValue ?? "(unknown)" }
            }),
    ]

    /// One source over another of one setting (or one source alone: `higher == lower`).
    struct Case: CustomTestStringConvertible, Sendable {
        var setting: Setting
        var higher: Int
        var lower: Int
        var testDescription: String {
            "\(setting.name): \(setting.sources[higher].name) over \(setting.sources[lower].name)"
        }
    }

    /// Every pair of sources of every setting, and each source alone.
    static let cases: [Case] = settings.flatMap { setting in
        setting.sources.indices.flatMap { higher in
            setting.sources.indices.filter { $0 >= higher }.map { Case(setting: setting, higher: higher, lower: $0) }
        }
    }

    /// The plan never reads the Info.plist: what it says is lint's to read (the lowest source).
    static let infoPlist = "<plist><dict/></plist>\n"

    /// The plan of a run of `eplint .` in `/work` holding `files`, with `.eplint.yml` made of
    /// `configuration` lines when there are any.
    static func plan(_ files: [String: String], configuration: [String], options change: (inout PlanOptions) -> Void)
        throws -> Decided
    {
        var files = files
        if !configuration.isEmpty { files[".eplint.yml"] = configuration.joined(separator: "\n") + "\n" }
        let fileSystem = MemoryFileSystem(files)
        var options = PlanOptions()
        options.paths = ["."]
        change(&options)
        let configurationFile =
            try configuration.isEmpty
            ? nil
            : ConfigurationFile(text: files[".eplint.yml"]!, path: ".eplint.yml", directory: "/work")
        let planner = RunPlanner(options: options, fileSystem: fileSystem, note: { _ in })
        let base = try planner.runConfiguration(configurationFile)
        let plan = try planner.xcodeLintPlan(base, configurationFile: configurationFile)
        let pairer = EntitlementsPairer(
            explicit: options.entitlements, mapped: planner.configuredEntitlements(configurationFile),
            fileSystem: fileSystem, infoPlists: ["App/Info.plist"])
        return Decided(
            contexts: plan.contexts(of: "App/Info.plist") ?? [], pairing: pairer.choice(for: "App/Info.plist"))
    }

    @Test(arguments: cases)
    func theHigherSourceWins(_ testCase: Case) throws {
        let (setting, higher, lower) = (testCase.setting, testCase.higher, testCase.lower)
        let description = testCase.testDescription
        var files = ["App/Info.plist": Self.infoPlist]
        for name in ["Flag", "Configuration", "Target"] {
            files["Signing/\(name).entitlements"] = "<plist><dict/></plist>\n"
        }
        var configuration: [String] = []
        var target = ["INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "iphoneos"]
        var project: [String: String] = [:]
        var targetXcconfig: String?
        var projectXcconfig: String?
        let chosen = Set([higher, lower]).sorted().map { setting.sources[$0] }
        for source in chosen {
            configuration += source.configuration
            // A source's target settings over the table's target (the platform's SDKROOT).
            target.merge(source.target) { _, sources in sources }
            project.merge(source.project) { first, _ in first }
            if let text = source.targetXcconfig {
                targetXcconfig = text
                files["Target.xcconfig"] = text
            }
            if let text = source.projectXcconfig {
                projectXcconfig = text
                files["Project.xcconfig"] = text
            }
            files.merge(source.files) { first, _ in first }
        }
        let writesProject = !setting.projectOnlyWithTargetSources || chosen.contains { !$0.target.isEmpty }
        if writesProject {
            files["App.xcodeproj/project.pbxproj"] = XcodeProjectText.pbxproj(
                project: project, target: target, xcconfig: projectXcconfig.map { _ in "Project.xcconfig" },
                targetXcconfig: targetXcconfig.map { _ in "Target.xcconfig" })
        }
        let decided = try Self.plan(files, configuration: configuration) { options in
            chosen.forEach { $0.options(&options) }
        }
        let values = setting.decided(decided)
        // Debug and Release, each decided alike; no context at all when no project names the file.
        #expect(decided.contexts.count == (writesProject ? 2 : 0), "\(description)")
        #expect(
            !values.isEmpty && values.allSatisfy { $0 == setting.sources[higher].value }, "\(description): \(values)")
    }

    /// Definitions and flags of the run come after the target's: `#define`s of the run are read last.
    @Test func theRunsDefinitionsAndFlagsFollowTheTargets() throws {
        let files = [
            "App/Info.plist": Self.infoPlist,
            "App.xcodeproj/project.pbxproj": XcodeProjectText.pbxproj(target: [
                "INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos", "INFOPLIST_PREPROCESS": "YES",
                "INFOPLIST_PREPROCESSOR_DEFINITIONS": "STORE=target",
                "INFOPLIST_OTHER_PREPROCESSOR_FLAGS": "-traditional",
            ]),
        ]
        let decided = try Self.plan(files, configuration: ["define:", "  STORE: configuration"]) { options in
            options.definitions = ["STORE=flag"]
            options.preprocessorFlags = ["-P"]
        }
        // Debug and Release, each for the iOS device and simulator.
        #expect(decided.contexts.count == 4)
        for context in decided.contexts {
            #expect(
                context.configuration.preprocessing.definitions == [
                    "STORE=target", "STORE=configuration", "STORE=flag",
                ])
            #expect(context.configuration.preprocessing.flags == ["-traditional", "-P"])
        }
    }

    /// The case of issue 26: `define:` holds with and without a project naming the file.
    @Test func defineHoldsWithAndWithoutAProject() throws {
        let project = XcodeProjectText.pbxproj(target: ["INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos"])
        for files in [
            ["App/Info.plist": Self.infoPlist],
            ["App/Info.plist": Self.infoPlist, "App.xcodeproj/project.pbxproj": project],
        ] {
            let fileSystem = MemoryFileSystem(files)
            var options = PlanOptions()
            options.paths = ["App/Info.plist"]
            let configurationFile = try ConfigurationFile(
                text: "define:\n  STORE_URL: http://example.com/nl\n", path: ".eplint.yml", directory: "/work")
            let planner = RunPlanner(options: options, fileSystem: fileSystem, note: { _ in })
            let base = try planner.runConfiguration(configurationFile)
            let plan = try planner.xcodeLintPlan(base, configurationFile: configurationFile)
            let configurations = plan.contexts(of: "App/Info.plist")?.map(\.configuration) ?? [base]
            // Debug and Release, each for the iOS device and simulator.
            #expect(configurations.count == (files.count == 1 ? 1 : 4))
            for configuration in configurations {
                #expect(configuration.buildSettings.definitions["STORE_URL"]?.value == "http://example.com/nl")
                #expect(configuration.buildSettings.definitions["STORE_URL"]?.origin == ".eplint.yml")
            }
        }
    }
}
