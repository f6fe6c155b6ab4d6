import Configuration
import RunPlan
import TestSupport
import Testing

/// `entitlements:` of `.eplint.yml` names an Info.plist as the user typed it; on APFS
/// `App/info.plist` is the file `App/Info.plist`, so the entry holds for it, as an Xcode
/// target's context does (both found by file identity when the spelling differs). On a
/// case-sensitive file system they are two files and the entry does not hold.
@Suite struct EntitlementsMapSpellingTests {
    static let files = [
        "App/Info.plist": "<plist><dict/></plist>\n",
        "App/Mapped.entitlements": "<plist><dict/></plist>\n",
        "App/Signed.entitlements": "<plist><dict/></plist>\n",
    ]

    static func configuration(mapping infoPlist: String) throws -> ConfigurationFile {
        try ConfigurationFile(
            text: "entitlements: {\"\(infoPlist)\": \"App/Mapped.entitlements\"}\n", path: ".eplint.yml",
            directory: "/work")
    }

    static func choice(mapping infoPlist: String, foldsCase: Bool) throws -> EntitlementsPairer.Choice {
        let fileSystem = MemoryFileSystem(files, foldsCase: foldsCase)
        let planner = RunPlanner(options: PlanOptions(), fileSystem: fileSystem, note: { _ in })
        let pairer = EntitlementsPairer(
            explicit: nil, mapped: planner.configuredEntitlements(try configuration(mapping: infoPlist)),
            fileSystem: fileSystem, infoPlists: ["App/Info.plist"])
        return pairer.choice(for: "App/Info.plist")
    }

    @Test func anotherSpellingOfTheInfoPlistPairsWhereNamesIgnoreCase() throws {
        let mapped = EntitlementsPairer.Choice.file(
            "App/Mapped.entitlements", reason: "entitlements: in the configuration")
        #expect(try Self.choice(mapping: "App/Info.plist", foldsCase: false) == mapped)
        #expect(try Self.choice(mapping: "App/info.plist", foldsCase: true) == mapped)
        #expect(try Self.choice(mapping: "app/INFO.PLIST", foldsCase: true) == mapped)
        // Case-sensitive: another file, which does not exist; the folder's two files are not guessed from.
        #expect(try Self.choice(mapping: "App/info.plist", foldsCase: false) == .ambiguous(count: 2))
    }

    /// The map wins over the target's CODE_SIGN_ENTITLEMENTS, whichever way it spells the file.
    @Test func anotherSpellingOverridesTheTargetsEntitlements() throws {
        var files = Self.files
        files["App.xcodeproj/project.pbxproj"] = XcodeProjectText.pbxproj(target: [
            "INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos",
            "CODE_SIGN_ENTITLEMENTS": "App/Signed.entitlements",
            // The device alone: one context per configuration (Debug, Release).
            "SUPPORTED_PLATFORMS": "iphoneos",
        ])
        func entitlements(mapping infoPlist: String, foldsCase: Bool) throws -> [String?] {
            var options = PlanOptions()
            options.paths = ["."]
            let planner = RunPlanner(
                options: options, fileSystem: MemoryFileSystem(files, foldsCase: foldsCase), note: { _ in })
            let configuration = try Self.configuration(mapping: infoPlist)
            let plan = try planner.xcodeLintPlan(
                planner.runConfiguration(configuration), configurationFile: configuration)
            // The file as a walk of a folder holding it spells it, and as its owner typed it.
            #expect(plan.contexts(of: "app/info.plist")?.count == (foldsCase ? 2 : nil))
            return (plan.contexts(of: "App/Info.plist") ?? []).map(\.entitlements)
        }
        #expect(
            try entitlements(mapping: "App/info.plist", foldsCase: true) == [
                "App/Mapped.entitlements", "App/Mapped.entitlements",
            ])
        #expect(
            try entitlements(mapping: "App/info.plist", foldsCase: false) == [
                "App/Signed.entitlements", "App/Signed.entitlements",
            ])
    }
}
