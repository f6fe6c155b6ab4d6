import EplintBase
import LintEngine
import Reporters
import Testing

/// gcc's and github's `[*]`: a finding whose fix this run's `--fix` would apply (a resolved
/// fix, safe, or unsafe too with `--unsafe-fixes`) starts its message with it; others do not.
@Suite struct FixMarkTests {
    static func position(_ line: Int, _ column: Int) -> SourcePosition {
        SourcePosition(offset: line * 10 + column, line: line, column: column, utf16Column: column)
    }

    /// A fix as the run resolves it: one edit of the file's text.
    static func resolved(_ applicability: FixApplicability, line: Int) -> Fix {
        let range = SourceRange(start: position(line, 3), end: position(line, 7))
        var fix = Fix(applicability, [.replaceText(element: range, old: "NL", new: "nl")])
        fix.edits = [TextEdit(range: range, replacement: "nl", fileBytes: 0..<2, replacementBytes: Array("nl".utf8))]
        return fix
    }

    static func report(applied: FixApplicability?) -> RunReport {
        func finding(_ rule: RuleID, _ message: String, line: Int, fix: Fix?) -> Diagnostic {
            Diagnostic(
                file: "App/Info.plist", rule: rule, message: message,
                range: SourceRange(at: position(line, 3)), fix: fix)
        }
        var report = RunReport(
            toolVersion: "1.0.0", rules: RuleCatalog.all,
            diagnostics: [
                finding(
                    .ep101RegionNotLowercase, "region 'NL' must be lowercase: 'nl'", line: 11,
                    fix: resolved(.safe, line: 11)),
                finding(.ep102RegionUnknown, "'eu' is not an ISO 3166-1 alpha-2 region code", line: 12, fix: nil),
                finding(.ep201UrlNotHttps, "link must use https", line: 20, fix: resolved(.unsafe, line: 20)),
                // Not resolved against the file (an entity in the string): --fix would not apply it.
                finding(
                    .ep101RegionNotLowercase, "region 'DE' must be lowercase: 'de'", line: 21,
                    fix: .safe(.replaceText(element: SourceRange(at: position(21, 3)), old: "DE", new: "de"))),
                // Withheld (a build setting's value): no edit.
                finding(.ep104RegionDuplicate, "region 'fr' is listed twice", line: 22, fix: .fromBuildSetting),
            ],
            fileCount: 1, failures: [], sourceRoot: "/w", workingDirectory: "/w")
        report.appliedFixes = applied
        return report
    }

    @Test func gccMarksTheSafeFixesAndWithUnsafeFixesTheUnsafeOnesToo() {
        #expect(
            GCCReporter.render(Self.report(applied: .safe)) == """
                App/Info.plist:11:3: error: [*] region 'NL' must be lowercase: 'nl' [EP101]
                App/Info.plist:12:3: error: 'eu' is not an ISO 3166-1 alpha-2 region code [EP102]
                App/Info.plist:20:3: error: link must use https [EP201]
                App/Info.plist:21:3: error: region 'DE' must be lowercase: 'de' [EP101]
                App/Info.plist:22:3: warning: region 'fr' is listed twice [EP104]

                """)
        #expect(
            GCCReporter.render(Self.report(applied: .unsafe)) == """
                App/Info.plist:11:3: error: [*] region 'NL' must be lowercase: 'nl' [EP101]
                App/Info.plist:12:3: error: 'eu' is not an ISO 3166-1 alpha-2 region code [EP102]
                App/Info.plist:20:3: error: [*] link must use https [EP201]
                App/Info.plist:21:3: error: region 'DE' must be lowercase: 'de' [EP101]
                App/Info.plist:22:3: warning: region 'fr' is listed twice [EP104]

                """)
        // A report whose fixes were not resolved for a mark (no reporter asked) marks nothing.
        #expect(!GCCReporter.render(Self.report(applied: nil)).contains("[*]"))
    }

    @Test func githubMarksTheMessageAsGccDoes() {
        let lines = GitHubReporter.render(Self.report(applied: .safe)).split(separator: "\n")
        #expect(lines[0].hasSuffix("::[*] region 'NL' must be lowercase: 'nl'"), "\(lines[0])")
        #expect(lines.dropFirst().allSatisfy { !$0.contains("[*]") }, "\(lines)")
    }

    @Test func theFormatsThatMarkSayTheyNeedFixability() {
        let marking = ReporterList.all.filter { $0.needs.contains(.fixability) }.map(\.name)
        #expect(marking == ["gcc", "github"])
    }
}
