import Foundation
import TestSupport
import Testing

/// Findings dropped by an inline suppression, the configuration or the baseline, as the formats
/// show them: SARIF with their suppressions, the others not at all (the order and `--verbose`'s
/// notes: LintRunTests' FindingsPipelineTests, in-process).
@Suite struct FindingsPipelineTests {
    @Test func sarifListsDroppedFindingsWithTheirSuppressions() throws {
        let fixture = try Project()
        try fixture.write("App/Info.plist", DroppedFindingsText.info)
        #expect(try fixture.run(["--write-baseline", "baseline.json", "App/Info.plist"]).status == 1)
        try fixture.write(".eplint.yml", DroppedFindingsText.configuration)

        // SARIF lists them with their suppressions, as GitHub code scanning expects.
        let sarif = try fixture.run([
            "--format", "sarif", "--output", "report.sarif", "--baseline", "baseline.json", "App/Info.plist",
        ])
        #expect(sarif.status == 0, "\(sarif.standardError)")
        let log = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: fixture.root.appendingPathComponent("report.sarif"))) as? [String: Any])
        let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let suppressions = results.compactMap { result -> String? in
            guard let suppression = (result["suppressions"] as? [[String: String]])?.first else { return nil }
            return
                "\(result["ruleId"] as? String ?? "") \(suppression["kind"] ?? "") \(suppression["justification"] ?? "")"
        }
        #expect(
            suppressions.sorted() == [
                "EP101 inSource eplint:disable-next at line 6", "EP104 external baseline baseline.json",
                "EP201 external disable: in .eplint.yml", "EP203 external ignore: in .eplint.yml",
            ], "\(suppressions)")
        #expect(
            !results.isEmpty && results.allSatisfy { $0["suppressions"] != nil },
            "every finding of this run is suppressed")
        if SharedData.Item.validateSARIF.runs, RequiredTool.python.runs {
            let validator = try SharedData.Item.validateSARIF.require()
            _ = try RequiredTool.python.require()
            let validation = try ChildProcess.run(
                validator.path, ["--github", fixture.root.appendingPathComponent("report.sarif").path])
            #expect(validation.status == 0 && !validation.signaled, "validate-sarif refused the log")
        }
        // The other formats leave them out.
        let json = try fixture.run(["--format", "json", "--baseline", "baseline.json", "App/Info.plist"])
        #expect(!json.standardOutput.contains("\"rule\": \"EP"), "\(json.standardOutput)")
    }
}
