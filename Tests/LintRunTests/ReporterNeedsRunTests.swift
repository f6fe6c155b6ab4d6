import Foundation
import LintRun
import TestSupport
import Testing

/// A run makes what its reports need, and only that: fix edits for a report (or a caller, the
/// language server) that shows them, each Info.plist's declared regions for the markdown report.
@Suite struct ReporterNeedsRunTests {
    /// Upper-case regions (fixable) in an Info.plist with StoreKit keys, linted once.
    static func run(_ change: (inout LintOptions) -> Void) throws -> RunOutcome {
        let folder = try FixRunTests.folder(with: ["Info.plist": FixRunTests.refusedRename])
        let options = FixRunTests.options([folder.appendingPathComponent("Info.plist").path], fix: false, change)
        return try LintRun.run(options, host: TestHost(workingDirectory: folder))
    }

    static func hasFixEdits(_ outcome: RunOutcome) -> Bool {
        outcome.report.diagnostics.contains { !($0.fix?.edits.isEmpty ?? true) }
    }

    @Test func fixEditsAreMadeForTheCallerThatNeedsThem() throws {
        // Checkstyle shows no fix; gcc marks what `--fix` would fix (`[*]`), so it resolves them.
        let checkstyle = OutputFormat(rawValue: "checkstyle")!
        #expect(!Self.hasFixEdits(try Self.run { $0.format = checkstyle }))
        #expect(
            Self.hasFixEdits(
                try Self.run {
                    $0.format = checkstyle
                    $0.needs = .fixEdits
                }))
        #expect(Self.hasFixEdits(try Self.run { _ in }))
        #expect(Self.hasFixEdits(try Self.run { $0.format = OutputFormat(rawValue: "json")! }))
    }

    @Test func declaredRegionsAreMadeOnlyForTheMarkdownReport() throws {
        let markdown = OutputFormat(rawValue: "markdown")!
        #expect(try Self.run { _ in }.report.declaredRegions.isEmpty)
        #expect(try Self.run { $0.format = OutputFormat(rawValue: "sarif")! }.report.declaredRegions.isEmpty)
        #expect(try Self.run { $0.format = markdown }.report.declaredRegions.map(\.rows.isEmpty) == [false])
        let extra = try Self.run { $0.report = [ExtraReport(format: markdown, path: "summary.md")] }
        #expect(extra.report.declaredRegions.map(\.rows.isEmpty) == [false])
    }
}
