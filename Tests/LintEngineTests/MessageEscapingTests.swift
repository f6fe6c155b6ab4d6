import EplintBase
import LintEngine
import Testing

/// Input quoted in a message is shown visibly, one escaping for every message and format
/// (issue 46): controls, ESC among them, line and paragraph separators, NEL and invisible marks.
@Suite struct MessageEscapingTests {
    static let point = SourceRange(at: SourcePosition(offset: 0, line: 1, column: 1, utf16Column: 1))

    @Test func findingsShowWhatTheyQuoteVisibly() {
        let diagnostic = Diagnostic(
            file: "Info.plist", rule: .ep002UnsupportedFormat,
            message:
                "#error \u{1B}]52;c;SGk=\u{07} a\u{2028}b\u{2029}c\u{85}d\u{0B}e\u{202E}f\u{200B}g\u{FEFF}h\u{7F}\u{9B}\ti\nj",
            range: Self.point,
            related: [RelatedLocation(file: "Info.plist", range: Self.point, message: "x\u{1B}[2Jy")])
        #expect(
            diagnostic.message
                == #"#error \u{1b}]52;c;SGk=\u{7} a\u{2028}b\u{2029}c\u{85}d\u{b}e\u{202e}f\u{200b}g\u{feff}h\u{7f}\u{9b}\ti\nj"#
        )
        #expect(diagnostic.related.map(\.message) == [#"x\u{1b}[2Jy"#])
        // What is printable stays as it is, multibyte text and backslashes among it.
        let plain = Diagnostic(
            file: "f", rule: .ep002UnsupportedFormat, message: #"é😀一 a\u{1b} '\'"#, range: Self.point)
        #expect(plain.message == #"é😀一 a\u{1b} '\'"#)
    }

    @Test func quotingEscapesTheSameScalars() {
        #expect("a\u{1B}b\u{2028}c\u{202E}".quotedForMessage == #"'a\u{1b}b\u{2028}c\u{202e}'"#)
        #expect("tab\there 'q' \\".quotedForMessage == #"'tab\there \'q\' \\'"#)
    }
}
