import Reporters
import Testing

@testable import LintRun

/// The formats are the reporter list's: `--format`'s values and what the run keeps for them
/// (each reporter reading rules from the run report: ReportersTests' ReportRuleNamesTests).
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
}
