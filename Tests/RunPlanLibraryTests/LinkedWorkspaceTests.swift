import Configuration
import RunPlan
import TestSupport
import Testing

/// A workspace reached through a link (`/var/folders/…` is `/private/var/folders/…` on macOS,
/// where the run's canonical paths resolve the link): one file however it is spelled, and paths
/// shown as the user spelled the working directory, never `../../…/private/var/…`.
@Suite struct LinkedWorkspaceTests {
    static let files = [
        "private/var/App/Info.plist": "<plist><dict/></plist>\n",
        "private/var/App/Mapped.entitlements": "<plist><dict/></plist>\n",
        "private/var/App/Other.entitlements": "<plist><dict/></plist>\n",
        "private/var/Config/Release.xcconfig": "// Store\nHOST = shop.example.com\n",
    ]

    /// `/work/var` → `/work/private/var`, the working directory spelled through the link.
    static func fileSystem(foldsCase: Bool = false) -> MemoryFileSystem {
        var fileSystem = MemoryFileSystem(files, foldsCase: foldsCase, folderLinks: ["var": "private/var"])
        fileSystem.workingDirectory = "/work/var"
        return fileSystem
    }

    /// The configuration as the run loads it: its folder canonical (the link resolved).
    static func configuration(_ text: String) throws -> ConfigurationFile {
        try ConfigurationFile(text: text, path: ".eplint.yml", directory: "/work/private/var")
    }

    @Test func xcconfigOriginsKeepTheWorkingDirectorysSpelling() throws {
        let fileSystem = Self.fileSystem()
        let planner = RunPlanner(options: PlanOptions(), fileSystem: fileSystem, note: { _ in })
        let settings = try planner.runConfiguration(
            try Self.configuration("xcconfig: [\"Config/Release.xcconfig\"]\n")
        ).buildSettings
        #expect(settings.definitions["HOST"]?.origin == "Config/Release.xcconfig:2")
        // --xcconfig as typed, through the link: the same.
        var options = PlanOptions()
        options.xcconfig = ["Config/Release.xcconfig"]
        let typed = try RunPlanner(options: options, fileSystem: fileSystem, note: { _ in }).runConfiguration(nil)
        #expect(typed.buildSettings.definitions["HOST"]?.origin == "Config/Release.xcconfig:2")
        // A file outside the working directory is still shown relative to it, by the shorter way.
        #expect(fileSystem.shown("/work/private/Other/x.plist") == "../Other/x.plist")
        #expect(fileSystem.shown("/work/Other/x.plist") == "../Other/x.plist")
        #expect(fileSystem.shown("/work/var/App/Info.plist") == "App/Info.plist")
    }

    /// `entitlements:` names the Info.plist through the link, or by its real path, or (where
    /// names ignore case) in another case: one file, paired with the mapped entitlements.
    @Test func theEntitlementsMapHoldsForEverySpelling() throws {
        let mapped = EntitlementsPairer.Choice.file(
            "App/Mapped.entitlements", reason: "entitlements: in the configuration")
        for (foldsCase, infoPlist, linted) in [
            (false, "App/Info.plist", "App/Info.plist"),
            (false, "/work/var/App/Info.plist", "/work/private/var/App/Info.plist"),
            (false, "/work/private/var/App/Info.plist", "/work/var/App/Info.plist"),
            (true, "app/INFO.plist", "/work/VAR/App/Info.plist"),
        ] {
            let fileSystem = Self.fileSystem(foldsCase: foldsCase)
            let planner = RunPlanner(options: PlanOptions(), fileSystem: fileSystem, note: { _ in })
            let configuration = try Self.configuration(
                "entitlements: {\"\(infoPlist)\": \"App/Mapped.entitlements\"}\n")
            let pairer = EntitlementsPairer(
                explicit: nil, mapped: planner.configuredEntitlements(configuration), fileSystem: fileSystem,
                infoPlists: [linted])
            #expect(pairer.choice(for: linted) == mapped, "\(infoPlist) for \(linted)")
            #expect(fileSystem.identity(of: infoPlist) == fileSystem.identity(of: linted))
        }
        // Case-sensitive: another case is another file.
        let fileSystem = Self.fileSystem()
        #expect(fileSystem.identity(of: "App/info.plist") != fileSystem.identity(of: "App/Info.plist"))
    }
}
