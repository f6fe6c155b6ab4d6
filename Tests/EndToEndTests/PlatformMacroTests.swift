import Foundation
import TestSupport
import Testing

/// `#if TARGET_OS_*` through the binary: the Xcode target's platforms (device and simulator
/// linted apart, findings of both once), the build environment's platform, and an unknown
/// `--platform` (a known one, `platform:` and EP007: LintRunTests' PlatformMacroTests).
@Suite struct PlatformMacroTests {

    @Test func theTargetsDeviceAndSimulatorAreLintedApart() throws {
        let project = try Project()
        try project.write("App/Info.plist", PlatformMacroText.infoPlist)
        try project.writeProject(target: [
            "INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos", "INFOPLIST_PREPROCESS": "YES",
        ])
        let run = try project.run(["App.xcodeproj"])
        #expect(
            run.standardOutput
                == PlatformMacroText.simulatorFinding.dropLast(" [EP101]".count)
                + " (only in App/Debug (iOS Simulator), App/Release (iOS Simulator)) [EP101]\n")
        // A device-only target: no simulator context.
        try project.writeProject(target: [
            "INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "iphoneos",
            "INFOPLIST_PREPROCESS": "YES",
        ])
        #expect(try project.run(["App.xcodeproj"]).standardOutput == "")
        let context = try project.run(["context", "--configuration", "Debug", "."]).standardOutput
        #expect(context.contains(", platform ios\n") && !context.contains("ios-simulator"), "\(context)")
    }

    /// An unknown `--platform` is a usage error (what a known one does: LintRunTests' PlatformMacroTests).
    @Test func anUnknownPlatformFailsTheRun() throws {
        let project = try Project()
        try project.write("App/Info.plist", PlatformMacroText.infoPlist)
        let wrong = try project.run(["--platform", "amiga", "App/Info.plist"])
        #expect(wrong.status == 2 && wrong.standardError.contains("unknown platform 'amiga' in --platform"))
    }

    @Test func theBuildEnvironmentsPlatform() throws {
        let project = try Project()
        try project.write("App/Info.plist", PlatformMacroText.infoPlist)
        let root = project.root.resolvingSymlinksInPath().path
        let run = try Eplint.run(
            ["--xcode-environment"], in: project.root,
            environment: [
                "SRCROOT": root, "INFOPLIST_FILE": "App/Info.plist", "PLATFORM_NAME": "iphonesimulator",
                "TARGET_NAME": "App", "CONFIGURATION": "Debug", "INFOPLIST_PREPROCESS": "YES",
            ])
        #expect(run.standardOutput == "\(root)/" + PlatformMacroText.simulatorFinding + "\n")
    }
}
