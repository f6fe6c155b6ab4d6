import EplintBase
import EplintRules
import Foundation
import LintEngine
import Preprocessor
import Testing

/// eplint's preprocessing against the real one: for every case, clang fails (and so Xcode's
/// build) exactly where eplint reports the build stop (EP002), and eplint's findings on the
/// source (with the same flags) equal its findings on clang's output, by rule and key path
/// (EP007 and EP010, which are about the preprocessing itself, aside).
@Suite(.requires(.clang))
struct PreprocessorDifferentialTests {
    static let generated: [DifferentialCase] = {
        var generator = DifferentialGenerator(seed: 16)
        var soup = DifferentialGenerator(seed: 1616)
        var directives = DifferentialGenerator(
            seed: UInt64(ProcessInfo.processInfo.environment["EPLINT_CPP_SEED"] ?? "") ?? 2026)
        let count = Int(ProcessInfo.processInfo.environment["EPLINT_CPP_COUNT"] ?? "") ?? 400
        return (0..<400).map { generator.makeCase(index: $0) } + (0..<400).map { soup.makeSoupCase(index: $0) }
            + (0..<count).map { directives.makeDirectiveSoupCase(index: $0) }
    }()

    static func options(_ testCase: DifferentialCase, mode: PreprocessingOptions.Mode = .always) -> PreprocessingOptions
    {
        PreprocessingOptions(
            mode: mode, flags: testCase.flags,
            prefixHeaders: testCase.prefixHeader.map {
                [PreprocessingOptions.PrefixHeader(path: "Prefix.h", text: Array($0.utf8))]
            } ?? [])
    }

    /// "RULE keyPath" of each finding, sorted.
    static func findings(_ bytes: [UInt8], preprocessing: PreprocessingOptions) -> [String] {
        let linter = Linter(rules: allRules, configuration: LintConfiguration(preprocessing: preprocessing))
        var source = BytesSource(bytes)
        let result = try! linter.lint(&source, path: "Info.plist")
        return result.diagnostics.filter { !["EP007", "EP010"].contains($0.rule.rawValue) }.map {
            "\($0.rule) \($0.keyPath)"
        }.sorted()
    }

    /// Whether eplint left an `#include` unread: then clang may fail on a file eplint never looked for.
    static func leftIncludeUnread(_ ours: PreprocessedText) -> Bool {
        ours.problems.contains { $0.message.contains(" is not followed") }
    }

    static func compare(_ testCase: DifferentialCase) throws -> (
        sameFindings: Bool, sameText: Bool, sameStatus: Bool, clangSucceeded: Bool, detail: String
    )? {
        let source = Array(testCase.source.utf8)
        let clang = try ClangPreprocessor.run(
            source, flags: testCase.flags, prefixHeader: testCase.prefixHeader.map { Array($0.utf8) })
        // Where clang reports an error, Xcode's build stops: eplint's finding is that EP002 alone,
        // at clang's line. Its output is still compared (eplint recovers from errors as clang does).
        let ours = CPreprocessor.run(source, fileName: "Info.plist", options: options(testCase))
        let stops = ours.fatalProblem != nil
        let unread = leftIncludeUnread(ours)
        // clang names the line as #line renumbered it; eplint, the file's own.
        let renumbered = (try? #/(?m)^[ \t]*(#|%:)[ \t]*(line|[0-9])/#.firstMatch(in: testCase.source)) != nil
        let sameStatus =
            stops
            ? !clang.succeeded
                && (clang.errorLine == nil || renumbered || clang.errorLine == ours.fatalProblem?.position.line)
            : clang.succeeded || unread
        let expected =
            clang.succeeded || unread
            ? findings(clang.text, preprocessing: PreprocessingOptions(mode: .never)) : ["EP002 "]
        let actual = findings(source, preprocessing: options(testCase))
        let detail = """
            \(testCase.name) flags \(testCase.flags)
            clang \(clang.succeeded ? "succeeded" : "failed at line \(clang.errorLine.map(String.init) ?? "?")"), eplint \(ours.fatalProblem.map { "stops the build: \($0.position.line): \($0.message)" } ?? "does not stop it")
            clang findings \(expected)
            eplint findings \(actual)
            --- source
            \(testCase.source)--- clang output
            \(String(decoding: clang.text, as: UTF8.self))--- eplint's output
            \(String(decoding: ours.text, as: UTF8.self))
            """
        return (expected == actual, ours.text == clang.text, sameStatus, clang.succeeded, detail)
    }

    @Test(arguments: DifferentialCases.handWritten) func handWrittenCase(_ testCase: DifferentialCase) throws {
        guard let result = try Self.compare(testCase) else { return }
        #expect(result.sameStatus, "\(result.detail)")
        #expect(result.sameFindings, "\(result.detail)")
        // Hand-written cases hold eplint to clang's very bytes.
        #expect(result.sameText, "\(result.detail)")
    }

    /// Where clang's preprocessing fails (and so Xcode's build), eplint's output is still
    /// clang's, and the failure is an error (EP002) at the line clang names, not a note; with a
    /// StoreKit key in the file or without (nothing else is linted).
    @Test(arguments: DifferentialCases.buildFailures) func buildFailureCase(_ testCase: DifferentialCase) throws {
        let storeKitKeys = ["<key>SKExternalPurchase</key>", "<key>SKExternalPurchaseLink</key>"]
        let without = storeKitKeys.reduce(testCase.source) { $0.replacingOccurrences(of: $1, with: "<key>Other</key>") }
        for source in [testCase.source, without].map({ Array($0.utf8) }) {
            let clang = try ClangPreprocessor.run(source, flags: testCase.flags)
            #expect(!clang.succeeded)
            let ours = CPreprocessor.run(source, fileName: "Info.plist", options: Self.options(testCase))
            #expect(ours.text == clang.text, "\(String(decoding: ours.text, as: UTF8.self))")
            let linter = Linter(
                rules: allRules, configuration: LintConfiguration(preprocessing: Self.options(testCase)))
            var bytes = BytesSource(source)
            let diagnostics = try linter.lint(&bytes, path: "Info.plist").diagnostics
            let line = try #require(clang.errorLine)
            #expect(
                diagnostics.map { "\($0.rule) \($0.severity) \($0.range.start.line)" } == ["EP002 error \(line)"],
                "\(diagnostics.map(\.message))")
            #expect(
                diagnostics.first?.message.hasSuffix("cpp stops with an error here, so Xcode's build fails") == true)
        }
    }

    /// `#include "missing.h"` stops clang; given no `IncludeReader`, eplint does not look for the
    /// file and says so (EP007). (QuotedIncludeTests follow includes.)
    @Test func quotedIncludeIsNotFollowed() throws {
        let source = Array(DifferentialCases.wrap("#include \"missing.h\"\n\(DifferentialCases.regions)").utf8)
        #expect(try !ClangPreprocessor.run(source, flags: []).succeeded)
        let ours = CPreprocessor.run(source, fileName: "Info.plist", options: PreprocessingOptions(mode: .always))
        #expect(ours.fatalProblem == nil)
        #expect(
            ours.problems.map(\.message) == [
                "#include \"missing.h\" is not followed: this run reads no file a plist names (clang reads it, and stops the build if it is not found); what it defines is unknown"
            ])
    }

    /// The same with CRLF line ends (clang reads them as line ends; so must the positions).
    @Test(arguments: DifferentialCases.handWritten.prefix(40)) func crlfLineEnds(_ testCase: DifferentialCase) throws {
        var crlf = testCase
        crlf.source = testCase.source.replacingOccurrences(of: "\n", with: "\r\n")
        guard let result = try Self.compare(crlf) else { return }
        #expect(result.sameStatus, "\(result.detail)")
        #expect(result.sameFindings, "\(result.detail)")
    }

    @Test func generatedCases() throws {
        var compared = 0
        var sameText = 0
        var failedInClang = 0
        for testCase in Self.generated {
            guard let result = try Self.compare(testCase) else { continue }
            compared += 1
            if result.sameText { sameText += 1 }
            if !result.clangSucceeded { failedInClang += 1 }
            #expect(result.sameStatus, "\(result.detail)")
            #expect(result.sameFindings, "\(result.detail)")
            #expect(result.sameText, "\(result.detail)")
            if !result.sameText, let dump = ProcessInfo.processInfo.environment["EPLINT_CPP_DUMP"] {
                try? result.detail.write(toFile: "\(dump)/\(testCase.name).txt", atomically: true, encoding: .utf8)
            }
        }
        #expect(compared == Self.generated.count)
        print(
            "preprocessor differential: \(compared) generated cases compared with clang, \(sameText) with byte-identical output, \(failedInClang) of them errors to clang"
        )
    }
}
