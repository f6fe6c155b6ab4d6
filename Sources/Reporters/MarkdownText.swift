/// Markdown as GitHub renders it (cmark-gfm), each kind of text escaped by its own rules:
/// eplint's own words as text, what files say as code spans (literal, and never autolinked:
/// GFM links `https://…` and `user@host.com` in text whatever is escaped), and a link's
/// destination percent-encoded where text would be backslash-escaped (a backslash is a
/// character of the URL there). Everything stays on one line and inside a table cell.
enum MarkdownText {
    /// eplint's own text: HTML's specials as references and Markdown's punctuation escaped.
    static func text(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\t": result += " "
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\\", "`", "*", "_", "[", "]", "|", "#", "!", "~":
                result += "\\"
                result.unicodeScalars.append(scalar)
            case _ where isControl(scalar): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// What a file says, shown exactly: a code span whose fence is longer than any run of
    /// backticks in it, padded with a space each side (which the renderer strips); `|` escaped,
    /// as a table cell ends at one even inside a span. Empty text is nothing.
    static func code(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        var body = ""
        var run = 0
        var longest = 0
        for scalar in text.unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longest = max(longest, run)
            switch scalar {
            case "\n", "\r", "\t": body += " "
            case "|": body += "\\|"
            case _ where isControl(scalar): body += "\u{FFFD}"
            default: body.unicodeScalars.append(scalar)
            }
        }
        let fence = String(repeating: "`", count: longest + 1)
        return fence + " " + body + " " + fence
    }

    /// An `http`/`https` URL as a link whose text is the URL; anything else as `code`.
    static func link(_ url: String) -> String {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else { return code(url) }
        return "[\(text(url))](<\(destination(url))>)"
    }

    /// A link destination between `<` and `>`: the bytes that would end it, escape a character or
    /// split the table cell (`<`, `>`, `\`, `|`, spaces and controls) percent-encoded, the rest as
    /// written (the renderer percent-encodes non-ASCII itself).
    static func destination(_ url: String) -> String {
        var result = ""
        for scalar in url.unicodeScalars {
            switch scalar {
            case "<", ">", "\\", "|", " ", "\u{7F}", "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }
}
