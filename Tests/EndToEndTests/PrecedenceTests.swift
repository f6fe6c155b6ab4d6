import Foundation
import TestSupport
import Testing

/// The run plan's one precedence (README, "Where each setting comes from"): for every pair of
/// sources of a setting, both given, the higher one wins — as `eplint context` prints the plan,
/// and as lint uses it (the same code makes both; lint's messages are checked where they name
/// the source).
@Suite struct PrecedenceTests {
    /// What one source adds to a run.
    struct Source: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String] = []
        var configuration: [String] = []
        var target: [String: String] = [:]
        var files: [String: String] = [:]
        /// Holds when this source decided the setting, given `context --format json`'s output and the file's context.
        var won: @Sendable (_ output: [String: Any], _ context: [String: Any]) -> Bool
        var testDescription: String { name }
    }

    struct Setting: CustomTestStringConvertible, Sendable {
        var name: String
        /// Highest first.
        var sources: [Source]
        var testDescription: String { name }
    }

    private static func runSetting(_ output: [String: Any], _ name: String) -> String? {
        ((output["runSettings"] as? [String: [String: String]])?[name])?["from"]
    }

    private static func deploymentSource(_ context: [String: Any]) -> String? {
        (context["deploymentTargets"] as? [[String: String]])?.first?["source"]
    }

    private static func preprocessing(_ context: [String: Any]) -> [String: Any] {
        context["preprocessing"] as? [String: Any] ?? [:]
    }

    static let settings: [Setting] = [
        Setting(
            name: "a build setting",
            sources: [
                Source(
                    name: "--define", arguments: ["--define", "STORE=flag"],
                    won: { output, _ in runSetting(output, "STORE") == "--define" }),
                Source(
                    name: "define:", configuration: ["define:", "  STORE: configuration"],
                    won: { output, _ in runSetting(output, "STORE") == ".eplint.yml" }),
                Source(
                    name: "--xcconfig", arguments: ["--xcconfig", "Flag.xcconfig"],
                    files: ["Flag.xcconfig": "STORE = xcconfig-flag\n"],
                    won: { output, _ in runSetting(output, "STORE")?.hasPrefix("Flag.xcconfig") == true }),
                Source(
                    name: "the target", target: ["STORE": "target"],
                    won: { output, _ in runSetting(output, "STORE") == nil }),
            ]),
        Setting(
            name: "a build setting from the configuration's xcconfig",
            sources: [
                Source(
                    name: "define:", configuration: ["define:", "  STORE: configuration"],
                    won: { output, _ in runSetting(output, "STORE") == ".eplint.yml" }),
                Source(
                    name: "xcconfig:", configuration: ["xcconfig: [Config.xcconfig]"],
                    files: ["Config.xcconfig": "STORE = xcconfig-configuration\n"],
                    won: { output, _ in runSetting(output, "STORE")?.hasPrefix("Config.xcconfig") == true }),
                Source(
                    name: "the target", target: ["STORE": "target"],
                    won: { output, _ in runSetting(output, "STORE") == nil }),
            ]),
        Setting(
            name: "deployment targets",
            sources: [
                Source(
                    name: "--deployment-target", arguments: ["--deployment-target", "iOS=17.5"],
                    won: { _, context in deploymentSource(context) == "--deployment-target" }),
                Source(
                    name: "deployment-target:", configuration: ["deployment-target:", "  iOS: 17.4"],
                    won: { _, context in deploymentSource(context) == "deployment-target in .eplint.yml" }),
                Source(
                    name: "the target", target: ["IPHONEOS_DEPLOYMENT_TARGET": "17.3"],
                    won: { _, context in deploymentSource(context)?.hasPrefix("IPHONEOS_DEPLOYMENT_TARGET") == true }),
                // What the Info.plist says is read by lint itself when nothing above is known.
                Source(
                    name: "the Info.plist",
                    won: { _, context in (context["deploymentTargets"] as? [Any])?.isEmpty == true }),
            ]),
        Setting(
            name: "music streaming",
            sources: [
                Source(
                    name: "--music-streaming", arguments: ["--music-streaming", "false"],
                    won: { _, context in
                        ((context["musicStreaming"] as? [String: Any])?["reason"] as? String)?.hasPrefix(
                            "--music-streaming") == true
                    }),
                Source(
                    name: "music-streaming:", configuration: ["music-streaming: true"],
                    won: { _, context in
                        FoundationBoolean.value((context["musicStreaming"] as? [String: Any])?["qualifies"]) == true
                    }),
                // Below these, lint decides from the paired entitlements file or the streaming-regions key.
                Source(name: "the app's files", won: { _, context in context["musicStreaming"] is NSNull }),
            ]),
        Setting(
            name: "the entitlements file",
            sources: [
                Source(
                    name: "--entitlements", arguments: ["--entitlements", "App/Flag.entitlements"],
                    won: { _, context in context["entitlements"] as? String == "App/Flag.entitlements" }),
                Source(
                    name: "entitlements:",
                    configuration: ["entitlements:", "  App/Info.plist: App/Configuration.entitlements"],
                    won: { _, context in context["entitlements"] as? String == "App/Configuration.entitlements" }),
                Source(
                    name: "CODE_SIGN_ENTITLEMENTS", target: ["CODE_SIGN_ENTITLEMENTS": "App/Target.entitlements"],
                    won: { _, context in context["entitlements"] as? String == "App/Target.entitlements" }),
            ]),
        Setting(
            name: "whether to preprocess",
            sources: [
                Source(
                    name: "--preprocess", arguments: ["--preprocess"],
                    won: { _, context in preprocessing(context)["mode"] as? String == "always" }),
                Source(
                    name: "preprocess:", configuration: ["preprocess: false"],
                    won: { _, context in preprocessing(context)["mode"] as? String == "never" }),
                Source(
                    name: "INFOPLIST_PREPROCESS", target: ["INFOPLIST_PREPROCESS": "NO"],
                    won: { _, context in preprocessing(context)["mode"] as? String == "auto" }),
            ]),
        Setting(
            name: "the prefix header",
            sources: [
                Source(
                    name: "--prefix-header", arguments: ["--prefix-header", "Flag.h"],
                    files: ["Flag.h": "#define A 1\n"],
                    won: { _, context in preprocessing(context)["prefixHeaders"] as? [String] == ["Flag.h"] }),
                Source(
                    name: "prefix-header:", configuration: ["prefix-header: Configuration.h"],
                    files: ["Configuration.h": "#define A 2\n"],
                    won: { _, context in preprocessing(context)["prefixHeaders"] as? [String] == ["Configuration.h"] }),
                Source(
                    name: "INFOPLIST_PREFIX_HEADER",
                    target: ["INFOPLIST_PREFIX_HEADER": "Target.h", "INFOPLIST_PREPROCESS": "YES"],
                    files: ["Target.h": "#define A 3\n"],
                    won: { _, context in preprocessing(context)["prefixHeaders"] as? [String] == ["Target.h"] }),
            ]),
        Setting(
            name: "the platform (TARGET_OS_*)",
            sources: [
                Source(
                    name: "--platform", arguments: ["--platform", "macosx"],
                    won: { _, context in preprocessing(context)["platform"] as? String == "macos" }),
                Source(
                    name: "platform:", configuration: ["platform: xrsimulator"],
                    won: { _, context in preprocessing(context)["platform"] as? String == "visionos-simulator" }),
                Source(
                    name: "the target's SDKROOT", target: ["SDKROOT": "appletvos", "SUPPORTED_PLATFORMS": "appletvos"],
                    won: { _, context in preprocessing(context)["platform"] as? String == "tvos" }),
            ]),
    ]

    /// Every (setting, higher, lower) triple, and each source alone (higher == lower).
    static let cases: [(Setting, Int, Int)] = settings.flatMap { setting in
        setting.sources.indices.flatMap { higher in
            setting.sources.indices.filter { $0 >= higher }.map { (setting, higher, $0) }
        }
    }

    private static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>MinimumOSVersion</key>
        \t<string>17.2</string>
        </dict>
        </plist>

        """

    // zip: two argument collections would run their product (every description with every case).
    @Test(
        arguments: zip(cases.map { "\($0.0.name): \($0.0.sources[$0.1].name) over \($0.0.sources[$0.2].name)" }, cases))
    func theHigherSourceWins(_ description: String, _ testCase: (Setting, Int, Int)) throws {
        let (setting, higher, lower) = testCase
        let fixture = try Project()
        try fixture.write("App/Info.plist", Self.infoPlist)
        for name in ["Flag", "Configuration", "Target"] {
            try fixture.write("App/\(name).entitlements", "<plist><dict/></plist>\n")
        }
        var arguments: [String] = []
        var configuration: [String] = []
        // The iOS device only: one context per configuration (PlatformMacroTests has the simulator's).
        var target = ["INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "iphoneos"]
        for source in Set([higher, lower]).sorted().map({ setting.sources[$0] }) {
            arguments += source.arguments
            configuration += source.configuration
            // A source's target settings over the table's target (the platform's SDKROOT).
            target.merge(source.target) { _, sources in sources }
            for (path, text) in source.files { try fixture.write(path, text) }
        }
        if !configuration.isEmpty { try fixture.write(".eplint.yml", configuration.joined(separator: "\n") + "\n") }
        try fixture.writeProject(target: target)
        let run = try Eplint.run(["context", "--format", "json"] + arguments + ["."], in: fixture.root)
        #expect(run.status == 0, "\(description): \(run.standardError)")
        let output = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let files = try #require(output["files"] as? [[String: Any]], "\(description)")
        let contexts = try #require(
            files.first?["contexts"] as? [[String: Any]], "\(description): \(run.standardOutput)")
        #expect(contexts.count == 2, "\(description)")
        for context in contexts {
            #expect(
                setting.sources[higher].won(output, context),
                "\(description): \(context) \(output["runSettings"] ?? "")")
        }
    }
}
