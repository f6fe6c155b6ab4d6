import LintEngine
import Reporters
import Testing

@testable import LintRun

/// The formats are the reporter list's: `--format`'s values, what the run keeps for them, and
/// every reporter reading rules from the run report, never from the built-in catalog.
@Suite struct ReporterListTests {
    @Test func formatsAreTheListsReporters() {
        let names = ReporterList.all.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(OutputFormat.allCases.map(\.rawValue) == names)
        #expect(Array(names.prefix(4)) == ["gcc", "sarif", "json", "github"])
        #expect(OutputFormat(rawValue: "GCC") == nil && OutputFormat(rawValue: "") == nil)
        #expect(ReporterList.spelledOut.hasPrefix("gcc, sarif, json"))
        #expect(ReporterList.spelledOut.contains(" or \(names.last ?? "")"))
    }

    @Test func theRunKeepsWhatTheFormatsNeed() throws {
        var options = LintOptions()
        // gcc marks what --fix would fix (`[*]`): the fixes are resolved, not shown.
        #expect(!options.wantsExcerpts && !options.reportsFixes && options.writesTerminalReport)
        #expect(options.marksFixes && options.resolvesFixes)
        options.format = try #require(OutputFormat(rawValue: "json"))
        #expect(!options.wantsExcerpts && options.reportsFixes && !options.writesTerminalReport)
        #expect(!options.marksFixes)
        options.format = try #require(OutputFormat(rawValue: "checkstyle"))
        #expect(!options.resolvesFixes)
        options.report = [ExtraReport(format: try #require(OutputFormat(rawValue: "sarif")), path: "r.sarif")]
        #expect(options.wantsExcerpts && options.anyReport(needs: .suppressedFindings))
        options.output = "out.txt"
        options.format = .gcc
        #expect(!options.writesTerminalReport)
    }

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
