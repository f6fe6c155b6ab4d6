extension Unicode.Scalar {
    /// Whether the scalar is shown escaped wherever eplint prints text from its input: it moves
    /// or clears a terminal (C0 and C1 controls, ESC among them), ends a line for some readers
    /// while others read on (U+0085, U+2028, U+2029: GitHub's problem matcher stops there), or
    /// is invisible (zero-width and bidirectional marks, soft hyphen, BOM, tags) so that what a
    /// reader sees differs from what is there.
    package var isEscapedInMessages: Bool {
        switch value {
        case 0x00..<0x20, 0x7F...0x9F, 0xAD, 0x061C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F,
            0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
            true
        default: false
        }
    }

    /// `\n`, `\r`, `\t`, else `\u{1b}` (hexadecimal, as Swift writes it).
    package var escapedForMessages: String {
        switch self {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: "\\u{\(String(value, radix: 16))}"
        }
    }
}

extension String {
    /// The string in single quotes, with control characters escaped and long text cut,
    /// safe to put inside a one-line diagnostic.
    package var quotedForMessage: String {
        var head = String.UnicodeScalarView()
        head.append(contentsOf: unicodeScalars.prefix(80))
        return "'" + String(head).escapedInQuote + (unicodeScalars.dropFirst(80).isEmpty ? "" : "…") + "'"
    }

    /// The text as `quotedForMessage` writes it between its quotes, uncut: quotes and backslashes
    /// escaped, and what `isEscapedInMessages`.
    package var escapedInQuote: String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "'": result += "\\'"
            case "\\": result += "\\\\"
            default:
                if scalar.isEscapedInMessages {
                    result += scalar.escapedForMessages
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// The text with every scalar `isEscapedInMessages` shown as an escape (`\u{1b}`), the rest
    /// as is: every finding's message and related message goes through it (`Diagnostic`), so
    /// every format shows what input a message quotes the same visible way, whether or not the
    /// rule quoted it with `quotedForMessage`. `keepingTabs`: for source lines, indented with tabs.
    package func visibleForMessage(keepingTabs: Bool = false) -> String {
        // Most messages are printable ASCII: nothing to rewrite.
        guard utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return self }
        guard unicodeScalars.contains(where: { $0.isEscapedInMessages && !(keepingTabs && $0 == "\t") }) else {
            return self
        }
        var result = ""
        for scalar in unicodeScalars {
            if scalar.isEscapedInMessages && !(keepingTabs && scalar == "\t") {
                result += scalar.escapedForMessages
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
