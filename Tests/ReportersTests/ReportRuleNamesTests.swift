import LintEngine
import Reporters
import Testing

/// Every reporter reads rules from the run report, never from the built-in catalog.
@Suite struct ReportRuleNamesTests {
    /// A rule renamed in the report (as a language server or a newer rule page would hand it)
    /// shows under the report's name in every format that names rules.
    @Test func reportersReadRuleNamesFromTheReport() throws {
        let rule = RuleID.ep601TokenNotBase64url
        let builtIn = RuleCatalog.metadata(for: rule)?.name ?? ""
        #expect(!builtIn.isEmpty)
        var renamed = try #require(RuleCatalog.metadata(for: rule))
        renamed.name = "renamed-in-report"
        renamed.documentation = "# EP601 renamed-in-report\n"
        let report = RunReport(
            toolVersion: "1.0.0", rules: [renamed],
            diagnostics: [Diagnostic(file: "t.txt", rule: rule, message: "m", range: .init(at: .start))],
            fileCount: 1, failures: [], sourceRoot: "/w", workingDirectory: "/w")
        for reporter in ReporterList.all {
            let text = reporter.render(report, presentation: .plain)
            #expect(!text.contains(builtIn), "\(reporter.name)")
            if ["json", "github", "sarif"].contains(reporter.name) {
                #expect(text.contains("renamed-in-report"), "\(reporter.name)")
            }
        }
    }
}
