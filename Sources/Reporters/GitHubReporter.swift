/// `--format github`: GitHub Actions workflow commands, one per diagnostic, then a summary
/// line (GitHub shows only ten errors and ten warnings of a step as annotations). A finding
/// `--fix` would fix starts its message with `[*] `, as in gcc's lines.
package struct GitHubReporter: Reporter {
    package let name = "github"
    package let needs: ReporterNeeds = [.fixability]
    package init() {}

    package func render(_ report: RunReport, presentation: TerminalPresentation) -> String { Self.render(report) }

    package static func render(_ report: RunReport) -> String {
        var output = ""
        let names = report.ruleNames
        for diagnostic in report.diagnostics {
            let start = diagnostic.range.start
            let end = diagnostic.range.end
            let command =
                switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            let name = names[diagnostic.rule] ?? ""
            var properties = [("file", diagnostic.file), ("line", String(start.line)), ("col", String(start.column))]
            if end.offset > start.offset {
                properties += [("endLine", String(end.line)), ("endColumn", String(end.column))]
            }
            properties.append(("title", "\(diagnostic.rule) \(name)"))
            let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
            // Marked as gcc's line is, so an annotation reads the same from either format.
            let mark = report.isFixable(diagnostic) ? GCCReporter.fixMark : ""
            output += "::\(command) \(list)::\(escapeData(mark + diagnostic.message))\n"
        }
        output += "eplint: \(report.summary)\n"
        return output
    }

    /// Workflow-command data: `%`, CR and LF are escaped.
    static func escapeData(_ text: String) -> String { escape(text, also: "") }

    /// Property values also escape `:` and `,`.
    static func escapeProperty(_ text: String) -> String { escape(text, also: ":,") }

    /// By scalar: as Characters, CR LF is one grapheme and would slip through.
    private static func escape(_ text: String, also extra: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":" where extra.contains(":"): result += "%3A"
            case "," where extra.contains(","): result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
