import Foundation
import TestSupport
import Testing

/// `#if TARGET_OS_*`: the platform from `--platform` or `platform:`, an EP007 note when nothing
/// tells it, the Xcode target's platforms and the build environment's (the end-to-end
/// PlatformMacroTests keep an unknown name's usage error).
@Suite struct PlatformMacroTests {
    static let otherFinding = "App/Info.plist:10:9: error: region 'FR' must be lowercase: 'fr' [EP101]"

    @Test func thePlatformFlagWithoutAProject() throws {
        let folder = try FixRunTests.folder(with: ["App/Info.plist": PlatformMacroText.infoPlist])
        func lint(_ platform: String?) throws -> String {
            try FolderRun(["App/Info.plist"], in: folder) { $0.plan.platform = platform }.gcc
        }
        #expect(
            try lint(nil)
                == "App/Info.plist:5:1: note: TARGET_OS_SIMULATOR is set by the platform the Info.plist is built for, which this run does not know (an Xcode target, --platform or platform: in .eplint.yml tells it); taken as undefined [EP007]\n"
                + "App/Info.plist:7:1: note: TARGET_OS_IOS is set by the platform the Info.plist is built for, which this run does not know (an Xcode target, --platform or platform: in .eplint.yml tells it); taken as undefined [EP007]\n"
                + Self.otherFinding + "\n")
        #expect(try lint("ios") == "")
        #expect(try lint("iphonesimulator") == PlatformMacroText.simulatorFinding + "\n")
        #expect(try lint("macos") == Self.otherFinding + "\n")
        try "platform: maccatalyst\n".write(
            to: folder.appendingPathComponent(".eplint.yml"), atomically: true, encoding: .utf8)
        #expect(try lint(nil) == "")
    }

    /// The Xcode target's platforms: device and simulator linted apart, findings of both once.
    @Test func theTargetsDeviceAndSimulatorAreLintedApart() throws {
        var files = [
            "App/Info.plist": PlatformMacroText.infoPlist,
            "App.xcodeproj/project.pbxproj": XcodeProjectText.pbxproj(target: [
                "INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos", "INFOPLIST_PREPROCESS": "YES",
            ]),
        ]
        #expect(
            MemoryRun(["App.xcodeproj"], over: files).output()
                == PlatformMacroText.simulatorFinding.dropLast(" [EP101]".count)
                + " (only in App/Debug (iOS Simulator), App/Release (iOS Simulator)) [EP101]\n")
        // A device-only target: no simulator context.
        files["App.xcodeproj/project.pbxproj"] = XcodeProjectText.pbxproj(target: [
            "INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "iphoneos",
            "INFOPLIST_PREPROCESS": "YES",
        ])
        #expect(MemoryRun(["App.xcodeproj"], over: files).output() == "")
        let context = try MemoryRun.context(["."], over: files) { $0.plan.configurations = ["Debug"] }
        #expect(context.contains(", platform ios\n") && !context.contains("ios-simulator"), "\(context)")
    }

    /// A Run Script phase's platform: the build environment's.
    @Test func theBuildEnvironmentsPlatform() {
        let run = MemoryRun(
            [], over: ["App/Info.plist": PlatformMacroText.infoPlist],
            variables: [
                "SRCROOT": MemoryRun.root, "INFOPLIST_FILE": "App/Info.plist", "PLATFORM_NAME": "iphonesimulator",
                "TARGET_NAME": "App", "CONFIGURATION": "Debug", "INFOPLIST_PREPROCESS": "YES",
            ]
        ) { $0.plan.xcodeEnvironment = true }
        #expect(run.output() == "\(MemoryRun.root)/" + PlatformMacroText.simulatorFinding + "\n")
    }
}
