public import LintEngine

/// `PATH:LINE:COL: SEVERITY: MESSAGE [ID]`, one line per diagnostic, each related location
/// after it as `PATH:LINE:COL: note: MESSAGE`. Columns count Unicode scalar values.
/// Xcode, vim's quickfix, Emacs' compilation mode and gcc problem matchers read it as is.
public enum GCCReporter {
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        var output = ""
        for diagnostic in diagnostics {
            let start = diagnostic.range.start
            output += "\(diagnostic.file):\(start.line):\(start.column): \(diagnostic.severity.rawValue): \(oneLine(diagnostic.message)) [\(diagnostic.rule)]\n"
            for related in diagnostic.related {
                output += "\(related.file):\(related.range.start.line):\(related.range.start.column): note: \(oneLine(related.message))\n"
            }
        }
        return output
    }

    /// Keeps a message on one line and free of the `: error: ` marks that Xcode splits on.
    static func oneLine(_ message: String) -> String {
        var text = String(message.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
        for severity in Severity.allCases {
            text = text.replacing(": \(severity.rawValue): ", with: ": \(severity.rawValue) - ")
        }
        return text
    }
}
