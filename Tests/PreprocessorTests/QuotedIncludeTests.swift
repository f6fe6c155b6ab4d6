import EplintBase
import EplintRules
import Foundation
import LintEngine
import Preprocessor
import Testing

/// An `IncludeReader` over files in memory: paths relative to the plist's folder, `..` taken
/// as written; `refusing` names files the reader will not read.
func memoryReader(_ files: [String: String], refusing: Set<String> = []) -> IncludeReader {
    IncludeReader(name: "memory \(files.keys.sorted())") { path, limit in
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        let key = parts.joined(separator: "/")
        if refusing.contains(key) { return .refused("\(key) is refused here") }
        guard let text = files[key] else { return .missing }
        let bytes = Array(text.utf8)
        return bytes.count > limit ? .tooLarge : .read(bytes: bytes, identity: key)
    }
}

struct IncludeCase: CustomStringConvertible, Sendable {
    var name: String
    /// The plist's body (`DifferentialCases.wrap` puts it at line 5).
    var body: String
    var files: [String: String]
    var flags: [String] = []
    var description: String { name }

    var source: [UInt8] { Array(DifferentialCases.wrap(body).utf8) }
    var options: PreprocessingOptions {
        PreprocessingOptions(mode: .always, flags: flags, includeReader: memoryReader(files))
    }
}

/// Quoted includes followed as clang follows them (`clang -E -P -x c` in a folder holding the
/// headers): the same text, the same verdict (clang's error is eplint's EP002 at its line).
@Suite(.requires(.clang))
struct QuotedIncludeDifferentialTests {
    static let region = "\t<key>SKExternalPurchase</key><array><string>nl</string></array>"

    static let cases: [IncludeCase] = [
        IncludeCase(
            name: "keys and a macro from a header",
            body: "#include \"Keys.h\"\n\t<key>Other</key><string>REGION</string>",
            files: [
                "Keys.h": "#define REGION nl\n\t<key>SKExternalPurchase</key><array><string>REGION</string></array>\n"
            ]),
        IncludeCase(
            name: "a header includes one beside it, in its own folder",
            body: "#include \"Config/A.h\"\n\t<key>SKExternalPurchase</key><array><string>A_VALUE</string></array>",
            files: ["Config/A.h": "#include \"B.h\"\n#define A_VALUE B_VALUE\n", "Config/B.h": "#define B_VALUE nl\n"]),
        IncludeCase(
            name: "a header reaches its parent folder",
            body: "#include \"Shared/Values.h\"\n#if TOP\n\(region)\n#endif",
            files: ["Shared/Values.h": "#include \"../Top.h\"\n", "Top.h": "#define TOP 1\n"]),
        IncludeCase(
            name: "a guarded header included twice",
            body: "#include \"G.h\"\n#include \"G.h\"\n\(region)",
            files: ["G.h": "#ifndef G_H\n#define G_H\n\t<key>Once</key><true/>\n#endif\n"]),
        IncludeCase(
            name: "#pragma once",
            body: "#include \"P.h\"\n#include \"P.h\"\n\(region)",
            files: ["P.h": "#pragma once\n\t<key>Once</key><true/>\n"]),
        IncludeCase(
            name: "#import reads a file once",
            body: "#import \"I.h\"\n#include \"I.h\"\n\(region)",
            files: ["I.h": "\t<key>Once</key><true/>\n"]),
        IncludeCase(
            name: "text after a guard: read again",
            body: "#include \"G.h\"\n#include \"G.h\"\n\(region)",
            files: ["G.h": "#ifndef G_H\n#define G_H\n\t<key>Once</key><true/>\n#endif\n#define AFTER 1\n"]),
        IncludeCase(
            name: "headers that include each other behind guards",
            body: "#include \"a.h\"\n\(region)",
            files: [
                "a.h": "#ifndef A_H\n#define A_H\n#include \"b.h\"\n\t<key>A</key><true/>\n#endif\n",
                "b.h": "#include \"a.h\"\n\t<key>B</key><true/>\n",
            ]),
        IncludeCase(
            name: "__LINE__ and lines in and after a header",
            body: "#include \"L.h\"\n\t<key>Back</key><integer>__LINE__</integer>\n\(region)",
            files: [
                "L.h":
                    "\t<key>Line</key><integer>__LINE__</integer>\n\n\n\t<key>After</key><integer>__LINE__</integer>\n"
            ]),
        IncludeCase(
            name: "the plist's macros apply in the header",
            body: "#define KEY SKExternalPurchase\n#include \"K.h\"",
            files: ["K.h": "\t<key>KEY</key><array><string>nl</string></array>\n"]),
        IncludeCase(
            name: "an include in a group left out is not looked for",
            body: "#if 0\n#include \"absent.h\"\n#endif\n\(region)", files: [:]),
        IncludeCase(
            name: "text on the include's line and after it",
            body: "\t<key>Before</key><true/>\n#include \"T.h\" \n\t<key>After</key><true/>\n\(region)",
            files: ["T.h": "\t<key>Inside</key><true/>"]),
        IncludeCase(
            name: "a header found in an -I folder",
            body: "#include \"Inc.h\"\n#if FROM_I\n\(region)\n#endif", files: ["Headers/Inc.h": "#define FROM_I 1\n"],
            flags: ["-I", "Headers"]),
        IncludeCase(
            name: "-iquote before -I, each as one word or two",
            body: "#include \"Which.h\"\n\t<key>From</key><string>WHICH</string>\n\(region)",
            files: ["I/Which.h": "#define WHICH i\n", "Q/Which.h": "#define WHICH quote\n"],
            flags: ["-II", "-iquote", "Q"]),
        IncludeCase(
            name: "the including file's folder before -I",
            body: "#include \"Here.h\"\n\t<key>From</key><string>HERE</string>\n\(region)",
            files: ["Here.h": "#define HERE beside\n", "Headers/Here.h": "#define HERE searched\n"],
            flags: ["-IHeaders"]),
        // clang's errors: the build stops.
        IncludeCase(
            name: "a header in no folder searched", body: "#include \"Gone.h\"\n\(region)",
            files: ["Elsewhere/Gone.h": "#define GONE 1\n"], flags: ["-I", "Headers"]),
        IncludeCase(
            name: "a missing header", body: "\(region)\n#include \"missing.h\"\n\t<key>X</key><true/>", files: [:]),
        // clang: "empty filename", and 'expected "FILENAME" or <FILENAME>', with the file there (issue 46).
        IncludeCase(name: "an empty file name", body: "\(region)\n#include \"\"\n", files: ["inside.h": "\n"]),
        IncludeCase(
            name: "a quote not closed", body: "\(region)\n#include \"inside.h\n\t<key>X</key><true/>",
            files: ["inside.h": "\t<key>Inside</key><true/>\n"]),
        IncludeCase(
            name: "a missing header below a header", body: "#include \"A.h\"\n\(region)",
            files: ["A.h": "\t<key>A</key><true/>\n#include \"nope.h\"\n"]),
        IncludeCase(name: "#error in a header", body: "#include \"E.h\"\n\(region)", files: ["E.h": "#error from E\n"]),
        IncludeCase(
            name: "a header's #if left open", body: "#include \"U.h\"\n\(region)", files: ["U.h": "#if 1\n"]),
        IncludeCase(
            name: "a header's #endif cannot close the plist's #if",
            body: "#if 1\n#include \"E.h\"\n\(region)\n#endif", files: ["E.h": "#endif\n"]),
        IncludeCase(
            name: "a header that includes itself", body: "#include \"self.h\"\n\(region)",
            files: ["self.h": "#include \"self.h\"\n"]),
    ]

    /// Each case as written and under -traditional.
    @Test(arguments: cases, [[], ["-traditional"]]) func asClangDoes(_ written: IncludeCase, flags: [String]) throws {
        var testCase = written
        testCase.flags = flags
        let clang = try ClangPreprocessor.run(testCase.source, flags: testCase.flags, files: testCase.files)
        let ours = CPreprocessor.run(testCase.source, fileName: "Info.plist", options: testCase.options)
        let shown =
            "clang \(clang.succeeded ? "succeeded" : "failed at \(clang.errorLine.map(String.init) ?? "a header")"), eplint \(ours.fatalProblem.map { "\($0.position.line): \($0.message)" } ?? "did not stop")\n--- clang\n\(String(decoding: clang.text, as: UTF8.self))--- eplint\n\(String(decoding: ours.text, as: UTF8.self))"
        #expect((ours.fatalProblem == nil) == clang.succeeded, "\(shown)")
        if let line = clang.errorLine { #expect(ours.fatalProblem?.position.line == line, "\(shown)") }
        // An error in a header: eplint's names the same header (reported at the plist's #include).
        if let file = clang.errorFile, file != "Info.plist" {
            let named = ours.fatalProblem?.message.split(separator: ":").first?.split(separator: "/").last
            #expect(named.map(String.init) == file, "\(shown)")
        }
        if clang.succeeded {
            #expect(ours.text == clang.text, "\(shown)")
            #expect(
                PreprocessorDifferentialTests.findings(testCase.source, preprocessing: testCase.options)
                    == PreprocessorDifferentialTests.findings(
                        clang.text, preprocessing: PreprocessingOptions(mode: .never)), "\(shown)")
        } else if testCase.name != "a header that includes itself" {
            // (clang prints 200 levels of it; eplint stops at its limit.)
            #expect(ours.text == clang.text, "\(shown)")
        }
    }
}

/// The bounds of following includes, and where what is in a header is reported.
@Suite struct QuotedIncludeBoundsTests {
    static let region = QuotedIncludeDifferentialTests.region

    static func run(_ body: String, _ files: [String: String], flags: [String] = [], refusing: Set<String> = [])
        -> PreprocessedText
    {
        let options = PreprocessingOptions(
            mode: .always, flags: flags, includeReader: memoryReader(files, refusing: refusing))
        return CPreprocessor.run(Array(DifferentialCases.wrap(body).utf8), fileName: "Info.plist", options: options)
    }

    static func chain(_ count: Int) -> [String: String] {
        var files: [String: String] = [:]
        for index in 1...count { files["h\(index).h"] = index < count ? "#include \"h\(index + 1).h\"\n" : "" }
        return files
    }

    @Test func sixteenLevelsAreFollowedNotSeventeen() {
        #expect(Self.run("#include \"h1.h\"\n\(Self.region)", Self.chain(16)).fatalProblem == nil)
        let deeper = Self.run("#include \"h1.h\"\n\(Self.region)", Self.chain(17))
        #expect(
            deeper.fatalProblem?.message
                == "h16.h:1: a limit was exceeded: quoted includes nested more than 16 deep (h17.h; a header that includes itself without a guard?); eplint cannot preprocess this file as Xcode would and lints nothing in it"
        )
        // Reported at the plist's #include that led there.
        #expect(deeper.fatalProblem?.position.line == 5)
    }

    @Test func aCycleStopsAtTheDepthLimit() {
        let cycle = Self.run("#include \"a.h\"", ["a.h": "#include \"b.h\"\n", "b.h": "#include \"a.h\"\n"])
        #expect(cycle.fatalProblem?.message.contains("nested more than 16 deep") == true)
    }

    @Test func filesAndBytesAreBounded() {
        let body = String(repeating: "#include \"e.h\"\n", count: 257)
        #expect(Self.run(String(body.dropLast(15)), ["e.h": ""]).fatalProblem == nil)
        #expect(
            Self.run(body, ["e.h": ""]).fatalProblem?.message.contains("more than 256 files read by quoted includes")
                == true)
        // 16 MiB in all: a header of 10 MiB, then one of 7 (each alone would be read).
        let tenMiB = String(repeating: " ", count: 10 << 20)
        let sevenMiB = String(repeating: " ", count: 7 << 20)
        #expect(Self.run("#include \"big.h\"", ["big.h": tenMiB]).fatalProblem == nil)
        let both = Self.run("#include \"big.h\"\n#include \"more.h\"", ["big.h": tenMiB, "more.h": sevenMiB])
        #expect(both.fatalProblem?.message.contains("quoted includes read more than 16777216 bytes (more.h)") == true)
        #expect(both.fatalProblem?.position.line == 6)
    }

    /// Found neither where clang looks first nor in a search folder it looks in next: its fatal error.
    @Test func aMissingHeaderStopsTheBuild() {
        let missing = Self.run("#include \"missing.h\"\n\(Self.region)", [:])
        #expect(missing.fatalProblem?.position.line == 5)
        #expect(
            missing.fatalProblem?.message
                == "'missing.h' file not found (at missing.h); cpp stops with an error here, so Xcode's build fails")
        let searched = Self.run("#include \"missing.h\"\n\(Self.region)", ["Config/other.h": ""], flags: ["-IConfig"])
        #expect(searched.fatalProblem?.message.hasPrefix("'missing.h' file not found (at missing.h)") == true)
        let found = Self.run("#include \"found.h\"\n\(Self.region)", ["Config/found.h": ""], flags: ["-IConfig"])
        #expect(found.fatalProblem == nil && found.problems.isEmpty)
    }

    /// Refused, it names why; Xcode's build reads it, so the lint misses what the build sees
    /// (`hidesBuildInput`: EP007 is a warning). One that cannot be opened the build cannot read
    /// either (a note).
    @Test func aRefusedHeaderIsAFindingNamingWhy() {
        let refused = Self.run("#include \"../Outside.h\"\n\(Self.region)", ["Outside.h": ""], refusing: ["Outside.h"])
        #expect(refused.fatalProblem == nil)
        #expect(
            refused.problems.map { "\($0.position.line): \($0.message)" } == [
                "5: #include \"../Outside.h\" is not followed: Outside.h is refused here; what it defines is unknown"
            ])
        #expect(refused.problems.map(\.hidesBuildInput) == [true])
        let unreadable = CPreprocessor.run(
            Array(DifferentialCases.wrap("#include \"x.h\"").utf8), fileName: "Info.plist",
            options: PreprocessingOptions(
                mode: .always, includeReader: IncludeReader(name: "denied") { path, _ in .unreadable("\(path) denied") }
            ))
        #expect(unreadable.problems.map(\.hidesBuildInput) == [false])
        #expect(unreadable.problems.first?.message.contains("x.h denied") == true)
        // Without a reader (a caller that gives none), nothing is read.
        let none = CPreprocessor.run(
            Array(DifferentialCases.wrap("#include \"x.h\"").utf8), fileName: "Info.plist",
            options: PreprocessingOptions(mode: .always))
        #expect(
            none.problems.map(\.message) == [
                "#include \"x.h\" is not followed: this run reads no file a plist names (clang reads it, and stops the build if it is not found); what it defines is unknown"
            ])
    }

    /// What a header holds is reported at the plist's `#include` that brought it in, and a
    /// note in it names the header's line; below a prefix header, at the plist's start.
    @Test func positionsInAHeaderAreTheIncludesLine() throws {
        let files = [
            "Config/Keys.h": "\n#include <SDK.h>\n\t<key>SKExternalPurchase</key><array><string>NL</string></array>\n"
        ]
        let body = "\t<key>A</key><true/>\n#include \"Config/Keys.h\"\n\t<key>B</key><true/>"
        let ours = Self.run(body, files)
        #expect(
            ours.problems.map { "\($0.position.line):\($0.position.column) \($0.message)" } == [
                "6:1 Config/Keys.h:2: #include <SDK.h> is not followed (in Config/Keys.h): it names a header of the SDK or of a search path, which eplint cannot see; what it defines is unknown"
            ])
        let linted = PreprocessorDifferentialTests.findings(
            Array(DifferentialCases.wrap(body).utf8),
            preprocessing: PreprocessingOptions(mode: .always, includeReader: memoryReader(files)))
        #expect(linted == ["EP101 SKExternalPurchase[0]"])
        let diagnostics = try lintedDiagnostics(body, files)
        #expect(diagnostics.filter { $0.rule.rawValue == "EP101" }.map(\.range.start.line) == [6])
        // Below a prefix header: at the start, the header's line named.
        let prefixed = CPreprocessor.run(
            Array(DifferentialCases.wrap(Self.region).utf8), fileName: "Info.plist",
            options: PreprocessingOptions(
                mode: .always,
                prefixHeaders: [.init(path: "Prefix.h", text: Array("#include \"Config/Keys.h\"\n".utf8))],
                includeReader: memoryReader(files)))
        #expect(
            prefixed.problems.map { "\($0.position.line):\($0.position.column) \($0.message)" } == [
                "1:1 Config/Keys.h:2: #include <SDK.h> is not followed (in Config/Keys.h): it names a header of the SDK or of a search path, which eplint cannot see; what it defines is unknown"
            ])
    }

    /// A header may test the platform's macros: a file that includes one is linted again per platform.
    @Test func aFileThatIncludesMayReadPlatformMacros() {
        let source = Array(DifferentialCases.wrap("#include \"Keys.h\"").utf8)
        #expect(
            CPreprocessor.mayReadPlatformMacros(source, options: PreprocessingOptions(includeReader: memoryReader([:])))
        )
        #expect(!CPreprocessor.mayReadPlatformMacros(source, options: PreprocessingOptions()))
    }

    func lintedDiagnostics(_ body: String, _ files: [String: String]) throws -> [Diagnostic] {
        let linter = Linter(
            rules: allRules,
            configuration: LintConfiguration(
                preprocessing: PreprocessingOptions(mode: .always, includeReader: memoryReader(files))))
        var source = BytesSource(Array(DifferentialCases.wrap(body).utf8))
        return try linter.lint(&source, path: "Info.plist").diagnostics
    }
}
