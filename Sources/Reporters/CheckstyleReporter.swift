import LintEngine

/// `--format checkstyle`: Checkstyle's XML as its XMLLogger writes it and Danger's and
/// Jenkins' Warnings plugins read it, a `<file>` per file (linted files without findings
/// too, as XMLLogger lists every file it audited) and an `<error>` per finding.
package struct CheckstyleReporter: Reporter {
    package let name = "checkstyle"
    package let needs: ReporterNeeds = [.repositoryPaths]
    package init() {}

    /// The Checkstyle version whose format this is (XMLLogger's `version` attribute).
    static let formatVersion = "4.3"

    package func render(_ report: RunReport, presentation: TerminalPresentation) -> String {
        let report = report.withRepositoryPaths
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output += "<checkstyle version=\"\(Self.formatVersion)\">\n"
        for (file, diagnostics) in report.findingsByFile {
            output += "<file name=\"\(XMLEscaping.attribute(file))\">\n"
            for diagnostic in diagnostics {
                let start = diagnostic.range.start
                output +=
                    "<error line=\"\(start.line)\" column=\"\(start.column)\" severity=\"\(severity(diagnostic.severity))\""
                    + " message=\"\(XMLEscaping.attribute(diagnostic.message))\""
                    + " source=\"eplint.\(diagnostic.rule.rawValue)\"/>\n"
            }
            output += "</file>\n"
        }
        output += "</checkstyle>\n"
        return output
    }

    /// Checkstyle's severities are error, warning, info and ignore.
    private func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "info"
        }
    }
}
