import Foundation
import TestSupport
import Testing

/// One order for every finding: inline suppression, then the configuration, then the baseline;
/// `--verbose` names what dropped each finding that is not reported (the end-to-end
/// FindingsPipelineTests keep SARIF's suppressions and the other formats).
@Suite struct FindingsPipelineTests {
    @Test func verboseNamesWhatDroppedEachFinding() throws {
        let folder = try FixRunTests.folder(with: ["App/Info.plist": DroppedFindingsText.info])
        let all = try FolderRun(["App/Info.plist"], in: folder) { $0.plan.musicStreaming = "false" }
        let rules = Set(all.outcome.report.diagnostics.map(\.rule.rawValue))
        #expect(rules.isSuperset(of: ["EP104", "EP201", "EP203"]) && !rules.contains("EP101"), "\(all.gcc)")
        // The baseline accepts every finding; the configuration, applied first, drops two of them.
        let baseline = folder.appendingPathComponent("baseline.json").path
        let recorded = try FolderRun(["App/Info.plist"], in: folder) { $0.writeBaseline = baseline }
        #expect(recorded.status == .findings)
        try recorded.applyWrites()
        try DroppedFindingsText.configuration.write(
            to: folder.appendingPathComponent(".eplint.yml"), atomically: true, encoding: .utf8)
        let run = try FolderRun(["App/Info.plist"], in: folder) {
            $0.plan.verbose = true
            $0.baseline = baseline
        }
        let lines = run.notes.split(separator: "\n").filter { $0.hasPrefix("eplint: not reported: ") }.map(String.init)
        #expect(
            lines.contains("eplint: not reported: App/Info.plist:7:3: EP101 (eplint:disable-next at line 6)"),
            "\(lines)")
        #expect(lines.contains { $0.hasSuffix(": EP201 (disable: in .eplint.yml)") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(": EP203 (ignore: in .eplint.yml)") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(": EP104 (baseline baseline.json)") }, "\(lines)")
        // Nothing is left to report; without --verbose nothing of this is said.
        #expect(run.outcome.report.diagnostics.allSatisfy { $0.severity != .error }, "\(run.gcc)")
        let quiet = try FolderRun(["App/Info.plist"], in: folder) { $0.baseline = baseline }
        #expect(quiet.notes == "" && quiet.gcc == run.gcc)
    }
}
