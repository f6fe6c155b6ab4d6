import RunPlan
import Testing

/// Standard input is a context of the plan: the run's configuration and the entitlements file a
/// file of its name would pair with, decided with the rest of the plan.
@Suite struct StandardInputContextTests {
    static func standardInput(_ files: [String: String], name: String?, entitlements: String? = nil) throws -> TargetLintContext? {
        var options = PlanOptions()
        options.paths = ["-"]
        options.standardInputName = name
        options.entitlements = entitlements
        let planner = RunPlanner(options: options, fileSystem: MemoryFileSystem(files), note: { _ in })
        return try planner.xcodeLintPlan(planner.runConfiguration(nil), configurationFile: nil).standardInput
    }

    @Test func standardInputPairsAsAFileOfItsName() throws {
        let one = try #require(try Self.standardInput(["App/App.entitlements": ""], name: "App/Info.plist"))
        #expect(one.label == "standard input" && one.infoPlist == "App/Info.plist")
        #expect(one.entitlements == "App/App.entitlements" && one.entitlementsReason == "the only *.entitlements file in its folder")

        let two = try #require(try Self.standardInput(["App/A.entitlements": "", "App/B.entitlements": ""], name: "App/Info.plist"))
        #expect(two.entitlements == nil && two.entitlementsReason.hasPrefix("2 *.entitlements files in its folder"))

        let named = try #require(try Self.standardInput(["App/App.entitlements": ""], name: nil, entitlements: "Other.entitlements"))
        #expect(named.infoPlist == "<stdin>" && named.entitlements == "Other.entitlements" && named.entitlementsReason == "--entitlements")
    }

    @Test func noStandardInputNoContext() throws {
        var options = PlanOptions()
        options.paths = ["."]
        let planner = RunPlanner(options: options, fileSystem: MemoryFileSystem(["App/Info.plist": ""]), note: { _ in })
        #expect(try planner.xcodeLintPlan(planner.runConfiguration(nil), configurationFile: nil).standardInput == nil)
    }
}
