import Foundation
import LintRun
import TestSupport
import Testing

/// Xcode projects linted in-process, over files held in memory: what a project's targets give
/// the files they build (entitlements pairing, settings and xcconfig files, deployment targets,
/// preprocessing, Mac Catalyst, `--xcode-environment`, fixes and moves), each finding once, and
/// what the run says and exits with. The end-to-end XcodeProjectLintTests keep the corpus'
/// projects under `--xcode-environment`, through the binary.
@Suite struct XcodeProjectLintTests {
    static func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n"
    }

    static let linkPlist = plist(
        "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>https://example.com/nl</string>\n\t</dict>"
    )
    static let multiLinkPlist = plist(
        "\t<key>SKExternalPurchaseMultiLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<array>\n\t\t\t<string>https://example.com/nl</string>\n\t\t</array>\n\t</dict>"
    )
    static let linkEntitlements = plist("\t<key>com.apple.developer.storekit.external-purchase-link</key>\n\t<true/>")
    static let projectPath = "App.xcodeproj/project.pbxproj"

    /// `App.xcodeproj` with configurations Debug and Release; `xcconfig` is the project's base
    /// configuration (a path relative to the project folder).
    static func project(
        project: [String: String] = [:], target: [String: String], releaseTarget: [String: String]? = nil,
        xcconfig: String? = nil
    ) -> String {
        XcodeProjectText.pbxproj(project: project, target: target, releaseTarget: releaseTarget, xcconfig: xcconfig)
    }

    static let pairedTarget = ["INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"]

    /// A damaged project found beside the files (a conflicted pbxproj) warns and leaves them
    /// linted without its context; a damaged project the user names stops the run.
    @Test func aDamagedProjectFoundBesideTheFilesDoesNotFailTheirRun() {
        let files = [
            "App/Info.plist": Self.linkPlist, "App/App.entitlements": Self.linkEntitlements,
            Self.projectPath: "// !$*UTF8*$!\n{\n<<<<<<< HEAD\n",
        ]
        for paths in [["App/Info.plist"], ["."]] {
            let run = MemoryRun(paths, over: files)
            #expect(run.status == .clean && run.output() == "", "\(paths): \(run.output())")
            #expect(run.notes.hasPrefix("warning: eplint: App.xcodeproj: project.pbxproj:"), "\(paths): \(run.notes)")
            #expect(run.notes.hasSuffix("; linting without its context\n"), "\(paths): \(run.notes)")
        }
        let named = MemoryRun(["App.xcodeproj"], over: files)
        #expect(named.status == .failure)
        #expect(named.failures.first?.hasPrefix("App.xcodeproj: project.pbxproj:") == true, "\(named.failures)")
    }

    /// The run's own settings (`define:` in .eplint.yml, xcconfig files, `--define`) are not
    /// dropped when an Xcode project covers the file: they win over the target's.
    @Test func runSettingsHoldWithAndWithoutAProject() {
        var files = [
            "App/Info.plist": Self.plist(
                "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>$(STORE_URL)</string>\n\t</dict>"
            ),
            "App/App.entitlements": Self.linkEntitlements,
            ".eplint.yml": "define:\n  STORE_URL: http://example.com/nl\n",
            "Config/Store.xcconfig": "STORE_URL = http:/$()/xcconfig.example.com/nl\n",
        ]
        func findings(_ paths: [String], _ change: (inout LintOptions) -> Void = { _ in }) -> String {
            let run = MemoryRun(paths, over: files, change)
            #expect(run.notes == "" && run.failures == [], "\(paths): \(run.notes)\(run.failures)")
            return run.output()
        }
        let bare = findings(["App/Info.plist"])
        #expect(bare.contains("[EP201]") && bare.contains("STORE_URL set in .eplint.yml"), "\(bare)")
        files[Self.projectPath] = Self.project(
            target: Self.pairedTarget.merging(["STORE_URL": "https://target.example.com/nl"]) { $1 })
        #expect(findings(["App/Info.plist"]) == bare)
        #expect(findings(["."]) == bare.replacingOccurrences(of: "App/Info.plist", with: "./App/Info.plist"))
        // Without `define:`, an xcconfig file given to the run still wins over the target.
        files[".eplint.yml"] = "xcconfig: [Config/Store.xcconfig]\n"
        let fromXCConfig = findings(["App/Info.plist"])
        #expect(fromXCConfig.contains("[EP201]") && fromXCConfig.contains("Store.xcconfig"), "\(fromXCConfig)")
        // And `--define` wins over both.
        #expect(findings(["App/Info.plist"]) { $0.plan.definitions = ["STORE_URL=https://example.com/nl"] } == "")
    }

    /// A real Capacitor app's case: the Debug entitlements file is indented with NO-BREAK SPACEs
    /// (EP001), Release signs with another. Reached by the walk and by the Debug pairing, its
    /// finding is printed once, holding everywhere (the walk lints it in no context).
    @Test func aFileReachedByTheWalkAndByATargetReportsEachFindingOnce() {
        let files = [
            "App/Info.plist": Self.linkPlist,
            "App/App.entitlements": Self.linkEntitlements.replacingOccurrences(
                of: "\t<key>", with: "\u{A0}\u{A0}<key>"),
            "App/Release.entitlements": Self.linkEntitlements,
            Self.projectPath: Self.project(
                target: Self.pairedTarget,
                releaseTarget: [
                    "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/Release.entitlements",
                ]),
        ]
        let walked = MemoryRun(["."], over: files).output()
        let lines = walked.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(
            lines.count == 1 && lines[0].hasPrefix("./App/App.entitlements:") && lines[0].hasSuffix("[EP001]"),
            "\(walked)")
        #expect(!walked.contains("only in"), "\(walked)")
        // Named alone, the Info.plist reaches it through the Debug pairing only: the finding says so.
        let named = MemoryRun(["App/Info.plist"], over: files).output()
        let pairedLines = named.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(
            pairedLines.count == 1 && pairedLines[0].hasPrefix("App/App.entitlements:")
                && pairedLines[0].hasSuffix("(only in App/Debug) [EP001]"),
            "\(named)")
    }

    /// A shipped app's case: a stale, empty `*.entitlements` beside the Info.plist, the real
    /// one elsewhere named by CODE_SIGN_ENTITLEMENTS.
    @Test func theTargetsEntitlementsFileWinsOverAStaleOneBesideTheInfoPlist() {
        var files = [
            "App/Info.plist": Self.linkPlist, "App/Old.entitlements": Self.plist(""),
            "Signing/App.entitlements": Self.linkEntitlements,
        ]
        // Without a project, eplint guesses the only file beside the Info.plist (the stale one).
        #expect(MemoryRun(["App/Info.plist"], over: files).output().contains("in App/Old.entitlements [EP401]"))
        files[Self.projectPath] = Self.project(target: [
            "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "Signing/App.entitlements",
        ])
        // A workspace whose CocoaPods project is generated, not committed: the app's project counts.
        files["App.xcworkspace/contents.xcworkspacedata"] = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:App.xcodeproj"></FileRef>
               <Group location = "container:Pods" name = "Pods"><FileRef location = "group:Pods.xcodeproj"></FileRef></Group>
            </Workspace>
            """
        for (paths, projects) in [
            (["."], []), (["App.xcodeproj"], []), (["App.xcworkspace"], []), (["App/Info.plist"], ["App.xcodeproj"]),
            (["App/Info.plist"], []),
        ] {
            let run = MemoryRun(paths, over: files) {
                $0.plan.verbose = true
                $0.plan.projects = projects
            }
            #expect(run.status == .clean && run.output() == "", "\(paths) \(projects): \(run.output())")
            #expect(
                run.notes.contains(
                    "App/Info.plist pairs with Signing/App.entitlements (CODE_SIGN_ENTITLEMENTS of App/Debug)"),
                "\(paths) \(projects): \(run.notes)")
        }
        // The entitlements it signs with lack the entitlement: EP401 names the target's file.
        files["Signing/App.entitlements"] = Self.plist("")
        #expect(
            MemoryRun(["."], over: files).output().contains(
                "SKExternalPurchaseLink needs the entitlement com.apple.developer.storekit.external-purchase-link set to <true/> in Signing/App.entitlements [EP401]"
            ))
    }

    /// An entitlements file holding an Info.plist key (EP405), found by the walk and paired by
    /// its target (`./App/App.entitlements` and `App/App.entitlements`): each finding once.
    @Test func entitlementsWithAnInfoPlistKeyAreReportedOnce() {
        let files = [
            "App/Info.plist": Self.linkPlist,
            "App/App.entitlements": Self.plist(
                """
                \t<key>com.apple.developer.storekit.external-purchase-link</key>
                \t<true/>
                \t<key>SKExternalPurchase</key>
                \t<array><string>nl</string></array>
                """),
            Self.projectPath: Self.project(target: Self.pairedTarget),
        ]
        for paths in [["."], ["App"], ["App.xcodeproj"]] {
            let lines = MemoryRun(paths, over: files).output().split(separator: "\n")
            let ep405 = lines.filter {
                $0.hasSuffix(
                    "App/App.entitlements:6:2: error: SKExternalPurchase is an Info.plist key: in an entitlements file it has no effect; move it to the Info.plist [EP405]"
                )
            }
            #expect(
                ep405.count == 1 && Set(lines.map { $0.drop { $0 == "." || $0 == "/" } }).count == lines.count,
                "\(paths): \(lines)")
        }
    }

    /// The same file with a move (EP405): --diff and --fix through the project's walk, where the
    /// target pairs `App/App.entitlements` and the walk lints `./App/App.entitlements` on its own
    /// too. One diff per file; after --fix nothing remains. With two targets' entitlements files
    /// differing (Debug and Release), the fix is not the same everywhere: nothing moves.
    @Test func movesFollowTheTargetsPairing() {
        let entitlements = Self.plist(
            """
            \t<key>com.apple.developer.storekit.external-purchase-link</key>
            \t<true/>
            \t<key>com.apple.developer.storekit.external-purchase</key>
            \t<true/>
            \t<key>SKExternalPurchase</key>
            \t<array><string>nl</string></array>
            """)
        var files = [
            "App/Info.plist": Self.linkPlist, "App/App.entitlements": entitlements,
            Self.projectPath: Self.project(target: Self.pairedTarget),
        ]
        let diff = MemoryRun(["."], over: files) {
            $0.diff = true
            $0.unsafeFixes = true
        }
        #expect(diff.status == .findings)
        #expect(diff.diff.components(separatedBy: "\n--- ").count == 2 && diff.diff.hasPrefix("--- "), "\(diff.diff)")
        let fixed = MemoryRun(["."], over: files) {
            $0.fix = true
            $0.unsafeFixes = true
        }
        #expect(fixed.status == .clean, "\(fixed.output())\(fixed.notes)\(fixed.failures)")
        #expect(
            fixed.files["App/Info.plist"]
                == Self.linkPlist.replacingOccurrences(
                    of: "\t</dict>\n</dict>",
                    with: "\t</dict>\n\t<key>SKExternalPurchase</key>\n\t<array><string>nl</string></array>\n</dict>"))
        #expect(
            fixed.files["App/App.entitlements"]
                == Self.plist(
                    """
                    \t<key>com.apple.developer.storekit.external-purchase-link</key>
                    \t<true/>
                    \t<key>com.apple.developer.storekit.external-purchase</key>
                    \t<true/>
                    """))

        files["App/Release.entitlements"] = entitlements
        files[Self.projectPath] = Self.project(
            target: Self.pairedTarget,
            releaseTarget: ["INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/Release.entitlements"])
        let split = MemoryRun(["App/Info.plist"], over: files) {
            $0.fix = true
            $0.unsafeFixes = true
        }
        #expect(split.status == .findings)
        #expect(split.files == files && split.host.writes.isEmpty)
    }

    @Test func deploymentTargetsComeFromTheProjectWithoutConfiguration() {
        var files = [
            "App/Info.plist": Self.multiLinkPlist, "App/App.entitlements": Self.linkEntitlements,
            "Config/Base.xcconfig": "IPHONEOS_DEPLOYMENT_TARGET = 16.0\n",
            Self.projectPath: Self.project(
                project: ["SDKROOT": "iphoneos"], target: Self.pairedTarget, xcconfig: "Config/Base.xcconfig"),
        ]
        #expect(
            MemoryRun(["."], over: files).output()
                == "./App/Info.plist:4:2: warning: SKExternalPurchaseMultiLink needs iOS 17.5 but the deployment target is iOS 16.0 (IPHONEOS_DEPLOYMENT_TARGET in Config/Base.xcconfig:1); add SKExternalPurchaseLink so that older systems get a link [EP501]\n"
        )

        // Only Debug below 17.5: the diagnostic names the configuration it holds in.
        files[Self.projectPath] = Self.project(
            project: ["SDKROOT": "iphoneos"], target: Self.pairedTarget,
            releaseTarget: Self.pairedTarget.merging(["IPHONEOS_DEPLOYMENT_TARGET": "17.5"]) { $1 },
            xcconfig: "Config/Base.xcconfig")
        #expect(
            MemoryRun(["."], over: files).output().hasSuffix(
                "add SKExternalPurchaseLink so that older systems get a link (only in App/Debug) [EP501]\n"))
        #expect(MemoryRun(["."], over: files) { $0.plan.configurations = ["Release"] }.output() == "")
    }

    @Test func buildSettingsResolveLinksAndPreprocessingFollowsTheTarget() {
        var files = [
            "App/Info.plist": Self.plist(
                "#ifdef EXTERNAL\n\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>https://$(LINK_HOST)/nl</string>\n\t</dict>\n#endif"
            ),
            "App/App.entitlements": Self.linkEntitlements,
        ]
        let host = ["LINK_HOST": "$(HOST_NAME).example.com", "HOST_NAME": "shop"]
        func run(_ project: [String: String]) -> MemoryRun {
            files[Self.projectPath] = Self.project(project: host.merging(project) { $1 }, target: Self.pairedTarget)
            return MemoryRun(["."], over: files)
        }
        #expect(
            run([:]).output().hasPrefix(
                "./App/Info.plist:4:1: error: preprocessor line (and 1 more line) in an Info.plist whose target does not set INFOPLIST_PREPROCESS = YES: Xcode copies it into the app's Info.plist as text; set INFOPLIST_PREPROCESS = YES or remove the lines [EP011]\n"
            ))

        // Preprocessed without EXTERNAL defined: the keys are not in the output at all.
        #expect(run(["INFOPLIST_PREPROCESS": "YES"]).output().contains("[EP402]"))
        // Defined, without -traditional: cpp takes the URL's '//' for a comment (EP010).
        let defined = ["INFOPLIST_PREPROCESS": "YES", "INFOPLIST_PREPROCESSOR_DEFINITIONS": "EXTERNAL DEBUG=1"]
        #expect(run(defined).output().contains("[EP010]"))
        // With it: the link resolves through two settings to an https URL (no EP006).
        let clean = run(defined.merging(["INFOPLIST_OTHER_PREPROCESSOR_FLAGS": "-traditional"]) { $1 })
        #expect(clean.status == .clean && clean.output() == "", "\(clean.output())")
        // The macro from a -D flag, or from the prefix header's #define lines.
        // (A comment line in the header would reach the output, before the XML declaration, as with clang.)
        files["Config/Prefix.h"] = "#define EXTERNAL 1\n"
        for extra in [
            ["INFOPLIST_OTHER_PREPROCESSOR_FLAGS": "-traditional -DEXTERNAL"],
            ["INFOPLIST_PREFIX_HEADER": "Config/Prefix.h", "INFOPLIST_OTHER_PREPROCESSOR_FLAGS": "-traditional"],
        ] {
            let run = run(["INFOPLIST_PREPROCESS": "YES"].merging(extra) { $1 })
            #expect(run.status == .clean && run.output() == "", "\(extra): \(run.output())")
        }
    }

    @Test func contextShowsWhatWasResolvedAndWhereFrom() throws {
        let files = [
            "App/Info.plist": Self.linkPlist,
            "Config/Base.xcconfig": "IPHONEOS_DEPLOYMENT_TARGET = 16.0\nINFOPLIST_FILE = App/Info.plist\n",
            Self.projectPath: Self.project(
                project: ["SDKROOT": "iphoneos"], target: ["CODE_SIGN_ENTITLEMENTS": "Missing.entitlements"],
                xcconfig: "Config/Base.xcconfig"),
        ]
        let text = try MemoryRun.context(["."], over: files, as: .json) { $0.plan.configurations = ["Debug"] }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
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
    @Test func xcodeEnvironmentGivesTheContext() {
        var files = ["App/Info.plist": Self.multiLinkPlist, "App/App.entitlements": Self.linkEntitlements]
        let root = MemoryRun.root
        let environment = [
            "SRCROOT": root, "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements",
            "PLATFORM_NAME": "iphoneos",
            "IPHONEOS_DEPLOYMENT_TARGET": "16.0", "MACOSX_DEPLOYMENT_TARGET": "10.13", "TARGET_NAME": "App",
            "CONFIGURATION": "Debug",
        ]
        func run(_ variables: [String: String]) -> MemoryRun {
            MemoryRun([], over: files, variables: variables) { $0.plan.xcodeEnvironment = true }
        }
        #expect(
            run(environment).output()
                == "\(root)/App/Info.plist:4:2: warning: SKExternalPurchaseMultiLink needs iOS 17.5 but the deployment target is iOS 16.0 (IPHONEOS_DEPLOYMENT_TARGET in the build environment); add SKExternalPurchaseLink so that older systems get a link [EP501]\n"
        )
        // Declared input files are what the phase lints: its plists, not the files declared so
        // that the sandbox lets eplint read them (Examples/xcode).
        files["Other/Info.plist"] = Self.linkPlist
        files[".eplint.yml"] = "disable: [EP206]\n"
        files["Config/InfoPlist.h"] = "#define STORE 1\n"
        let declared = run(
            environment.merging(
                [
                    "SCRIPT_INPUT_FILE_COUNT": "3", "SCRIPT_INPUT_FILE_0": "\(root)/Other/Info.plist",
                    "SCRIPT_INPUT_FILE_1": "\(root)/.eplint.yml", "SCRIPT_INPUT_FILE_2": "\(root)/Config/InfoPlist.h",
                    "IPHONEOS_DEPLOYMENT_TARGET": "17.5",
                ]) { $1 })
        #expect(declared.status == .clean && !declared.output().contains("App/Info.plist"), "\(declared.output())")
        #expect(declared.output().hasPrefix("\(root)/Other/Info.plist:"), "\(declared.output())")
        let outside = run([:])
        #expect(outside.status == .failure && outside.failures.contains { $0.contains("SRCROOT is not set") })
    }

    @Test func projectInTheConfigurationAndGeneratedInfoPlists() {
        // The project lives in another folder than the one linted: project: in .eplint.yml names it.
        var files = [
            "Sources/Info.plist": Self.multiLinkPlist, "Sources/App.entitlements": Self.linkEntitlements,
            "Xcode/" + Self.projectPath: Self.project(
                project: ["IPHONEOS_DEPLOYMENT_TARGET": "15.0", "SDKROOT": "iphoneos"],
                target: [
                    "INFOPLIST_FILE": "../Sources/Info.plist", "CODE_SIGN_ENTITLEMENTS": "../Sources/App.entitlements",
                ]),
            ".eplint.yml": "project: Xcode/App.xcodeproj\n",
        ]
        #expect(
            MemoryRun(["Sources"], over: files).output().contains(
                "deployment target is iOS 15.0 (IPHONEOS_DEPLOYMENT_TARGET in the project's build settings)"))
        files[".eplint.yml"] = "project: [Missing.txt]\n"
        #expect(MemoryRun(["Sources"], over: files).status == .failure)

        // A target whose Info.plist is generated from settings: nothing to read, and --verbose says why.
        files[".eplint.yml"] = ""
        files[Self.projectPath] = Self.project(target: ["GENERATE_INFOPLIST_FILE": "YES"])
        let generated = MemoryRun(["App.xcodeproj"], over: files) { $0.plan.verbose = true }
        #expect(generated.status == .clean && generated.output() == "")
        #expect(
            generated.notes.contains(
                "App.xcodeproj: App/Debug: the Info.plist is generated from INFOPLIST_KEY_* settings (GENERATE_INFOPLIST_FILE)"
            ), "\(generated.notes)")
    }

    /// Mac Catalyst builds an iOS target with the macOS SDK: `[sdk=macosx*]` settings apply there,
    /// and a diagnostic that holds only for that build says so.
    @Test func macCatalystBuildsAreLintedWithTheirOwnSettings() throws {
        let files = [
            "App/Info.plist": Self.linkPlist, "App/App.entitlements": Self.linkEntitlements,
            "App/Mac.entitlements": Self.plist(""),
            Self.projectPath: Self.project(
                project: ["SDKROOT": "iphoneos", "IPHONEOS_DEPLOYMENT_TARGET": "16.2"],
                target: Self.pairedTarget.merging([
                    "CODE_SIGN_ENTITLEMENTS[sdk=macosx*]": "App/Mac.entitlements", "SUPPORTS_MACCATALYST": "YES",
                ]) { $1 }),
        ]
        #expect(
            MemoryRun(["App.xcodeproj"], over: files).output()
                == "App/Info.plist:4:2: error: SKExternalPurchaseLink needs the entitlement com.apple.developer.storekit.external-purchase-link set to <true/> in App/Mac.entitlements (only in App/Debug (Mac Catalyst), App/Release (Mac Catalyst)) [EP401]\n"
        )
        let context = try MemoryRun.context(["App.xcodeproj"], over: files) { $0.plan.configurations = ["Debug"] }
        #expect(
            context.contains(
                "also macosx26.0 (Mac Catalyst): entitlements App/Mac.entitlements, MACOSX_DEPLOYMENT_TARGET = 13.2"),
            "\(context)")
    }

    /// --fix with an Xcode project: a fix applies only where its finding holds in every
    /// configuration. `nl` repeats the first region in Debug only, so it stays; `IT` is
    /// upper-case in both, so it is lowercased.
    @Test func fixOnlyWhatHoldsInEveryConfiguration() {
        let text = Self.plist(
            "\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>$(FIRST_REGION)</string>\n\t\t<string>nl</string>\n\t\t<string>IT</string>\n\t</array>"
        )
        let files = [
            "App/Info.plist": text,
            Self.projectPath: Self.project(
                target: ["INFOPLIST_FILE": "App/Info.plist", "FIRST_REGION": "nl"],
                releaseTarget: ["INFOPLIST_FILE": "App/Info.plist", "FIRST_REGION": "fr"]),
        ]
        let run = MemoryRun(["."], over: files) { $0.fix = true }
        #expect(
            run.files["App/Info.plist"]
                == text.replacingOccurrences(of: "<string>IT</string>", with: "<string>it</string>"))
        #expect(run.fixSummary == "1 fixed, 1 remaining" && run.notes == "", "\(run.fixSummary) \(run.notes)")
        #expect(run.output().contains("[EP104]") && run.output().contains("(only in App/Debug)"), "\(run.output())")
    }
}
