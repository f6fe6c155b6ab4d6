import Foundation
import LintRun
import TestSupport
import Testing

/// `--fix` in-process: what is written, said and counted, and the exit status.
@Suite struct FixRunTests {
    static func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n"
    }

    /// Upper-case regions (safe fixes) and a misspelled MultiLink key whose value holds an http
    /// link: renamed, the key would show a finding only an unsafe fix repairs.
    static let refusedRename = plist(
        "\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>NL</string>\n\t\t<string>FR</string>\n\t</array>\n"
            + "\t<key>SKExternalPurchaseMultilink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<array>\n"
            + "\t\t\t<string>http://example.com/nl</string>\n\t\t</array>\n\t</dict>\n")
    static let regionsFixed = refusedRename.replacingOccurrences(of: "<string>NL</string>", with: "<string>nl</string>")
        .replacingOccurrences(of: "<string>FR</string>", with: "<string>fr</string>")

    static func folder(with files: [String: String]) throws -> URL {
        let folder = try TestScratch.folder("lintrun")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    static func options(_ paths: [String], fix: Bool = true, _ change: (inout LintOptions) -> Void = { _ in })
        -> LintOptions
    {
        var options = LintOptions()
        options.fix = fix
        options.plan.paths = paths
        change(&options)
        return options
    }

    @Test func aRefusedFixLeavesTheFilesOtherFixesApplied() throws {
        let folder = try Self.folder(with: ["Info.plist": Self.refusedRename])
        let file = folder.appendingPathComponent("Info.plist").path
        let host = TestHost(workingDirectory: folder)
        let outcome = try LintRun.run(Self.options([file]), host: host)
        #expect(host.writes.map(\.path) == [file])
        #expect(host.writes.map { String(decoding: $0.contents, as: UTF8.self) } == [Self.regionsFixed])
        // The rename is named, with why, beside the report: no failure of the run.
        #expect(
            host.notes == [
                "eplint: not fixed: \(file):9:2 [EP005]: the fix would bring a new finding: "
                    + "13:4: link 'http://example.com/nl' uses 'http'; destination URLs must use https [EP201]\n"
            ])
        #expect(outcome.report.failures.isEmpty)
        #expect(outcome.fixRun?.fixed == 2)
        // What remains is the near-miss key, a warning: exit 0, or 1 when warnings fail the run.
        #expect(outcome.report.diagnostics.map(\.rule.rawValue) == ["EP005"])
        #expect(outcome.status(writeFailed: false) == .clean)
        var strict = outcome
        strict.report.failingSeverity = .warning
        #expect(strict.status(writeFailed: false) == .findings)

        // With the unsafe fixes, the rename goes in with the https link it shows.
        let unsafeHost = TestHost(workingDirectory: folder)
        let unsafe = try LintRun.run(Self.options([file]) { $0.unsafeFixes = true }, host: unsafeHost)
        #expect(unsafeHost.notes.isEmpty)
        #expect(
            unsafeHost.writes.map { String(decoding: $0.contents, as: UTF8.self) } == [
                Self.regionsFixed.replacingOccurrences(of: "Multilink", with: "MultiLink")
                    .replacingOccurrences(of: "http:", with: "https:")
            ])
        #expect(unsafe.report.diagnostics.isEmpty && unsafe.status(writeFailed: false) == .clean)
    }

    @Test func aFailedWriteIsAFailureAndFixesNothing() throws {
        let folder = try Self.folder(with: [
            "Info.plist": Self.regionsFixed.replacingOccurrences(of: ">nl<", with: ">NL<")
        ])
        let file = folder.appendingPathComponent("Info.plist").path
        let host = TestHost(workingDirectory: folder)
        host.failsWrites = true
        let outcome = try LintRun.run(Self.options([file]), host: host)
        #expect(outcome.report.failures == ["cannot write \(file): No space left on device"])
        #expect(outcome.fixRun?.fixed == 0)
        // The findings are reported as they were: the file was not fixed.
        #expect(outcome.report.diagnostics.map(\.rule.rawValue) == ["EP101", "EP005"])
        #expect(outcome.status(writeFailed: false) == .failure)
    }

    @Test func unsavedTextStandsInForTheFile() throws {
        let folder = try Self.folder(with: ["Info.plist": Self.regionsFixed])
        let file = folder.appendingPathComponent("Info.plist").path
        let unsaved = Array(Self.refusedRename.utf8)
        let host = TestHost(workingDirectory: folder)
        let outcome = try LintRun.run(
            Self.options([file], fix: false) { $0.unsavedTexts = [file: unsaved] }, host: host)
        #expect(outcome.report.diagnostics.map(\.rule.rawValue) == ["EP101", "EP101", "EP005"])
        #expect(outcome.status(writeFailed: false) == .findings)
        // Without it, the file on disk is clean but for the misspelled key.
        let saved = try LintRun.run(Self.options([file], fix: false), host: TestHost(workingDirectory: folder))
        #expect(saved.report.diagnostics.map(\.rule.rawValue) == ["EP005"])
    }
}
