import EplintBase
import EplintRules
import Foundation
import LintEngine
import Reporters
import TestSupport
import Testing

@testable import Preprocessor

/// `TARGET_OS_*`: clang's values when the platform is known, an EP007 note when it is not.
@Suite struct TargetPlatformTests {
    /// An iOS link in the `TARGET_OS_IOS` branch, an upper-case region (EP101) in the other.
    static let iOSBranch =
        "<plist>\n<dict>\n\t<key>SKExternalPurchase</key>\n#if TARGET_OS_IOS\n\t<array><string>nl</string></array>\n#else\n\t<array><string>NL</string></array>\n#endif\n</dict>\n</plist>\n"

    /// `predefined`: whether the Xcode's clang predefines TARGET_OS_* (XcodeVersionTests).
    func lintLines(_ text: String, platform: TargetPlatform?, predefined: Bool = true) -> [String] {
        var configuration = LintConfiguration()
        configuration.preprocessing.platform = platform
        configuration.preprocessing.predefinesPlatformMacros = predefined
        let linter = Linter(rules: allRules, configuration: configuration)
        var source = BytesSource(Array(text.utf8))
        let result = try! linter.lint(&source, path: "Info.plist")
        return GCCReporter.render(result.diagnostics).split(separator: "\n").map(String.init)
    }

    @Test func anUnknownPlatformsMacroIsANoteAndUndefined() {
        #expect(
            lintLines(Self.iOSBranch, platform: nil) == [
                "Info.plist:4:1: note: TARGET_OS_IOS is set by the platform the Info.plist is built for, which this run does not know (an Xcode target, --platform or platform: in .eplint.yml tells it); taken as undefined [EP007]",
                "Info.plist:7:9: error: region 'NL' must be lowercase: 'nl' [EP101]",
            ])
    }

    @Test func iOSTakesTheIOSBranch() {
        #expect(lintLines(Self.iOSBranch, platform: .iOS) == [])
        #expect(lintLines(Self.iOSBranch, platform: .iOSSimulator) == [])
        #expect(lintLines(Self.iOSBranch, platform: .macCatalyst) == [])
    }

    @Test func macOSTakesTheOtherBranch() {
        #expect(
            lintLines(Self.iOSBranch, platform: .macOS) == [
                "Info.plist:7:9: error: region 'NL' must be lowercase: 'nl' [EP101]"
            ])
        #expect(lintLines(Self.iOSBranch, platform: .visionOS).count == 1)
    }

    @Test func theSimulatorIsApart() {
        let text =
            "<plist>\n<dict>\n\t<key>SKExternalPurchase</key>\n#if TARGET_OS_SIMULATOR && TARGET_IPHONE_SIMULATOR\n\t<array><string>NL</string></array>\n#else\n\t<array><string>nl</string></array>\n#endif\n</dict>\n</plist>\n"
        #expect(lintLines(text, platform: .iOS) == [])
        #expect(lintLines(text, platform: .iOSSimulator).count == 1)
    }

    @Test func namesAndXcodeSpellings() {
        #expect(TargetPlatform(name: "ios-simulator") == .iOSSimulator)
        #expect(TargetPlatform(name: "iphonesimulator") == .iOSSimulator)
        #expect(TargetPlatform(name: "macosx") == .macOS)
        #expect(TargetPlatform(name: "XRSimulator") == .visionOSSimulator)
        #expect(TargetPlatform(name: "maccatalyst") == .macCatalyst)
        #expect(TargetPlatform(name: "linux") == nil)
        #expect(Set(TargetPlatform.allCases.map(\.xcodePlatformName)).count == TargetPlatform.allCases.count - 1)
    }

    /// Only a file, prefix header, definition or flag that spells a platform macro can read one.
    @Test func whatCanReadThePlatformMacros() {
        let plain = Array("<plist><dict>\n#if DEBUG\n#endif\n</dict></plist>\n".utf8)
        #expect(!CPreprocessor.mayReadPlatformMacros(plain, options: PreprocessingOptions(definitions: ["DEBUG=1"])))
        #expect(CPreprocessor.mayReadPlatformMacros(Array(Self.iOSBranch.utf8), options: PreprocessingOptions()))
        #expect(
            CPreprocessor.mayReadPlatformMacros(
                plain, options: PreprocessingOptions(definitions: ["DEBUG=TARGET_OS_IOS"])))
        #expect(
            CPreprocessor.mayReadPlatformMacros(plain, options: PreprocessingOptions(flags: ["-DDEBUG=TARGET_OS_OSX"])))
        let header = PreprocessingOptions.PrefixHeader(
            path: "P.h", text: Array("#define DEBUG TARGET_OS_SIMULATOR\n".utf8))
        #expect(CPreprocessor.mayReadPlatformMacros(plain, options: PreprocessingOptions(prefixHeaders: [header])))
        #expect(!CPreprocessor.mayReadPlatformMacros(Array("TARGET".utf8), options: PreprocessingOptions()))
    }

    /// eplint's table is clang's: `clang -target … -dM -E -x c /dev/null`, every TARGET_OS_*
    /// and TARGET_IPHONE_SIMULATOR, for every platform. Every name both define has the same
    /// value; a name only one side defines (Apple's clang, or a newer one, adds macros; an older
    /// one lacks some) is listed, not failed, and at least one name must be shared.
    @Test(.requires(.clang), arguments: TargetPlatform.allCases)
    func theTableIsClangs(_ platform: TargetPlatform) throws {
        let outcome = try ChildProcess.run(
            try RequiredTool.clang.require(), ["-target", platform.clangTarget, "-dM", "-E", "-x", "c", "/dev/null"],
            output: .captured)
        #expect(outcome.status == 0 && !outcome.signaled)
        var clangs: [String: String] = [:]
        for line in String(decoding: outcome.standardOutput, as: UTF8.self).split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count == 3, words[0] == "#define",
                words[1].hasPrefix("TARGET_OS_") || words[1] == "TARGET_IPHONE_SIMULATOR"
            else { continue }
            clangs[String(words[1])] = String(words[2])
        }
        let ours = Dictionary(uniqueKeysWithValues: platform.macros.map { ($0.name, $0.value) })
        let shared = Set(ours.keys).intersection(clangs.keys)
        #expect(!shared.isEmpty, "\(platform.clangTarget): clang predefines no TARGET_OS_* eplint knows")
        for name in shared.sorted() {
            #expect(ours[name] == clangs[name], "\(platform.clangTarget): \(name)")
        }
        let onlyOurs = Set(ours.keys).subtracting(clangs.keys).sorted()
        let onlyClangs = Set(clangs.keys).subtracting(ours.keys).sorted()
        if !onlyOurs.isEmpty || !onlyClangs.isEmpty {
            print(
                "\(platform.clangTarget): only eplint defines [\(onlyOurs.joined(separator: ", "))],"
                    + " only this clang [\(onlyClangs.joined(separator: ", "))]")
        }
    }
}
