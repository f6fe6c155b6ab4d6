import Foundation
import TestSupport
import Testing

/// `#if TARGET_OS_*` without an Xcode project: the platform from `--platform` or `platform:`,
/// and an EP007 note when nothing tells it (the end-to-end PlatformMacroTests keep the Xcode
/// target's platforms, the build environment's and an unknown name's usage error).
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
}
