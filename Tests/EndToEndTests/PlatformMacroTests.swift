import Foundation
import TestSupport
import Testing

/// `#if TARGET_OS_*` through the binary: an unknown `--platform` (a known one, `platform:`, EP007,
/// the Xcode target's platforms and the build environment's: LintRunTests' PlatformMacroTests).
@Suite struct PlatformMacroTests {
    /// An unknown `--platform` is a usage error (what a known one does: LintRunTests' PlatformMacroTests).
    @Test func anUnknownPlatformFailsTheRun() throws {
        let project = try Project()
        try project.write("App/Info.plist", PlatformMacroText.infoPlist)
        let wrong = try project.run(["--platform", "amiga", "App/Info.plist"])
        #expect(wrong.status == 2 && wrong.standardError.contains("unknown platform 'amiga' in --platform"))
    }
}
