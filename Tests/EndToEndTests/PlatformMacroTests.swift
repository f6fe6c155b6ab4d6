import Foundation
import Testing

/// `#if TARGET_OS_*` through the binary: an unknown `--platform` (a known one, `platform:`, EP007,
/// the Xcode target's platforms and the build environment's: LintRunTests' PlatformMacroTests).
@Suite struct PlatformMacroTests {
    /// The simulator's branch has an upper-case region (EP101), the device's none.
    static let infoPlist =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>SKExternalPurchase</key>\n#if TARGET_OS_SIMULATOR\n\t<array><string>NL</string></array>\n#elif TARGET_OS_IOS\n\t<array><string>nl</string></array>\n#else\n\t<array><string>FR</string></array>\n#endif\n</dict>\n</plist>\n"

    /// An unknown `--platform` is a usage error (what a known one does: LintRunTests' PlatformMacroTests).
    @Test func anUnknownPlatformFailsTheRun() throws {
        let project = try Project()
        try project.write("App/Info.plist", Self.infoPlist)
        let wrong = try project.run(["--platform", "amiga", "App/Info.plist"])
        #expect(wrong.status == 2 && wrong.standardError.contains("unknown platform 'amiga' in --platform"))
    }
}
