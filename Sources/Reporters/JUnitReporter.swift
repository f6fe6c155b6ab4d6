/// `--format junit`: JUnit XML as Jenkins, GitLab, Bitrise, CircleCI and Azure Pipelines read
/// it (the schema of Jenkins' xunit plugin, `junit-10.xsd`): a test suite per file, a test case
/// per finding (the rule and its position; the gcc lines in the body), a passing case for a
/// linted file without findings. A case fails only for a finding that fails the run (an error,
/// or a warning with `--strict`): a warning or a note is a passing case with its gcc lines in
/// `system-out`, which those systems show with the case, so a job that exits 0 shows no failed
/// test.
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
        let failures = report.diagnostics.filter(report.fails).count
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output += "<testsuites name=\"eplint\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
        for (file, diagnostics) in files {
            let path = XMLEscaping.attribute(file)
            output +=
                "  <testsuite name=\"\(path)\" tests=\"\(max(diagnostics.count, 1))\""
                + " failures=\"\(diagnostics.filter(report.fails).count)\" errors=\"0\" skipped=\"0\">\n"
            if diagnostics.isEmpty {
                output += "    <testcase classname=\"\(path)\" name=\"eplint\"/>\n"
            }
            for diagnostic in diagnostics {
                let start = diagnostic.range.start
                let rule = diagnostic.rule.rawValue
                let title = "\(rule) \(names[diagnostic.rule] ?? "") at \(start.line):\(start.column)"
                output += "    <testcase classname=\"\(path)\" name=\"\(XMLEscaping.attribute(title))\">\n"
                let lines = XMLEscaping.text(GCCReporter.render([diagnostic]))
                if report.fails(diagnostic) {
                    output +=
                        "      <failure type=\"\(diagnostic.severity.rawValue)\" message=\"\(XMLEscaping.attribute(diagnostic.message))\">"
                        + lines + "</failure>\n"
                } else {
                    output += "      <system-out>" + lines + "</system-out>\n"
                }
                output += "    </testcase>\n"
            }
            output += "  </testsuite>\n"
        }
        output += "</testsuites>\n"
        return output
    }
}
