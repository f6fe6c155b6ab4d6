import EplintBase
import EplintRules
import Foundation
import LintEngine
import Preprocessor
import Reporters
import Testing

/// Diagnostics on a preprocessed plist point into the source: past removed directive lines,
/// at a macro's use (saying what it expanded to), at the comment cpp removed.
@Suite struct PreprocessorPositionTests {
    func lintLines(
        _ text: String, _ options: PreprocessingOptions = PreprocessingOptions(), defines: [String: String] = [:]
    ) -> [String] {
        var configuration = LintConfiguration(buildSettings: BuildSettings(defines))
        configuration.preprocessing = options
        configuration.preprocessing.definitions += defines.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let linter = Linter(rules: allRules, configuration: configuration)
        var source = BytesSource(Array(text.utf8))
        let result = try! linter.lint(&source, path: "Info.plist")
        return GCCReporter.render(result.diagnostics).split(separator: "\n").map(String.init)
    }

    static let linkAt6 =
        "<plist>\n<dict>\n#if 1\n#endif\n\t<key>SKExternalPurchaseLink</key><dict><key>nl</key>\n\t\t<string>STORE_URL</string></dict>\n</dict>\n</plist>\n"

    @Test func macroInTextPointsAtItsUseAndSaysWhatItExpandedTo() {
        let lines = lintLines(
            Self.linkAt6, PreprocessingOptions(flags: ["-traditional"]),
            defines: ["STORE_URL": "http://shop.example.com/nl"])
        #expect(
            lines == [
                "Info.plist:6:11: error: link 'http://shop.example.com/nl' uses 'http'; destination URLs must use https (STORE_URL expands to 'http://shop.example.com/nl') [EP201]"
            ])
    }

    @Test func functionLikeMacroUse() {
        let text =
            "<plist>\n<dict>\n#define URL(region) https://example.com/region?ref=app\n\t<key>SKExternalPurchaseLink</key><dict><key>nl</key>\n\t\t<string>URL(nl)</string></dict>\n</dict>\n</plist>\n"
        let lines = lintLines(text, PreprocessingOptions(flags: ["-traditional"]))
        #expect(lines.count == 1)
        #expect(
            lines.first?.hasPrefix("Info.plist:5:11: error: link 'https://example.com/nl?ref=app' has a query") == true)
        #expect(lines.first?.contains("(URL expands to 'https://example.com/nl?ref=app')") == true)
    }

    /// Sixty macros that each double the one before would make 2^60 tokens: eplint stops at its
    /// budget with one EP002 error where it stopped, and lints nothing else in the file (issue
    /// 31: a limit must fail the run, not leave a note while the keys go unlinted).
    @Test(arguments: [
        (0..<60).map { "#define A\($0) A\($0 + 1) A\($0 + 1)" }.joined(separator: "\n") + "\n\t\t<string>A0</string>",
        (0..<60).map { "#define F\($0)(x) F\($0 + 1)(x x)" }.joined(separator: "\n") + "\n\t\t<string>F0(a)</string>",
    ]) func macroExpansionBombStopsAtItsBudget(_ bomb: String) {
        let text =
            "<plist>\n<dict>\n\t<key>SKExternalPurchase</key>\n\t<array>\n" + bomb + "\n\t</array>\n</dict>\n</plist>\n"
        let lines = lintLines(text)
        #expect(lines.count == 1, "\(lines.prefix(3))")
        #expect(
            lines.first?.hasPrefix(
                "Info.plist:65:11: error: a limit was exceeded: macro expansion in this file makes or reads more than ")
                == true)
        #expect(
            lines.first?.hasSuffix(
                " tokens; eplint cannot preprocess this file as Xcode would and lints nothing in it [EP002]") == true)
    }

    @Test func linesAfterRemovedDirectivesAreSourceLines() {
        let text =
            "<plist>\n<dict>\n#ifdef A\n#else\n#define X 1\n#endif\n\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<!-- é😀 --><string>NL</string>\n\t</array>\n</dict>\n</plist>\n"
        #expect(lintLines(text) == ["Info.plist:9:14: error: region 'NL' must be lowercase: 'nl' [EP101]"])
    }

    @Test func lineCommentIsEP010AndTheCutTextIsLinted() {
        let text =
            "<plist>\n<dict>\n#ifndef X\n\t<key>SKExternalPurchaseLink</key><dict><key>nl</key>\n\t\t<string>https://example.com/nl\n\t\t</string></dict>\n#endif\n</dict>\n</plist>\n"
        let lines = lintLines(text)
        #expect(lines.count == 2)
        #expect(lines.contains { $0.hasPrefix("Info.plist:5:3: error: link 'https:") && $0.hasSuffix("[EP202]") })
        #expect(
            lines.contains {
                $0.hasPrefix("Info.plist:5:17: error: the C preprocessor treats '//' as a comment")
                    && $0.hasSuffix("[EP010]")
            })
        // -traditional keeps //: nothing to say.
        let whole = text.replacingOccurrences(of: "/nl\n\t\t</string>", with: "/nl</string>")
        #expect(whole != text)
        #expect(lintLines(whole, PreprocessingOptions(flags: ["-traditional"])) == [])
    }

    @Test func cutXMLCommentBreaksTheFileAndEP010SaysWhy() {
        let text =
            "<plist>\n<dict>\n#if 1\n\t<!-- see https://example.com -->\n\t<key>SKExternalPurchase</key><array><string>nl</string></array>\n#endif\n</dict>\n</plist>\n"
        let lines = lintLines(text)
        #expect(lines.first?.contains("[EP001]") == true)
        #expect(
            lines.last
                == "Info.plist:4:17: error: the C preprocessor treats '//' as a comment and drops the rest of this line; add -traditional to INFOPLIST_OTHER_PREPROCESSOR_FLAGS (or `preprocessor-flags: [-traditional]`) [EP010]"
        )
    }

    @Test func blockCommentIsEP010InBothModes() {
        let text =
            "<plist>\n<dict>\n#if 1\n#endif\n\t<key>SKExternalPurchase</key><array><string>n/* x */l</string></array>\n</dict>\n</plist>\n"
        for flags in [[], ["-traditional"]] {
            let lines = lintLines(text, PreprocessingOptions(flags: flags))
            #expect(
                lines.contains { $0.hasPrefix("Info.plist:5:47: error: the C preprocessor treats '/*'") }, "\(flags)")
        }
    }

    @Test func fileWithoutDirectivesIsNotTouchedUnlessDeclared() {
        let text =
            "<plist>\n<dict>\n\t<key>SKExternalPurchaseLink</key><dict><key>nl</key>\n\t\t<string>https://example.com/nl</string></dict>\n</dict>\n</plist>\n"
        #expect(lintLines(text) == [])
        let declared = lintLines(text, PreprocessingOptions(mode: .always))
        #expect(declared.contains { $0.hasSuffix("[EP010]") })
        #expect(lintLines(text, PreprocessingOptions(mode: .always, flags: ["-traditional"])) == [])
        // Never: directive lines are text, and text between elements is malformed.
        #expect(lintLines(Self.linkAt6, PreprocessingOptions(mode: .never)).first?.contains("[EP001]") == true)
    }

    @Test func prefixHeaderDefinesApplyAndItsIncludesAreNotFollowed() {
        let header = PreprocessingOptions.PrefixHeader(
            path: "Config/Prefix.h",
            text: Array("#include <Other.h>\n#define STORE_URL https://x.example.com/nl?a\n".utf8))
        let lines = lintLines(Self.linkAt6, PreprocessingOptions(flags: ["-traditional"], prefixHeaders: [header]))
        #expect(lines.count == 2)
        #expect(
            lines.contains(
                "Info.plist:1:1: note: Config/Prefix.h:1: #include <Other.h> is not followed (in prefix header Config/Prefix.h): it names a header of the SDK or of a search path, which eplint cannot see; what it defines is unknown [EP007]"
            ))
        // A header's value is named with where it was defined, never quoted (issue 45).
        #expect(
            lines.contains(
                "Info.plist:6:11: error: link 'STORE_URL' has a query (part of STORE_URL); destination URLs must not have query parameters (STORE_URL defined at Config/Prefix.h:2) [EP203]"
            ), "\(lines)")
    }

    /// Whatever way a header's text reaches a value, the finding names it: a macro of the file
    /// that expands to the header's, one given the header's as an argument, the header's own
    /// text, a definition the repository set; what the file or the user spells stays shown.
    @Test(arguments: [
        (
            "#define URL HIDDEN\n", "URL",
            "link 'HIDDEN' uses part of HIDDEN; destination URLs must use https (HIDDEN defined at Keys.h:1)"
        ),
        (
            "#define ID(x) x\n", "ID(HIDDEN)",
            "link 'HIDDEN' uses part of HIDDEN; destination URLs must use https (HIDDEN defined at Keys.h:1)"
        ),
        (
            "", "HIDDEN",
            "link 'HIDDEN' uses part of HIDDEN; destination URLs must use https (HIDDEN defined at Keys.h:1)"
        ),
    ]) func headerValuesAreNamed(_ defines: String, _ use: String, _ message: String) {
        let header = PreprocessingOptions.PrefixHeader(
            path: "Keys.h", text: Array("#define HIDDEN http://canary.example/nl\n".utf8))
        let text =
            "<plist>\n<dict>\n\(defines)\t<key>SKExternalPurchaseLink</key><dict><key>nl</key>\n\t\t<string>\(use)</string></dict>\n</dict>\n</plist>\n"
        let lines = lintLines(
            text, PreprocessingOptions(mode: .always, flags: ["-traditional"], prefixHeaders: [header]))
        #expect(lines.count == 1 && lines.first?.hasSuffix(message + " [EP201]") == true, "\(lines.first ?? "")")
        #expect(!lines.joined().contains("canary"))
    }

    @Test func repositoryDefinitionsAndHeaderTextAreNamed() {
        var options = PreprocessingOptions(mode: .always, flags: ["-traditional"])
        options.definitions = ["SET=http://canary.example/nl", "TYPED=http://typed.example/nl"]
        options.record(definitions: ["SET=http://canary.example/nl"], by: "define: in .eplint.yml")
        let text =
            "<plist>\n<dict>\n\t<key>SKExternalPurchaseLink</key><dict><key>nl</key><string>SET</string><key>fr</key><string>TYPED</string></dict>\n</dict>\n</plist>\n"
        #expect(
            lintLines(text, options) == [
                "Info.plist:3:62: error: link 'SET' uses part of SET; destination URLs must use https (SET defined by define: in .eplint.yml) [EP201]",
                "Info.plist:3:95: error: link 'http://typed.example/nl' uses 'http'; destination URLs must use https (TYPED expands to 'http://typed.example/nl') [EP201]",
            ])
        // A header's own text: named by where it is.
        let header = PreprocessingOptions.PrefixHeader(
            path: "Keys.h", text: Array("<plist><dict><key>SKExternalPurchase</key><array><string>canary</string>".utf8)
        )
        let lines = lintLines(
            "</array></dict></plist>\n", PreprocessingOptions(mode: .always, prefixHeaders: [header]))
        #expect(
            lines == [
                "Info.plist:1:1: error: part of the text of Keys.h:1 is not an ISO 3166-1 alpha-2 region code [EP102]"
            ])
    }

    @Test func whatEplintCannotKnowIsANote() {
        let text =
            "<plist>\n<dict>\n#if __has_include(<Links.h>) || defined(__arm64__)\n#error no links\n#endif\n\t<key>SKExternalPurchase</key><array><string>nl</string></array>\n</dict>\n</plist>\n"
        let lines = lintLines(text)
        #expect(lines.map { String($0.prefix(14)) } == ["Info.plist:3:1", "Info.plist:3:1"])
        #expect(lines.allSatisfy { $0.hasSuffix("[EP007]") })
    }

    /// Xcode's clang defines __APPLE__ and __MACH__ for every Apple target: known, no note.
    @Test func whatXcodesClangAlwaysDefinesIsDefined() {
        let text =
            "<plist>\n<dict>\n#if defined(__APPLE__) && __MACH__ == 1\n\t<key>SKExternalPurchase</key><array><string>NL</string></array>\n#else\n#error not Apple\n#endif\n</dict>\n</plist>\n"
        #expect(lintLines(text) == ["Info.plist:4:38: error: region 'NL' must be lowercase: 'nl' [EP101]"])
    }

    @Test func aFileWithoutStoreKitKeysGetsNoPreprocessorNotes() {
        let text =
            "<plist>\n<dict>\n#include \"X.h\"\n\t<key>CFBundleName</key><string>a /* b */</string>\n</dict>\n</plist>\n"
        #expect(lintLines(text) == [])
    }
}
