import Foundation
import LintRun
import Reporters
import ServerSide
import TestSupport

/// One lint run in-process, as `eplint PATHS` started in `folder` would be: the report, the
/// notes and the exit status, paths shown relative to the folder as such a run shows them.
struct FolderRun {
    let folder: URL
    let host: TestHost
    let outcome: RunOutcome

    /// `paths` are relative to `folder` (`.` is the folder itself).
    init(
        _ paths: [String], in folder: URL, variables: [String: String] = [:],
        _ change: (inout LintOptions) -> Void = { _ in }
    ) throws {
        self.folder = folder
        host = TestHost(workingDirectory: folder)
        host.variables.merge(variables) { _, given in given }
        var options = LintOptions()
        options.config = Self.configuration(in: folder)
        options.plan.paths = paths.map { $0 == "." ? folder.path : folder.appendingPathComponent($0).path }
        change(&options)
        outcome = try LintRun.run(options, host: host)
    }

    /// `eplint token|report|notification PATHS` started in `folder` (tokens are given as they are).
    init(
        server kind: ServerDocumentKind, _ paths: [String], in folder: URL, variables: [String: String] = [:],
        input: [UInt8] = [], _ change: (inout ServerRunOptions) -> Void = { _ in }
    ) throws {
        self.folder = folder
        host = TestHost(workingDirectory: folder)
        host.standardInput = input
        host.variables.merge(variables) { _, given in given }
        var options = ServerRunOptions(kind: kind, common: LintOptions())
        options.common.config = Self.configuration(in: folder)
        options.inputs =
            kind == .token ? paths : paths.map { $0 == "." ? folder.path : folder.appendingPathComponent($0).path }
        change(&options)
        outcome = try ServerRun(options).run(host: host).run
    }

    /// The folder's `.eplint.yml`, named as `--config` names it: the run finds one from the
    /// process's working directory, not the host's (the end-to-end tests cover that search).
    static func configuration(in folder: URL) -> String? {
        let path = folder.appendingPathComponent(".eplint.yml").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The report as `--format gcc` writes it.
    var gcc: String { relative(GCCReporter.render(outcome.report)) }
    /// What the run said beside the report (`--verbose`'s notes).
    var notes: String { relative(host.notes.joined()) }
    var failures: [String] { outcome.report.failures.map(relative) }
    var status: ExitStatus { outcome.status(writeFailed: false) }
    /// Each finding as `RULE KEYPATH`, sorted.
    var findings: [String] { outcome.report.diagnostics.map { "\($0.rule) \($0.keyPath)" }.sorted() }

    /// Writes what the run wrote (`--fix`) to the disk, as the executable's host does.
    func applyWrites() throws {
        for (path, contents) in host.writes { try Data(contents).write(to: URL(fileURLWithPath: path)) }
    }

    func relative(_ text: String) -> String { text.replacingOccurrences(of: folder.path + "/", with: "") }
}
