import Preprocessor
import Testing

/// `TARGET_OS_*` follow the Xcode that builds: its clang predefines them from Xcode 16.3; with
/// an older one they are undefined whatever the platform, and known to be (no note).
@Suite struct XcodeVersionTests {
    func lintLines(_ text: String, platform: TargetPlatform?, predefined: Bool) -> [String] {
        TargetPlatformTests().lintLines(text, platform: platform, predefined: predefined)
    }

    @Test func anOlderXcodeLintsTheOtherBranchWithoutANote() {
        let otherBranch = ["Info.plist:7:9: error: region 'NL' must be lowercase: 'nl' [EP101]"]
        #expect(lintLines(TargetPlatformTests.iOSBranch, platform: .iOS, predefined: true) == [])
        #expect(lintLines(TargetPlatformTests.iOSBranch, platform: .iOS, predefined: false) == otherBranch)
        // The platform unknown too: undefined either way, but known so only with an older Xcode.
        #expect(lintLines(TargetPlatformTests.iOSBranch, platform: nil, predefined: false) == otherBranch)
        #expect(lintLines(TargetPlatformTests.iOSBranch, platform: nil, predefined: true).count == 2)
    }

    @Test func versionsAsTypedAndAsXcodeSetsThem() {
        #expect(XcodeVersion("16.3") == XcodeVersion(major: 16, minor: 3, patch: 0))
        #expect(XcodeVersion("16") == XcodeVersion(major: 16, minor: 0, patch: 0))
        #expect(XcodeVersion("15.4.1")?.description == "15.4.1")
        for bad in ["", "16.", ".3", "16.3.1.2", "sixteen", "16.x", "1234.0", "+16"] {
            #expect(XcodeVersion(bad) == nil, "\(bad)")
        }
        #expect(XcodeVersion(actual: "1630") == XcodeVersion("16.3"))
        #expect(XcodeVersion(actual: "0941") == XcodeVersion("9.4.1"))
        #expect(XcodeVersion(actual: "2600") == XcodeVersion("26.0"))
        for bad in ["163", "16300", "16.3", "abcd", ""] { #expect(XcodeVersion(actual: bad) == nil, "\(bad)") }
        #expect(XcodeVersion("16.3")!.predefinesTargetOSMacros && XcodeVersion("26")!.predefinesTargetOSMacros)
        #expect(!XcodeVersion("16.2.1")!.predefinesTargetOSMacros && !XcodeVersion("15.4")!.predefinesTargetOSMacros)
    }
}
