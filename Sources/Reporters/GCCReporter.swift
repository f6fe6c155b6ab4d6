import LintEngine

/// `PATH:LINE:COL: SEVERITY: MESSAGE [ID]`, one line per diagnostic, each related location
/// after it as `PATH:LINE:COL: note: MESSAGE`. Columns count Unicode scalar values.
/// Xcode, vim's quickfix, Emacs' compilation mode and gcc problem matchers read it as is.
/// A finding `--fix` would fix starts its message with `[*] `, as ruff marks it: after the
/// severity, where every problem matcher takes it as part of the message, the line still ends
/// in `[ID]`.
package struct GCCReporter: Reporter {
    package let name = "gcc"
    package let needs: ReporterNeeds = [.terminal, .fixability]
    package init() {}

    package func render(_ report: RunReport, presentation: TerminalPresentation) -> String {
        Self.render(report, presentation: presentation)
    }

    /// `fixable`: whether a finding is marked `[*]` (none is by default).
    package static func render(
        _ diagnostics: [Diagnostic], presentation: TerminalPresentation = .plain,
        fixable: (Diagnostic) -> Bool = { _ in false }
    ) -> String {
        let style = presentation
        var output = ""
        for diagnostic in diagnostics {
            let start = diagnostic.range.start
            let severity = diagnostic.severity.rawValue
            output +=
                style.paint("\(diagnostic.file):\(start.line):\(start.column):", "1") + " "
                + style.paint("\(severity):", style.severityCode(diagnostic.severity)) + " "
                + (fixable(diagnostic) ? fixMark : "") + oneLine(diagnostic.message) + " "
                + style.paint("[\(diagnostic.rule)]", "2") + "\n"
            if style.showSource, let line = diagnostic.sourceLine {
                output += style.sourceExcerpt(line, column: start.column)
            }
            for related in diagnostic.related {
                output +=
                    style.paint("\(related.file):\(related.range.start.line):\(related.range.start.column):", "1") + " "
                    + style.paint("note:", style.severityCode(.note)) + " " + oneLine(related.message) + "\n"
            }
        }
        return output
    }

    package static func render(_ report: RunReport, presentation: TerminalPresentation = .plain) -> String {
        render(report.diagnostics, presentation: presentation, fixable: report.isFixable)
    }

    /// Before the message of a finding `--fix` would fix.
    static let fixMark = "[*] "

    /// Keeps a message on one line and free of the `: error: ` marks that Xcode splits on.
    static func oneLine(_ message: String) -> String {
        // Most messages have nothing to rewrite; skipping the search halves the time of a run
        // with 100,000 findings.
        guard needsRewriting(message) else { return message }
        var text = String(message.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
        for severity in Severity.allCases {
            text = text.replacing(": \(severity.rawValue): ", with: ": \(severity.rawValue) - ")
        }
        return text
    }

    /// A line break, or the bytes of a `: severity: ` mark (the rewrite matches whole
    /// characters, so where the bytes are absent it has nothing to do).
    private static func needsRewriting(_ message: String) -> Bool {
        let utf8 = message.utf8
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return true }
            if byte == UInt8(ascii: ":"), severityMarks.contains(where: { utf8[index...].starts(with: $0) }) {
                return true
            }
            index = utf8.index(after: index)
        }
        return false
    }

    private static let severityMarks = Severity.allCases.map { Array(": \($0.rawValue): ".utf8) }
}
