import LintEngine
import Reporters
import Testing

/// Server-side findings quote what they read (a token's text, a JSON value): the reporters
/// keep such messages on one line, free of Xcode's `: error: ` marks and SARIF's placeholders.
@Suite struct ReporterMessageTests {
    func finding(_ message: String) -> Diagnostic {
        Diagnostic(file: "t.txt", rule: .ep601TokenNotBase64url, message: message, range: .init(at: .start))
    }

    /// A line break is shown as `\n` when the finding is made (issue 46), so the line stays one.
    @Test func gccLinesRewriteLineBreaksAndSeverityMarksOnly() {
        let messages = [
            "a: error: b\r\nc: warning: d\ne: note: f", "ratio: 1: 2", "x:error: y", "e\u{301}: note: z",
            "a: error: \u{301}",
        ]
        #expect(
            GCCReporter.render(messages.map(finding)) == """
                t.txt:1:1: error: a: error - b\\r\\nc: warning - d\\ne: note - f [EP601]
                t.txt:1:1: error: ratio: 1: 2 [EP601]
                t.txt:1:1: error: x:error: y [EP601]
                t.txt:1:1: error: e\u{301}: note - z [EP601]
                t.txt:1:1: error: a: error: \u{301} [EP601]

                """)
    }

    @Test func sarifMessagesDoubleBracesAndLeaveTheRest() {
        let report = RunReport(
            toolVersion: "1.0.0", rules: [], diagnostics: ["{x} and }{", "no braces: here"].map(finding),
            fileCount: 1, failures: [], sourceRoot: "/w", workingDirectory: "/w")
        let messages = SARIFReporter.render(report).split(separator: "\n").filter { $0.contains("\"text\"") }
        #expect(
            messages.map { $0.drop { $0 == " " } } == [#""text": "{{x}} and }}{{""#, #""text": "no braces: here""#])
    }
}
