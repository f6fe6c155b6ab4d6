import Configuration
import EplintBase
import RunPlan
import TestSupport
import Testing

/// Which Xcode builds, and so whether `TARGET_OS_*` are predefined: the build's
/// `XCODE_VERSION_ACTUAL` under `--xcode-environment`, else `--xcode-version`, else
/// `xcode-version:`, else today's Xcode.
@Suite struct XcodeVersionPlanTests {
    static func decided(
        _ change: (inout PlanOptions) -> Void = { _ in }, configuration: String? = nil,
        environment: [String: String] = [:]
    ) throws -> (Bool, String) {
        var options = PlanOptions()
        change(&options)
        let planner = RunPlanner(
            options: options, fileSystem: MemoryFileSystem([:]), environment: environment, note: { _ in })
        let file = try configuration.map {
            try ConfigurationFile(text: $0, path: ".eplint.yml", directory: "/work")
        }
        let preprocessing = try planner.runConfiguration(file).preprocessing
        return (preprocessing.predefinesPlatformMacros, preprocessing.platformMacrosReason)
    }

    @Test func eachSourceInItsOrder() throws {
        #expect(try Self.decided().0)
        #expect(try Self.decided().1 == "the default: an Xcode of 16.3 or later; --xcode-version tells an older one")
        #expect(
            try Self.decided { $0.xcodeVersion = "16.2" }
                == (false, "Xcode 16.2 (--xcode-version): its clang predefines none before Xcode 16.3"))
        #expect(
            try Self.decided(configuration: "xcode-version: \"16.4\"\n")
                == (true, "Xcode 16.4 (xcode-version: in .eplint.yml): its clang predefines them from Xcode 16.3"))
        // The command line wins over the file; the build's own Xcode over both.
        #expect(try Self.decided({ $0.xcodeVersion = "15.4" }, configuration: "xcode-version: \"16.4\"\n").0 == false)
        let build = try Self.decided(
            {
                $0.xcodeVersion = "16.4"
                $0.xcodeEnvironment = true
            }, environment: ["XCODE_VERSION_ACTUAL": "1620"])
        #expect(build == (false, "Xcode 16.2 (XCODE_VERSION_ACTUAL 1620): its clang predefines none before Xcode 16.3"))
        // XCODE_VERSION_ACTUAL counts only under --xcode-environment.
        #expect(try Self.decided(environment: ["XCODE_VERSION_ACTUAL": "1620"]).0)
    }

    @Test func aVersionThatIsNoneIsAFailure() throws {
        #expect(throws: PlanFailure.self) { try Self.decided { $0.xcodeVersion = "latest" } }
        #expect(throws: PlanFailure.self) {
            try Self.decided({ $0.xcodeEnvironment = true }, environment: ["XCODE_VERSION_ACTUAL": "16.2"])
        }
        #expect(throws: ConfigurationError.self) { try Self.decided(configuration: "xcode-version: sixteen\n") }
    }
}
