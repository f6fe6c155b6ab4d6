import RunPlan
import TestSupport
import Testing

/// Standard input is a context of the plan: the run's configuration and the entitlements file a
/// file of its name would pair with, decided with the rest of the plan.
@Suite struct StandardInputContextTests {
    static func standardInput(_ files: [String: String], name: String?, entitlements: String? = nil) throws
        -> TargetLintContext?
    {
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
        #expect(
            one.entitlements == "App/App.entitlements"
                && one.entitlementsReason == "the only *.entitlements file in its folder")

        let two = try #require(
            try Self.standardInput(["App/A.entitlements": "", "App/B.entitlements": ""], name: "App/Info.plist"))
        #expect(two.entitlements == nil && two.entitlementsReason.hasPrefix("2 *.entitlements files in its folder"))

        let named = try #require(
            try Self.standardInput(["App/App.entitlements": ""], name: nil, entitlements: "Other.entitlements"))
        #expect(
            named.infoPlist == "<stdin>" && named.entitlements == "Other.entitlements"
                && named.entitlementsReason == "--entitlements")
    }

    @Test func noStandardInputNoContext() throws {
        var options = PlanOptions()
        options.paths = ["."]
        let planner = RunPlanner(options: options, fileSystem: MemoryFileSystem(["App/Info.plist": ""]), note: { _ in })
        #expect(try planner.xcodeLintPlan(planner.runConfiguration(nil), configurationFile: nil).standardInput == nil)
    }

    /// `--verbose` says what the plan chose, in its words: the file and why, or why none.
    @Test func theVerboseNoteSaysWhatWasChosen() throws {
        let files = ["App/A.entitlements": "", "App/B.entitlements": "", "Other/Only.entitlements": ""]
        let pairer = EntitlementsPairer(
            explicit: nil, mapped: [:], fileSystem: MemoryFileSystem(files),
            infoPlists: ["App/Info.plist", "Other/Info.plist", "None/Info.plist"])
        #expect(
            pairer.choice(for: "App/Info.plist").note(for: "App/Info.plist")
                == "eplint: App/Info.plist is not paired: 2 *.entitlements files in its folder; name one with --entitlements or entitlements: in .eplint.yml\n"
        )
        #expect(
            pairer.choice(for: "Other/Info.plist").note(for: "Other/Info.plist")
                == "eplint: Other/Info.plist pairs with Other/Only.entitlements (the only *.entitlements file in its folder)\n"
        )
        #expect(pairer.choice(for: "None/Info.plist") == .none)
        #expect(pairer.choice(for: "None/Info.plist").note(for: "None/Info.plist") == nil)
        #expect(pairer.candidates == ["Other/Only.entitlements"])
    }
}
