import Foundation
import TestSupport
import Testing

/// One order for every finding: inline suppression, then the configuration, then the baseline;
/// `--verbose` names what dropped each finding that is not reported.
@Suite struct FindingsPipelineTests {
    private static func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n"
    }

    @Test func verboseNamesWhatDroppedEachFinding() throws {
        let fixture = try Project()
        // EP101 (NL) suppressed inline; EP201 (http) disabled by the configuration; EP203 (query) ignored by it;
        // EP104 (the repeated 'fr') accepted by the baseline.
        try fixture.write(
            "App/Info.plist",
            Self.plist(
                """
                \t<key>SKExternalPurchase</key>
                \t<array>
                \t\t<!-- eplint:disable-next EP101 -->
                \t\t<string>NL</string>
                \t\t<string>fr</string>
                \t\t<string>fr</string>
                \t</array>
                \t<key>SKExternalPurchaseLink</key>
                \t<dict>
                \t\t<key>de</key>
                \t\t<string>http://example.com/de</string>
                \t\t<key>it</key>
                \t\t<string>https://example.com/it?a=1</string>
                \t</dict>

                """))
        let all = try fixture.run(["--format", "gcc", "--music-streaming", "false", "App/Info.plist"])
        let rules = Set(
            all.standardOutput.split(separator: "\n").compactMap { $0.split(separator: "[").last?.dropLast() }.map(
                String.init))
        #expect(rules.isSuperset(of: ["EP104", "EP201", "EP203"]) && !rules.contains("EP101"), "\(all.standardOutput)")
        // The baseline accepts every finding; the configuration, applied first, drops two of them.
        #expect(try fixture.run(["--write-baseline", "baseline.json", "App/Info.plist"]).status == 1)
        try fixture.write(".eplint.yml", "disable: [EP201]\nignore:\n  - path: App/Info.plist\n    rule: EP203\n")
        let run = try fixture.run(["--verbose", "--format", "gcc", "--baseline", "baseline.json", "App/Info.plist"])
        let lines = run.standardError.split(separator: "\n").filter { $0.hasPrefix("eplint: not reported: ") }.map(
            String.init)
        #expect(
            lines.contains("eplint: not reported: App/Info.plist:7:3: EP101 (eplint:disable-next at line 6)"),
            "\(lines)")
        #expect(lines.contains { $0.hasSuffix(": EP201 (disable: in .eplint.yml)") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(": EP203 (ignore: in .eplint.yml)") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(": EP104 (baseline baseline.json)") }, "\(lines)")
        // Nothing is left to report; without --verbose nothing of this is said.
        #expect(
            run.standardOutput.split(separator: "\n").allSatisfy { !$0.contains(": error: ") }, "\(run.standardOutput)")
        let quiet = try fixture.run(["--format", "gcc", "--baseline", "baseline.json", "App/Info.plist"])
        #expect(quiet.standardError == "" && quiet.standardOutput == run.standardOutput)

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
