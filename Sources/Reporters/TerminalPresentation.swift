import LintEngine

/// How gcc lines look on a terminal: colour, and the source line with a caret under the
/// column. Piped output never gets any of this.
package struct TerminalPresentation: Sendable {
    package var colour: Bool
    package var showSource: Bool

    package init(colour: Bool, showSource: Bool) {
        self.colour = colour
        self.showSource = showSource
    }

    package static let plain = TerminalPresentation(colour: false, showSource: false)

    func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

    func severityCode(_ severity: Severity) -> String {
        switch severity {
        case .error: "1;31"
        case .warning: "1;35"
        case .note: "1;36"
        }
    }

    /// The source line, then spaces (tabs where the line has tabs) up to a caret.
    func sourceExcerpt(_ line: String, column: Int) -> String {
        // The line is the input's: shown visibly as messages are (tabs kept, for the indentation),
        // the caret under the same scalar of what is shown.
        var caretLine = ""
        for (index, scalar) in line.unicodeScalars.enumerated() where index < column - 1 {
            caretLine +=
                scalar == "\t"
                ? "\t"
                : String(repeating: " ", count: scalar.isEscapedInMessages ? scalar.escapedForMessages.count : 1)
        }
        return line.visibleForMessage(keepingTabs: true) + "\n" + caretLine + paint("^", "1;32") + "\n"
    }
}
