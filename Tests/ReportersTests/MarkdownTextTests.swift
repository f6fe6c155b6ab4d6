import Testing

@testable import Reporters

/// The markdown report quotes what files say: nothing a file holds becomes markup.
@Suite struct MarkdownTextTests {
    /// Markup renders as text: a link, an image, a tag or a table cell cannot be opened; what a
    /// file says is a code span, its fence longer than any run of backticks in it.
    @Test func markdownQuotesWhatFilesSay() {
        #expect(
            MarkdownText.text("[x](https://e.com) ![i](u) <img src=x> a|b `c` *d* _e_\nf &amp;")
                == "\\[x\\](https://e.com) \\!\\[i\\](u) &lt;img src=x&gt; a\\|b \\`c\\` \\*d\\* \\_e\\_ f &amp;amp;")
        #expect(MarkdownText.code("a|b ``c`` <img>\nd") == "``` a\\|b ``c`` <img> d ```")
        #expect(MarkdownText.code("") == "")
        #expect(
            MarkdownText.link("https://x.com/a_b|c d<e>\\")
                == "[https://x.com/a\\_b\\|c d&lt;e&gt;\\\\](<https://x.com/a_b%7Cc%20d%3Ce%3E%5C>)")
        #expect(MarkdownText.link("javascript:alert(1)") == "` javascript:alert(1) `")
        let report = RunReport(
            toolVersion: "1", rules: [], diagnostics: [], fileCount: 3, failures: [], sourceRoot: "/",
            workingDirectory: "/")
        #expect(
            MarkdownReporter().render(report, presentation: .plain)
                == "## eplint\n\nNo findings: 0 errors, 0 warnings in 3 files.\n")
    }
}
