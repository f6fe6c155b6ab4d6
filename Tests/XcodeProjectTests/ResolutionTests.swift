import Testing

@testable import XcodeProject

/// Xcode's evaluation rules (XCODE-SETTINGS.md A1-A8) on small projects held in memory.
@Suite struct ResolutionTests {
    /// A project whose files live in `files` (absolute paths), resolved for target `App`.
    func resolve(_ files: [String: String], configuration: String = "Debug") throws -> ResolvedConfiguration {
        let project = try XcodeProjectFile(bundlePath: "/r/App.xcodeproj") { files[$0].map { Array($0.utf8) } }
        let resolver = ProjectResolver(
            readFile: { files[$0] }, fileExists: { files[$0] != nil }, shown: { String($0.dropFirst(3)) })
        let target = try #require(resolver.resolve(project).first { $0.name == "App" })
        return try #require(target.configurations.first { $0.name == configuration })
    }

    func pbxproj(
        project: String, target: String, projectBase: String? = nil, targetBase: String? = nil, projectDir: String = ""
    ) -> String {
        """
        // !$*UTF8*$!
        { objects = {
            P = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G; projectDirPath = "\(projectDir)"; targets = (T, A); };
            G = {isa = PBXGroup; children = (S); path = ""; sourceTree = "<group>"; };
            S = {isa = PBXGroup; children = (F1, F2); path = Config; sourceTree = "<group>"; };
            F1 = {isa = PBXFileReference; path = Project.xcconfig; sourceTree = "<group>"; };
            F2 = {isa = PBXFileReference; path = /r/Config/Target.xcconfig; sourceTree = "<absolute>"; };
            PL = {isa = XCConfigurationList; buildConfigurations = (PD); defaultConfigurationName = Debug; };
            PD = {isa = XCBuildConfiguration; \(projectBase.map { "baseConfigurationReference = \($0);" } ?? "") buildSettings = {\(project)}; name = Debug; };
            T = {isa = PBXNativeTarget; buildConfigurationList = TL; name = App; };
            A = {isa = PBXAggregateTarget; name = Lint; };
            TL = {isa = XCConfigurationList; buildConfigurations = (TD, TX); };
            TD = {isa = XCBuildConfiguration; \(targetBase.map { "baseConfigurationReference = \($0);" } ?? "") buildSettings = {\(target)}; name = Debug; };
            TX = {isa = XCBuildConfiguration; buildSettings = {\(target)}; name = Extra; };
        }; rootObject = P; }
        """
    }

    func setting(_ resolved: ResolvedConfiguration, _ name: String) -> ResolvedSetting? {
        resolved.settings.first { $0.name == name }
            ?? resolved.buildSettings.definitions[name].map {
                ResolvedSetting(name: name, value: $0.value, from: $0.origin)
            }
    }

    @Test func levelsInheritInXcodesOrder() throws {
        let files = [
            "/r/App.xcodeproj/project.pbxproj": pbxproj(
                project: "INFOPLIST_PREPROCESSOR_DEFINITIONS = \"$(inherited) PROJECT\"; SDKROOT = iphoneos;",
                target: "INFOPLIST_PREPROCESSOR_DEFINITIONS = \"$(inherited) TARGET\";", projectBase: "F1",
                targetBase: "F2"),
            "/r/Config/Project.xcconfig":
                "INFOPLIST_PREPROCESSOR_DEFINITIONS = PROJECT_XCCONFIG\nIPHONEOS_DEPLOYMENT_TARGET = 15.0\n",
            "/r/Config/Target.xcconfig":
                "#include \"Shared\"\nINFOPLIST_PREPROCESSOR_DEFINITIONS = $(inherited) TARGET_XCCONFIG\n",
            "/r/Config/Shared.xcconfig":
                "IPHONEOS_DEPLOYMENT_TARGET = 16.0\nIPHONEOS_DEPLOYMENT_TARGET[sdk=macosx*] = 11.0\n",
        ]
        let resolved = try resolve(files)
        #expect(resolved.preprocessorDefinitions == ["PROJECT_XCCONFIG", "PROJECT", "TARGET_XCCONFIG", "TARGET"])
        #expect(resolved.deploymentTargets.map(\.value) == ["16.0"])
        #expect(setting(resolved, "IPHONEOS_DEPLOYMENT_TARGET")?.from == "target-xcconfig Config/Shared.xcconfig:1")
        #expect(resolved.sdk == "iphoneos26.0")
    }

    @Test func conditionsExpressionsAndBuiltIns() throws {
        let files = [
            "/r/App.xcodeproj/project.pbxproj": pbxproj(
                project:
                    "SDKROOT = iphoneos; PAID = YES; SUPPORTS_MACCATALYST = YES; IPHONEOS_DEPLOYMENT_TARGET = 17.0;",
                target: """
                    "CODE_SIGN_ENTITLEMENTS[sdk=macosx*]" = Mac.entitlements; CODE_SIGN_ENTITLEMENTS = "$(ENT_$(PAID:default=NO))";
                    ENT_YES = "${TARGET_NAME}-$(CONFIGURATION).entitlements"; ENT_NO = ""; "INFOPLIST_FILE[arch=arm64]" = Arm.plist;
                    INFOPLIST_FILE = "$(SRCROOT)/App/$$Info.plist"; "INFOPLIST_PREFIX_HEADER[config=Extra]" = "$(PROJECT_NAME:lower).h";
                    """)
        ]
        let debug = try resolve(files)
        #expect(debug.entitlements?.path == "/r/App-Debug.entitlements")
        #expect(debug.infoPlist?.path == "/r/App/$Info.plist", "[arch=arm64] does not match: no architecture is bound")
        #expect(debug.prefixHeader == nil)
        #expect(try resolve(files, configuration: "Extra").prefixHeader?.path == "/r/app.h")
        // Mac Catalyst: the macOS SDK's entitlements, macOS 14.0 mapped from iOS 17.0.
        let catalyst = try #require(debug.builds.last)
        #expect(catalyst.isMacCatalyst && catalyst.entitlements?.path == "/r/Mac.entitlements")
        #expect(catalyst.deploymentTarget?.value == "14.0")
    }

    @Test func sdkComesFromSupportedPlatformsWhenSDKROOTIsAutoOrElsewhere() throws {
        for (settings, sdk) in [
            ("SDKROOT = auto; SUPPORTED_PLATFORMS = \"macosx iphoneos\";", "iphoneos26.0"),
            ("SDKROOT = iphoneos; SUPPORTED_PLATFORMS = \"xros xrsimulator\";", "xros26.0"),
            ("SDKROOT = /Developer/SDKs/MacOSX10.4u.sdk;", "macosx26.0"),
            ("", "macosx26.0"),
        ] {
            let files = ["/r/App.xcodeproj/project.pbxproj": pbxproj(project: settings, target: "")]
            #expect(try resolve(files).sdk == sdk, "\(settings)")
        }
    }

    @Test func projectDirPathMovesSourceRoot() throws {
        let files = [
            "/r/App.xcodeproj/project.pbxproj": pbxproj(
                project: "INFOPLIST_FILE = Info.plist;", target: "", projectDir: "Sub"),
            "/r/Sub/Info.plist": "<plist/>",
        ]
        let resolved = try resolve(files)
        #expect(resolved.infoPlist == ResolvedFile(setting: "Info.plist", path: "/r/Sub/Info.plist", exists: true))
    }

    @Test func xcconfigContinuationsSearchPathsAndCycles() throws {
        var reader = XCConfigReader(conditions: [:]) {
            [
                "/p/A.xcconfig": "X = a \\\n  b // c\n#include \"Common\"\n#include? \"Gone.xcconfig\"\n",
                "/root/Common.xcconfig": "#include \"/p/A.xcconfig\"\nY[sdk=iphoneos*][arch=*] = y\n",
            ][$0]
        }
        reader.searchPaths = ["/root"]
        reader.lenient = true
        var notes: [String] = []
        let assignments = try reader.assignments("/p/A.xcconfig", shownAs: { $0 }, notes: &notes)
        #expect(assignments.map(\.key) == ["X", "Y"])
        #expect(assignments[0].value == "a b")
        #expect(
            assignments[1].conditions == [
                XCConfigCondition(parameter: "sdk", pattern: "iphoneos*"),
                XCConfigCondition(parameter: "arch", pattern: "*"),
            ])
        #expect(notes.count == 2, "\(notes)")
    }

    /// Hostile projects end: settings that double at every level, self-references, includes
    /// that fan out at every level.
    @Test func hostileSettingsAndIncludesEnd() throws {
        var settings =
            "SDKROOT = iphoneos; INFOPLIST_FILE = \"$(L0)\"; SELF = \"$(SELF)x\"; CODE_SIGN_ENTITLEMENTS = \"$(SELF)\";"
        for level in 0..<60 { settings += " L\(level) = \"$(L\(level + 1))$(L\(level + 1))\";" }
        settings += " L60 = abcdefgh;"
        var files = ["/r/App.xcodeproj/project.pbxproj": pbxproj(project: settings, target: "", projectBase: "F1")]
        files["/r/Config/Project.xcconfig"] = "#include \"F0.xcconfig\"\n"
        for level in 0..<16 {
            files["/r/Config/F\(level).xcconfig"] =
                "#include \"F\(level + 1).xcconfig\"\n#include \"F\(level + 1).xcconfig\"\n"
        }
        let resolved = try resolve(files)
        #expect((resolved.infoPlist?.setting.unicodeScalars.count ?? 0) <= 2 * SettingsStack.maximumLength)
        #expect(resolved.entitlements?.setting == "x")
        #expect(resolved.notes.contains { $0.contains("more than 10000 #include files") }, "\(resolved.notes)")
    }
}
