import Foundation
import TestSupport
import Testing

/// A temporary Xcode project: one app target whose project and target build settings are given.
private typealias XcodeFixture = Project

extension Project {
    /// `App.xcodeproj` with configurations Debug and Release; `xcconfig` is the project's base
    /// configuration (a path relative to the project folder).
    func writeProject(
        project: [String: String] = [:], target: [String: String], releaseTarget: [String: String]? = nil,
        xcconfig: String? = nil
    ) throws {
        try write(
            "App.xcodeproj/project.pbxproj",
            XcodeProjectText.pbxproj(project: project, target: target, releaseTarget: releaseTarget, xcconfig: xcconfig)
        )
    }

    func run(_ arguments: [String], environment: [String: String?]) throws -> EplintRun {
        try Eplint.run(arguments, in: root, environment: environment)
    }
}

private func plist(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n"
}

private let linkPlist = plist(
    "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>https://example.com/nl</string>\n\t</dict>"
)
private let multiLinkPlist = plist(
    "\t<key>SKExternalPurchaseMultiLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<array>\n\t\t\t<string>https://example.com/nl</string>\n\t\t</array>\n\t</dict>"
)
private let linkEntitlements = plist("\t<key>com.apple.developer.storekit.external-purchase-link</key>\n\t<true/>")

@Suite struct XcodeProjectLintTests {
    /// A damaged project found beside the files (a conflicted pbxproj) warns and leaves them
    /// linted without its context; a damaged project the user names stops the run.
    @Test func aDamagedProjectFoundBesideTheFilesDoesNotFailTheirRun() throws {
        let fixture = try XcodeFixture()
        try fixture.write("App/Info.plist", linkPlist)
        try fixture.write("App/App.entitlements", linkEntitlements)
        try fixture.write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n<<<<<<< HEAD\n")
        for arguments in [["App/Info.plist"], ["."]] {
            let run = try fixture.run(arguments)
            #expect(run.status == 0 && run.standardOutput == "", "\(arguments): \(run.standardOutput)")
            #expect(
                run.standardError.hasPrefix("warning: eplint: App.xcodeproj: project.pbxproj:"),
                "\(arguments): \(run.standardError)")
            #expect(
                run.standardError.hasSuffix("; linting without its context\n"), "\(arguments): \(run.standardError)")
        }
        let named = try fixture.run(["App.xcodeproj"])
        #expect(named.status == 2)
        #expect(named.standardError.hasPrefix("error: eplint: App.xcodeproj: project.pbxproj:"))
    }

    /// The run's own settings (`define:` in .eplint.yml, xcconfig files, `--define`) are not
    /// dropped when an Xcode project covers the file: they win over the target's.
    @Test func runSettingsHoldWithAndWithoutAProject() throws {
        let fixture = try XcodeFixture()
        let variable = plist(
            "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>$(STORE_URL)</string>\n\t</dict>"
        )
        try fixture.write("App/Info.plist", variable)
        try fixture.write("App/App.entitlements", linkEntitlements)
        try fixture.write(".eplint.yml", "define:\n  STORE_URL: http://example.com/nl\n")
        try fixture.write("Config/Store.xcconfig", "STORE_URL = http:/$()/xcconfig.example.com/nl\n")
        func findings(_ arguments: [String]) throws -> String {
            let run = try fixture.run(["--format", "gcc"] + arguments)
            #expect(run.standardError == "", "\(arguments): \(run.standardError)")
            return run.standardOutput
        }
        let bare = try findings(["App/Info.plist"])
        #expect(bare.contains("[EP201]") && bare.contains("STORE_URL set in .eplint.yml"), "\(bare)")
        try fixture.writeProject(target: [
            "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements",
            "STORE_URL": "https://target.example.com/nl",
        ])
        #expect(try findings(["App/Info.plist"]) == bare)
        #expect(try findings(["."]) == bare.replacingOccurrences(of: "App/Info.plist", with: "./App/Info.plist"))
        // Without `define:`, an xcconfig file given to the run still wins over the target.
        try fixture.write(".eplint.yml", "xcconfig: [Config/Store.xcconfig]\n")
        let fromXCConfig = try findings(["App/Info.plist"])
        #expect(fromXCConfig.contains("[EP201]") && fromXCConfig.contains("Store.xcconfig"), "\(fromXCConfig)")
        // And `--define` wins over both.
        #expect(try findings(["--define", "STORE_URL=https://example.com/nl", "App/Info.plist"]) == "")
    }

    /// A real Capacitor app's case: the Debug entitlements file is indented with NO-BREAK SPACEs
    /// (EP001), Release signs with another. Reached by the walk and by the Debug pairing, its
    /// finding is printed once, holding everywhere (the walk lints it in no context).
    @Test func aFileReachedByTheWalkAndByATargetReportsEachFindingOnce() throws {
        let fixture = try XcodeFixture()
        try fixture.write("App/Info.plist", linkPlist)
        try fixture.write(
            "App/App.entitlements", linkEntitlements.replacingOccurrences(of: "\t<key>", with: "\u{A0}\u{A0}<key>"))
        try fixture.write("App/Release.entitlements", linkEntitlements)
        try fixture.writeProject(
            target: ["INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"],
            releaseTarget: ["INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/Release.entitlements"])
        let walked = try fixture.run(["--format", "gcc", "."])
        let lines = walked.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(
            lines.count == 1 && lines[0].hasPrefix("./App/App.entitlements:") && lines[0].hasSuffix("[EP001]"),
            "\(walked.standardOutput)")
        #expect(!walked.standardOutput.contains("only in"), "\(walked.standardOutput)")
        // Named alone, the Info.plist reaches it through the Debug pairing only: the finding says so.
        let named = try fixture.run(["--format", "gcc", "App/Info.plist"])
        let pairedLines = named.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(
            pairedLines.count == 1 && pairedLines[0].hasPrefix("App/App.entitlements:")
                && pairedLines[0].hasSuffix("(only in App/Debug) [EP001]"),
            "\(named.standardOutput)")
    }

    /// A shipped app's case: a stale, empty `*.entitlements` beside the Info.plist, the real
    /// one elsewhere named by CODE_SIGN_ENTITLEMENTS.
    @Test func theTargetsEntitlementsFileWinsOverAStaleOneBesideTheInfoPlist() throws {
        let fixture = try XcodeFixture()
        try fixture.write("App/Info.plist", linkPlist)
        try fixture.write("App/Old.entitlements", plist(""))
        try fixture.write("Signing/App.entitlements", linkEntitlements)
        try fixture.writeProject(target: [
            "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "Signing/App.entitlements",
        ])

        // Without a project, eplint guesses the only file beside the Info.plist (the stale one).
        try FileManager.default.moveItem(
            at: fixture.root.appendingPathComponent("App.xcodeproj"), to: fixture.root.appendingPathComponent("Hidden"))
        #expect(try fixture.run(["App/Info.plist"]).standardOutput.contains("in App/Old.entitlements [EP401]"))
        try FileManager.default.moveItem(
            at: fixture.root.appendingPathComponent("Hidden"), to: fixture.root.appendingPathComponent("App.xcodeproj"))
        // A workspace whose CocoaPods project is generated, not committed: the app's project counts.
        try fixture.write(
            "App.xcworkspace/contents.xcworkspacedata",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:App.xcodeproj"></FileRef>
               <Group location = "container:Pods" name = "Pods"><FileRef location = "group:Pods.xcodeproj"></FileRef></Group>
            </Workspace>
            """)
        for arguments in [
            ["."], ["App.xcodeproj"], ["App.xcworkspace"], ["--project", "App.xcodeproj", "App/Info.plist"],
            ["App/Info.plist"],
        ] {
            let run = try fixture.run(["--verbose"] + arguments)
            #expect(run.status == 0 && run.standardOutput == "", "\(arguments): \(run.standardOutput)")
            #expect(
                run.standardError.contains(
                    "App/Info.plist pairs with Signing/App.entitlements (CODE_SIGN_ENTITLEMENTS of App/Debug)"),
                "\(arguments)")
        }
        // The entitlements it signs with lack the entitlement: EP401 names the target's file.
        try fixture.write("Signing/App.entitlements", plist(""))
        #expect(
            try fixture.run(["."]).standardOutput.contains(
                "SKExternalPurchaseLink needs the entitlement com.apple.developer.storekit.external-purchase-link set to <true/> in Signing/App.entitlements [EP401]"
            ))
    }

    /// An entitlements file holding an Info.plist key (EP405), found by the walk and paired by
    /// its target (`./App/App.entitlements` and `App/App.entitlements`): each finding once.
    @Test func entitlementsWithAnInfoPlistKeyAreReportedOnce() throws {
        let fixture = try XcodeFixture()
        try fixture.write("App/Info.plist", linkPlist)
        try fixture.write(
            "App/App.entitlements",
            plist(
                """
                \t<key>com.apple.developer.storekit.external-purchase-link</key>
                \t<true/>
                \t<key>SKExternalPurchase</key>
                \t<array><string>nl</string></array>
                """))
        try fixture.writeProject(target: [
            "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements",
        ])
        for arguments in [["."], ["App"], ["App.xcodeproj"]] {
            let lines = try fixture.run(arguments).standardOutput.split(separator: "\n")
            let ep405 = lines.filter {
                $0.hasSuffix(
                    "App/App.entitlements:6:2: error: SKExternalPurchase is an Info.plist key: in an entitlements file it has no effect; move it to the Info.plist [EP405]"
                )
            }
            #expect(
                ep405.count == 1 && Set(lines.map { $0.drop { $0 == "." || $0 == "/" } }).count == lines.count,
                "\(arguments): \(lines)")
        }
    }

    /// The same file with a move (EP405): --diff and --fix through the project's walk, where the
    /// target pairs `App/App.entitlements` and the walk lints `./App/App.entitlements` on its own
    /// too. One diff per file; after --fix nothing remains. With two targets' entitlements files
    /// differing (Debug and Release), the fix is not the same everywhere: nothing moves.
    @Test func movesFollowTheTargetsPairing() throws {
        let fixture = try XcodeFixture()
        let entitlements = plist(
            """
            \t<key>com.apple.developer.storekit.external-purchase-link</key>
            \t<true/>
            \t<key>com.apple.developer.storekit.external-purchase</key>
            \t<true/>
            \t<key>SKExternalPurchase</key>
            \t<array><string>nl</string></array>
            """)
        try fixture.write("App/Info.plist", linkPlist)
        try fixture.write("App/App.entitlements", entitlements)
        try fixture.writeProject(target: [
            "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements",
        ])
        let diff = try fixture.run(["--diff", "--unsafe-fixes", "."], environment: [:])
        #expect(diff.status == 1)
        #expect(
            diff.standardOutput.components(separatedBy: "\n--- ").count == 2 && diff.standardOutput.hasPrefix("--- "),
            "\(diff.standardOutput)")
        let fixed = try fixture.run(["--fix", "--unsafe-fixes", "."], environment: [:])
        #expect(fixed.status == 0, "\(fixed.standardOutput)\(fixed.standardError)")
        #expect(
            try fixture.read("App/Info.plist")
                == linkPlist.replacingOccurrences(
                    of: "\t</dict>\n</dict>",
                    with: "\t</dict>\n\t<key>SKExternalPurchase</key>\n\t<array><string>nl</string></array>\n</dict>"))
        #expect(
            try fixture.read("App/App.entitlements")
                == plist(
                    """
                    \t<key>com.apple.developer.storekit.external-purchase-link</key>
                    \t<true/>
                    \t<key>com.apple.developer.storekit.external-purchase</key>
                    \t<true/>
                    """))

        try fixture.write("App/Info.plist", linkPlist)
        try fixture.write("App/App.entitlements", entitlements)
        try fixture.write("App/Release.entitlements", entitlements)
        try fixture.writeProject(
            target: ["INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"],
            releaseTarget: ["INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/Release.entitlements"])
        let split = try fixture.run(["--fix", "--unsafe-fixes", "App/Info.plist"], environment: [:])
        #expect(split.status == 1)
        #expect(try fixture.read("App/Info.plist") == linkPlist && fixture.read("App/App.entitlements") == entitlements)
    }

    @Test func deploymentTargetsComeFromTheProjectWithoutConfiguration() throws {
        let fixture = try XcodeFixture()
        try fixture.write("App/Info.plist", multiLinkPlist)
        try fixture.write("App/App.entitlements", linkEntitlements)
        try fixture.write("Config/Base.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 16.0\n")
        try fixture.writeProject(
            project: ["SDKROOT": "iphoneos"],
            target: ["INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"],
            xcconfig: "Config/Base.xcconfig")
        let run = try fixture.run(["."])
        #expect(
            run.standardOutput
                == "./App/Info.plist:4:2: warning: SKExternalPurchaseMultiLink needs iOS 17.5 but the deployment target is iOS 16.0 (IPHONEOS_DEPLOYMENT_TARGET in Config/Base.xcconfig:1); add SKExternalPurchaseLink so that older systems get a link [EP501]\n"
        )

        // Only Debug below 17.5: the diagnostic names the configuration it holds in.
        try fixture.writeProject(
            project: ["SDKROOT": "iphoneos"],
            target: ["INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"],
            releaseTarget: [
                "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements",
                "IPHONEOS_DEPLOYMENT_TARGET": "17.5",
            ],
            xcconfig: "Config/Base.xcconfig")
        #expect(
            try fixture.run(["."]).standardOutput.hasSuffix(
                "add SKExternalPurchaseLink so that older systems get a link (only in App/Debug) [EP501]\n"))
        #expect(try fixture.run([".", "--configuration", "Release"]).standardOutput == "")
    }

    @Test func buildSettingsResolveLinksAndPreprocessingFollowsTheTarget() throws {
        let fixture = try XcodeFixture()
        try fixture.write(
            "App/Info.plist",
            plist(
                "#ifdef EXTERNAL\n\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>https://$(LINK_HOST)/nl</string>\n\t</dict>\n#endif"
            ))
        try fixture.write("App/App.entitlements", linkEntitlements)
        try fixture.writeProject(
            project: ["LINK_HOST": "$(HOST_NAME).example.com", "HOST_NAME": "shop"],
            target: ["INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"])
        let unpreprocessed = try fixture.run(["."])
        #expect(
            unpreprocessed.standardOutput.hasPrefix(
                "./App/Info.plist:4:1: error: preprocessor line (and 1 more line) in an Info.plist whose target does not set INFOPLIST_PREPROCESS = YES: Xcode copies it into the app's Info.plist as text; set INFOPLIST_PREPROCESS = YES or remove the lines [EP011]\n"
            ))

        // Preprocessed without EXTERNAL defined: the keys are not in the output at all.
        try fixture.writeProject(
            project: ["LINK_HOST": "$(HOST_NAME).example.com", "HOST_NAME": "shop", "INFOPLIST_PREPROCESS": "YES"],
            target: ["INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"])
        #expect(try fixture.run(["."]).standardOutput.contains("[EP402]"))
        // Defined, without -traditional: cpp takes the URL's '//' for a comment (EP010).
        try fixture.writeProject(
            project: [
                "LINK_HOST": "$(HOST_NAME).example.com", "HOST_NAME": "shop", "INFOPLIST_PREPROCESS": "YES",
                "INFOPLIST_PREPROCESSOR_DEFINITIONS": "EXTERNAL DEBUG=1",
            ],
            target: ["INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"])
        #expect(try fixture.run(["."]).standardOutput.contains("[EP010]"))
        // With it: the link resolves through two settings to an https URL (no EP006).
        try fixture.writeProject(
            project: [
                "LINK_HOST": "$(HOST_NAME).example.com", "HOST_NAME": "shop", "INFOPLIST_PREPROCESS": "YES",
                "INFOPLIST_PREPROCESSOR_DEFINITIONS": "EXTERNAL DEBUG=1",
                "INFOPLIST_OTHER_PREPROCESSOR_FLAGS": "-traditional",
            ],
            target: ["INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"])
        let clean = try fixture.run(["."])
        #expect(clean.status == 0 && clean.standardOutput == "", "\(clean.standardOutput)")
        // The macro from a -D flag, or from the prefix header's #define lines.
        // (A comment line in the header would reach the output, before the XML declaration, as with clang.)
        try fixture.write("Config/Prefix.h", "#define EXTERNAL 1\n")
        for extra in [
            ["INFOPLIST_OTHER_PREPROCESSOR_FLAGS": "-traditional -DEXTERNAL"],
            ["INFOPLIST_PREFIX_HEADER": "Config/Prefix.h", "INFOPLIST_OTHER_PREPROCESSOR_FLAGS": "-traditional"],
        ] {
            try fixture.writeProject(
                project: ["LINK_HOST": "$(HOST_NAME).example.com", "HOST_NAME": "shop", "INFOPLIST_PREPROCESS": "YES"]
                    .merging(extra) { $1 },
                target: ["INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"])
            let run = try fixture.run(["."])
            #expect(run.status == 0 && run.standardOutput == "", "\(extra): \(run.standardOutput)")
        }
    }

    @Test func contextShowsWhatWasResolvedAndWhereFrom() throws {
        let fixture = try XcodeFixture()
        try fixture.write("App/Info.plist", linkPlist)
        try fixture.write(
            "Config/Base.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 16.0\nINFOPLIST_FILE = App/Info.plist\n")
        try fixture.writeProject(
            project: ["SDKROOT": "iphoneos"], target: ["CODE_SIGN_ENTITLEMENTS": "Missing.entitlements"],
            xcconfig: "Config/Base.xcconfig")
        let run = try fixture.run(["context", "--format", "json", "--configuration", "Debug", "."])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let project = try #require((json["projects"] as? [[String: Any]])?.first)
        #expect(project["path"] as? String == "App.xcodeproj")
        let configuration = try #require(
            ((project["targets"] as? [[String: Any]])?.first?["configurations"] as? [[String: Any]])?.first)
        #expect(configuration["name"] as? String == "Debug")
        #expect(configuration["infoPlist"] as? String == "App/Info.plist")
        #expect(configuration["entitlements"] is NSNull, "a file that does not exist is null")
        #expect(configuration["deploymentTargets"] as? [String: String] == ["IPHONEOS_DEPLOYMENT_TARGET": "16.0"])
        #expect(FoundationBoolean.value(configuration["preprocess"]) == false)
        let settings = try #require(configuration["settings"] as? [String: [String: String]])
        #expect(
            settings["INFOPLIST_FILE"] == [
                "value": "App/Info.plist", "from": "project-xcconfig Config/Base.xcconfig:2",
            ])
        #expect(settings["CODE_SIGN_ENTITLEMENTS"] == ["value": "Missing.entitlements", "from": "target"])
    }

    /// A Run Script phase's environment: Xcode's resolved settings for the build in progress.
    @Test func xcodeEnvironmentGivesTheContext() throws {
        let fixture = try XcodeFixture()
        try fixture.write("App/Info.plist", multiLinkPlist)
        try fixture.write("App/App.entitlements", linkEntitlements)
        let root = fixture.root.resolvingSymlinksInPath().path
        let environment: [String: String?] = [
            "SRCROOT": root, "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements",
            "PLATFORM_NAME": "iphoneos",
            "IPHONEOS_DEPLOYMENT_TARGET": "16.0", "MACOSX_DEPLOYMENT_TARGET": "10.13", "TARGET_NAME": "App",
            "CONFIGURATION": "Debug",
        ]
        let run = try fixture.run(["--xcode-environment"], environment: environment)
        #expect(
            run.standardOutput
                == "\(root)/App/Info.plist:4:2: warning: SKExternalPurchaseMultiLink needs iOS 17.5 but the deployment target is iOS 16.0 (IPHONEOS_DEPLOYMENT_TARGET in the build environment); add SKExternalPurchaseLink so that older systems get a link [EP501]\n"
        )
        // Declared input files are what the phase lints: its plists, not the files declared so
        // that the sandbox lets eplint read them (Examples/xcode).
        try fixture.write("Other/Info.plist", linkPlist)
        try fixture.write(".eplint.yml", "disable: [EP206]\n")
        try fixture.write("Config/InfoPlist.h", "#define STORE 1\n")
        let declared = try fixture.run(
            ["--xcode-environment"],
            environment: environment.merging(
                [
                    "SCRIPT_INPUT_FILE_COUNT": "3", "SCRIPT_INPUT_FILE_0": "\(root)/Other/Info.plist",
                    "SCRIPT_INPUT_FILE_1": "\(root)/.eplint.yml", "SCRIPT_INPUT_FILE_2": "\(root)/Config/InfoPlist.h",
                    "IPHONEOS_DEPLOYMENT_TARGET": "17.5",
                ]) { $1 })
        #expect(
            declared.status == 0 && !declared.standardOutput.contains("App/Info.plist"), "\(declared.standardOutput)")
        #expect(declared.standardOutput.hasPrefix("\(root)/Other/Info.plist:"), "\(declared.standardOutput)")
        let outside = try fixture.run(["--xcode-environment"], environment: ["SRCROOT": nil])
        #expect(outside.status == 2 && outside.standardError.contains("SRCROOT is not set"))
    }

    /// The environment of each target of corpus projects, made from the settings `eplint context`
    /// resolved: the phase pairs the same entitlements and finds nothing, as the project run does.
    @Test(
        .requires(.xcodeproj),
        arguments: [
            "home-assistant__iOS", "owncloud__ios-app", "Ranchero-Software__NetNewsWire", "WireGuard__wireguard-apple",
        ])
    func xcodeEnvironmentCapturedFromTheCorpus(_ repository: String) throws {
        let folder = XcodeTruthTests.corpus.appendingPathComponent(repository)
        let context = try Eplint.run(["context", "--format", "json", "."], in: folder)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(context.standardOutput.utf8)) as? [String: Any])
        var checked = 0
        for project in json["projects"] as! [[String: Any]] {
            let sourceRoot = folder.appendingPathComponent(project["sourceRoot"] as! String).standardized.path
            for target in project["targets"] as! [[String: Any]] {
                for configuration in target["configurations"] as! [[String: Any]]
                where configuration["infoPlist"] is String {
                    var environment: [String: String?] = [
                        "SRCROOT": sourceRoot, "TARGET_NAME": target["name"] as? String,
                        "CONFIGURATION": configuration["name"] as? String,
                        "PLATFORM_NAME": (configuration["sdk"] as! String).filter(\.isLetter),
                    ]
                    for (name, setting) in configuration["settings"] as! [String: [String: String]] {
                        environment[name] = setting["value"]
                    }
                    let run = try Eplint.run(
                        ["--verbose", "--xcode-environment"], in: folder, environment: environment)
                    #expect(
                        run.status == 0 && run.standardOutput == "",
                        "\(repository) \(target["name"]!): \(run.standardOutput)")
                    if let entitlements = configuration["entitlements"] as? String {
                        #expect(
                            run.standardError.contains(
                                "pairs with \(folder.appendingPathComponent(entitlements).standardized.path) "),
                            "\(repository) \(target["name"]!): \(run.standardError)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 0)
    }

    @Test func projectInTheConfigurationAndGeneratedInfoPlists() throws {
        let fixture = try XcodeFixture()
        try fixture.write("Sources/Info.plist", multiLinkPlist)
        try fixture.write("Sources/App.entitlements", linkEntitlements)
        // The project lives in another folder than the one linted: project: in .eplint.yml names it.
        try fixture.writeProject(
            project: ["IPHONEOS_DEPLOYMENT_TARGET": "15.0", "SDKROOT": "iphoneos"],
            target: [
                "INFOPLIST_FILE": "../Sources/Info.plist", "CODE_SIGN_ENTITLEMENTS": "../Sources/App.entitlements",
            ])
        try FileManager.default.createDirectory(
            at: fixture.root.appendingPathComponent("Xcode"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: fixture.root.appendingPathComponent("App.xcodeproj"),
            to: fixture.root.appendingPathComponent("Xcode/App.xcodeproj"))
        try fixture.write(".eplint.yml", "project: Xcode/App.xcodeproj\n")
        #expect(
            try fixture.run(["Sources"]).standardOutput.contains(
                "deployment target is iOS 15.0 (IPHONEOS_DEPLOYMENT_TARGET in the project's build settings)"))
        try fixture.write(".eplint.yml", "project: [Missing.txt]\n")
        #expect(try fixture.run(["Sources"]).status == 2)

        // A target whose Info.plist is generated from settings: nothing to read, and --verbose says why.
        try fixture.write(".eplint.yml", "")
        try fixture.writeProject(target: ["GENERATE_INFOPLIST_FILE": "YES"])
        let generated = try fixture.run(["--verbose", "App.xcodeproj"])
        #expect(generated.status == 0 && generated.standardOutput == "")
        #expect(
            generated.standardError.contains(
                "App.xcodeproj: App/Debug: the Info.plist is generated from INFOPLIST_KEY_* settings (GENERATE_INFOPLIST_FILE)"
            ))
    }

    /// Mac Catalyst builds an iOS target with the macOS SDK: `[sdk=macosx*]` settings apply there,
    /// and a diagnostic that holds only for that build says so.
    @Test func macCatalystBuildsAreLintedWithTheirOwnSettings() throws {
        let fixture = try XcodeFixture()
        try fixture.write("App/Info.plist", linkPlist)
        try fixture.write("App/App.entitlements", linkEntitlements)
        try fixture.write("App/Mac.entitlements", plist(""))
        let settings = [
            "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements",
            "CODE_SIGN_ENTITLEMENTS[sdk=macosx*]": "App/Mac.entitlements", "SUPPORTS_MACCATALYST": "YES",
        ]
        try fixture.writeProject(
            project: ["SDKROOT": "iphoneos", "IPHONEOS_DEPLOYMENT_TARGET": "16.2"], target: settings)
        let run = try fixture.run(["App.xcodeproj"])
        #expect(
            run.standardOutput
                == "App/Info.plist:4:2: error: SKExternalPurchaseLink needs the entitlement com.apple.developer.storekit.external-purchase-link set to <true/> in App/Mac.entitlements (only in App/Debug (Mac Catalyst), App/Release (Mac Catalyst)) [EP401]\n"
        )
        let context = try fixture.run(["context", "--configuration", "Debug", "App.xcodeproj"])
        #expect(
            context.standardOutput.contains(
                "also macosx26.0 (Mac Catalyst): entitlements App/Mac.entitlements, MACOSX_DEPLOYMENT_TARGET = 13.2"))
    }

    /// --fix with an Xcode project: a fix applies only where its finding holds in every
    /// configuration. `nl` repeats the first region in Debug only, so it stays; `IT` is
    /// upper-case in both, so it is lowercased.
    @Test func fixOnlyWhatHoldsInEveryConfiguration() throws {
        let fixture = try XcodeFixture()
        let text = plist(
            "\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>$(FIRST_REGION)</string>\n\t\t<string>nl</string>\n\t\t<string>IT</string>\n\t</array>"
        )
        try fixture.write("App/Info.plist", text)
        try fixture.writeProject(
            target: ["INFOPLIST_FILE": "App/Info.plist", "FIRST_REGION": "nl"],
            releaseTarget: ["INFOPLIST_FILE": "App/Info.plist", "FIRST_REGION": "fr"])
        let run = try fixture.run(["--fix", "."], environment: [:])
        #expect(
            try fixture.read("App/Info.plist")
                == text.replacingOccurrences(of: "<string>IT</string>", with: "<string>it</string>"))
        #expect(run.standardError == "1 fixed, 1 remaining\n", "\(run.standardError)")
        #expect(
            run.standardOutput.contains("[EP104]") && run.standardOutput.contains("(only in App/Debug)"),
            "\(run.standardOutput)")
    }
}
