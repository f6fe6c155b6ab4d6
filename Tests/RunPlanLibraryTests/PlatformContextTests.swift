import Configuration
import EplintBase
import RunPlan
import TestSupport
import Testing

/// The platform an Info.plist is preprocessed for (its TARGET_OS_* macros): one context per
/// platform a target builds for, the build's own under `--xcode-environment`, the run's
/// (`--platform` over `platform:`) over either.
@Suite struct PlatformContextTests {
    /// Label and platform of each context of `App/Info.plist`, in plan order.
    static func contexts(
        target: [String: String] = [:], configuration: String? = nil, environment: [String: String] = [:],
        options change: (inout PlanOptions) -> Void = { _ in }
    ) throws -> [String] {
        var files = ["App/Info.plist": "<plist><dict/></plist>\n"]
        if !target.isEmpty {
            files["App.xcodeproj/project.pbxproj"] = XcodeProjectText.pbxproj(
                target: target.merging(["INFOPLIST_FILE": "App/Info.plist"]) { $1 })
        }
        var options = PlanOptions()
        options.paths = environment.isEmpty ? ["."] : []
        options.xcodeEnvironment = !environment.isEmpty
        change(&options)
        let configurationFile = try configuration.map {
            try ConfigurationFile(text: $0, path: ".eplint.yml", directory: "/work")
        }
        let planner = RunPlanner(options: options, fileSystem: MemoryFileSystem(files), environment: environment) {
            _ in
        }
        let plan = try planner.xcodeLintPlan(planner.runConfiguration(configurationFile), configurationFile: nil)
        return (plan.contexts(of: "/work/App/Info.plist") ?? []).map {
            "\($0.label): \($0.configuration.preprocessing.platform?.rawValue ?? "unknown")"
        }
    }

    @Test func aDeviceOnlyTargetIsItsPlatform() throws {
        #expect(
            try Self.contexts(target: ["SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "iphoneos"]) == [
                "App/Debug: ios", "App/Release: ios",
            ])
        #expect(
            try Self.contexts(target: ["SDKROOT": "macosx"]) == ["App/Debug: macos", "App/Release: macos"])
    }

    /// Device and simulator differ in TARGET_OS_SIMULATOR: Xcode builds either, eplint lints both.
    @Test func deviceAndSimulatorAreTwoContexts() throws {
        let expected = [
            "App/Debug: ios", "App/Debug (iOS Simulator): ios-simulator", "App/Release: ios",
            "App/Release (iOS Simulator): ios-simulator",
        ]
        #expect(
            try Self.contexts(target: ["SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator"])
                == expected)
        // The iOS SDK's default SUPPORTED_PLATFORMS lists both too.
        #expect(try Self.contexts(target: ["SDKROOT": "iphoneos"]) == expected)
        #expect(
            try Self.contexts(target: ["SDKROOT": "xros", "SUPPORTED_PLATFORMS": "xrsimulator"]) == [
                "App/Debug: visionos-simulator", "App/Release: visionos-simulator",
            ])
    }

    @Test func severalPlatformsAndMacCatalyst() throws {
        #expect(
            try Self.contexts(
                target: [
                    "SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos macosx", "SUPPORTS_MACCATALYST": "YES",
                ]
            ).filter { $0.hasPrefix("App/Debug") } == [
                "App/Debug: ios", "App/Debug (macOS): macos", "App/Debug (Mac Catalyst): maccatalyst",
            ])
    }

    @Test func theBuildEnvironmentsPlatform() throws {
        let build = [
            "SRCROOT": "/work", "INFOPLIST_FILE": "App/Info.plist", "TARGET_NAME": "App", "CONFIGURATION": "Debug",
        ]
        #expect(
            try Self.contexts(environment: build.merging(["PLATFORM_NAME": "iphonesimulator"]) { $1 }) == [
                "App/Debug: ios-simulator"
            ])
        #expect(
            try Self.contexts(
                environment: build.merging([
                    "PLATFORM_NAME": "macosx", "IS_MACCATALYST": "YES", "EFFECTIVE_PLATFORM_NAME": "-maccatalyst",
                ]) { $1 }) == ["App/Debug: maccatalyst"])
        #expect(try Self.contexts(environment: build) == ["App/Debug: unknown"])
        // The run's platform wins over the build's, as its other settings do.
        #expect(
            try Self.contexts(environment: build.merging(["PLATFORM_NAME": "iphoneos"]) { $1 }) {
                $0.platform = "tvos"
            } == ["App/Debug: tvos"])
    }

    /// `--platform` › `platform:` › the target's platforms: the run's one platform makes one
    /// context per configuration.
    @Test func theRunsPlatformWins() throws {
        let target = ["SDKROOT": "iphoneos", "SUPPORTS_MACCATALYST": "YES"]
        #expect(
            try Self.contexts(target: target, configuration: "platform: watchos\n") { $0.platform = "macosx" } == [
                "App/Debug: macos", "App/Release: macos",
            ])
        #expect(
            try Self.contexts(target: target, configuration: "platform: watchsimulator\n") == [
                "App/Debug: watchos-simulator", "App/Release: watchos-simulator",
            ])
        #expect(throws: PlanFailure.self) { try Self.contexts(target: target) { $0.platform = "linux" } }
    }

    @Test func anUnknownConfiguredPlatformNamesTheLine() {
        #expect {
            _ = try ConfigurationFile(text: "disable: []\nplatform: beos\n", path: ".eplint.yml", directory: "/work")
        } throws: { error in
            (error as? ConfigurationError)?.message.hasPrefix(".eplint.yml:2: platform: unknown platform 'beos'")
                == true
        }
    }
}
