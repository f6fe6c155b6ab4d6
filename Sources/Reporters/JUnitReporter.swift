import LintEngine

/// `--format junit`: JUnit XML as Jenkins, GitLab, Bitrise, CircleCI and Azure Pipelines read
/// it (the schema of Jenkins' xunit plugin, `junit-10.xsd`): a test suite per file, a failing
/// test case per finding (the rule, its position and message; the gcc lines in the body), a
/// passing case for a linted file without findings.
package struct JUnitReporter: Reporter {
    package let name = "junit"
    package let needs: ReporterNeeds = [.repositoryPaths]
    package init() {}

    package func render(_ report: RunReport, presentation: TerminalPresentation) -> String {
        let report = report.withRepositoryPaths
        let names = report.ruleNames
        let files = report.findingsByFile
        // A clean file counts as one passing test.
        let tests = files.reduce(0) { $0 + max($1.diagnostics.count, 1) }
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output +=
            "<testsuites name=\"eplint\" tests=\"\(tests)\" failures=\"\(report.diagnostics.count)\" errors=\"0\">\n"
        for (file, diagnostics) in files {
            let path = XMLEscaping.attribute(file)
            output +=
                "  <testsuite name=\"\(path)\" tests=\"\(max(diagnostics.count, 1))\" failures=\"\(diagnostics.count)\""
                + " errors=\"0\" skipped=\"0\">\n"
            if diagnostics.isEmpty {
                output += "    <testcase classname=\"\(path)\" name=\"eplint\"/>\n"
            }
            for diagnostic in diagnostics {
                let start = diagnostic.range.start
                let rule = diagnostic.rule.rawValue
                let title = "\(rule) \(names[diagnostic.rule] ?? "") at \(start.line):\(start.column)"
                output += "    <testcase classname=\"\(path)\" name=\"\(XMLEscaping.attribute(title))\">\n"
                output +=
                    "      <failure type=\"\(diagnostic.severity.rawValue)\" message=\"\(XMLEscaping.attribute(diagnostic.message))\">"
                output += XMLEscaping.text(GCCReporter.render([diagnostic]))
                output += "</failure>\n    </testcase>\n"
            }
            output += "  </testsuite>\n"
        }
        output += "</testsuites>\n"
        return output
    }
}
