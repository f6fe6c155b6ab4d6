import Foundation
import TestSupport
import Testing

/// `eplint context` prints the plan lint uses: the same options and `.eplint.yml` shape both,
/// and each file's contexts are what lint pairs and configures it with.
@Suite struct RunPlanTests {
    /// (Info.plist, entitlements, reason) of every context in `context --format json`.
    private static func plannedPairings(_ output: String) throws -> Set<String> {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        var pairings = Set<String>()
        for file in json["files"] as? [[String: Any]] ?? [] {
            for context in file["contexts"] as? [[String: Any]] ?? [] {
                guard let entitlements = context["entitlements"] as? String else { continue }
                pairings.insert(
                    "\(file["path"] as! String) pairs with \(entitlements) (\(context["entitlementsReason"] as! String))"
                )
            }
        }
        return pairings
    }

    /// The pairing lines of `lint --verbose` (a target's, or a plain file's), paths as `context` shows them.
    private static func lintedPairings(_ standardError: String) -> Set<String> {
        Set(
            standardError.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("eplint: "), line.contains(" pairs with ") else { return nil }
                let text = line.dropFirst("eplint: ".count)
                return text.hasPrefix("./") ? String(text.dropFirst(2)) : String(text)
            })
    }

    @Test(
        .requires(.xcodeproj),
        arguments: XcodeTruthTests.repositories)
    func contextPrintsThePairingsLintUses(_ repository: String) throws {
        let folder = XcodeTruthTests.corpus.appendingPathComponent(repository)
        for options in [
            [], ["--define", "STORE=1", "--configuration", "Release"], ["--xcconfig-condition", "sdk=iphoneos"],
        ] {
            let context =
                options.isEmpty
                ? try XcodeTruthTests.context(in: folder)
                : try Eplint.run(["context", "--format", "json"] + options + ["."], in: folder)
            guard context.status == 0 else {
                // A repository whose project is generated (XcodeGen) commits none.
                #expect(context.standardError.contains("no Xcode project"), "\(repository): \(context.standardError)")
                continue
            }
            let lint = try Eplint.run(["--verbose", "--format", "json"] + options + ["."], in: folder)
            #expect(
                try Self.plannedPairings(context.standardOutput) == Self.lintedPairings(lint.standardError),
                "\(repository) \(options)")
        }
    }

    /// `.eplint.yml`'s `define:` and the flags reach `context` as they reach lint.
    @Test func contextReadsTheConfigurationFileAndLintsFlags() throws {
        let fixture = try Project()
        try fixture.write("App/Info.plist", "<plist><dict/></plist>\n")
        try fixture.write(".eplint.yml", "define:\n  STORE_URL: https://example.com/nl\nmusic-streaming: true\n")
        try fixture.writeProject(target: [
            "INFOPLIST_FILE": "App/Info.plist", "IPHONEOS_DEPLOYMENT_TARGET": "16.0", "SDKROOT": "iphoneos",
        ])
        let run = try Eplint.run(
            ["context", "--format", "json", "--define", "EXTRA=2", "--deployment-target", "iOS=17.5", "."],
            in: fixture.root)
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let settings = try #require(json["runSettings"] as? [String: [String: String]])
        #expect(settings["STORE_URL"] == ["value": "https://example.com/nl", "from": ".eplint.yml"])
        #expect(settings["EXTRA"] == ["value": "2", "from": "--define"])
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["App/Info.plist"])
        let contexts = try #require(files.first?["contexts"] as? [[String: Any]])
        // Each configuration for the iOS device and the simulator (their TARGET_OS_* differ).
        #expect(
            contexts.map { $0["label"] as? String } == [
                "App/Debug", "App/Debug (iOS Simulator)", "App/Release", "App/Release (iOS Simulator)",
            ])
        #expect(
            contexts.map { ($0["preprocessing"] as? [String: Any])?["platform"] as? String } == [
                "ios", "ios-simulator", "ios", "ios-simulator",
            ])
        for context in contexts {
            let targets = context["deploymentTargets"] as? [[String: String]]
            #expect(targets == [["platform": "iOS", "version": "17.5", "source": "--deployment-target"]])
            #expect(FoundationBoolean.value((context["musicStreaming"] as? [String: Any])?["qualifies"]) == true)
            let definitions = (context["preprocessing"] as? [String: Any])?["definitions"] as? [String]
            #expect(definitions == ["STORE_URL=https://example.com/nl", "EXTRA=2"])
        }
        // Without the flag, the target's own deployment target is what lint uses.
        let plain = try Eplint.run(["context", "."], in: fixture.root)
        #expect(
            plain.standardOutput.contains(
                "Settings of the run (over every target's):\n  STORE_URL = https://example.com/nl  (.eplint.yml)\n"))
        #expect(
            plain.standardOutput.contains(
                "    App/Debug: entitlements (none) (CODE_SIGN_ENTITLEMENTS of App/Debug)\n      iOS 16.0 (IPHONEOS_DEPLOYMENT_TARGET in the target's build settings)\n"
            ),
            "\(plain.standardOutput)")
    }

    /// `context --format json`'s output, which must list one file, `path`, and its first context.
    private static func onlyContext(of path: String, _ run: EplintRun) throws -> (
        json: [String: Any], context: [String: Any]
    ) {
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == [path])
        return (json, try #require((files.first?["contexts"] as? [[String: Any]])?.first))
    }

    /// Standard input is a context of the plan: `context -` prints the configuration and the
    /// entitlements file lint pairs it with, under the name it is reported as.
    @Test func standardInputIsAContextOfThePlan() throws {
        let fixture = try Project()
        try fixture.write("App/App.entitlements", "<plist><dict/></plist>\n")
        let options = ["--stdin-filename", "App/Info.plist", "--define", "STORE=1"]
        let (json, context) = try Self.onlyContext(
            of: "App/Info.plist", Eplint.run(["context", "--format", "json"] + options + ["-"], in: fixture.root))
        #expect((json["projects"] as? [Any])?.isEmpty == true)
        #expect(context["label"] as? String == "standard input")
        #expect(context["entitlements"] as? String == "App/App.entitlements")
        #expect(context["entitlementsReason"] as? String == "the only *.entitlements file in its folder")
        #expect((context["preprocessing"] as? [String: Any])?["definitions"] as? [String] == ["STORE=1"])
        // Lint pairs standard input so.
        let lint = try Eplint.run(
            ["--verbose"] + options + ["-"], in: fixture.root, input: Data("<plist><dict/></plist>\n".utf8))
        #expect(
            lint.standardError.contains(
                "eplint: App/Info.plist pairs with App/App.entitlements (the only *.entitlements file in its folder)\n"),
            "\(lint.standardError)")
    }

    /// `--xcode-environment` is a context of the plan: `context --xcode-environment` in a Run
    /// Script phase prints the target's context from the environment, with no project named.
    @Test func theXcodeEnvironmentIsAContextOfThePlan() throws {
        let fixture = try Project()
        try fixture.write("App/Info.plist", "<plist><dict/></plist>\n")
        try fixture.write("App/App.entitlements", "<plist><dict/></plist>\n")
        let root = fixture.root.resolvingSymlinksInPath().path
        let environment: [String: String?] = [
            "SRCROOT": root, "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements",
            "PLATFORM_NAME": "iphoneos",
            "IPHONEOS_DEPLOYMENT_TARGET": "16.0", "TARGET_NAME": "App", "CONFIGURATION": "Debug",
        ]
        let (_, context) = try Self.onlyContext(
            of: "App/Info.plist",
            Eplint.run(
                ["context", "--format", "json", "--xcode-environment"], in: fixture.root, environment: environment))
        #expect(context["label"] as? String == "App/Debug")
        #expect(context["entitlements"] as? String == "\(root)/App/App.entitlements")
        #expect(
            context["entitlementsReason"] as? String == "CODE_SIGN_ENTITLEMENTS of App/Debug in the build environment")
        #expect(
            context["deploymentTargets"] as? [[String: String]]
                == [
                    [
                        "platform": "iOS", "version": "16.0",
                        "source": "IPHONEOS_DEPLOYMENT_TARGET in the build environment",
                    ]
                ])
        let outside = try Eplint.run(
            ["context", "--xcode-environment"], in: fixture.root, environment: ["SRCROOT": nil])
        #expect(outside.status == 2 && outside.standardError.contains("SRCROOT is not set"), "\(outside.standardError)")
    }
}
