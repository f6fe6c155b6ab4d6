import LintEngine
import LintRun

/// One lint run in-process over files held in memory (a `MemoryFileSystem`, working directory
/// `/work`), as `eplint PATHS` started in that folder would be: options in; the exit status,
/// each format's output, what the binary would say on standard error, and the files as the run
/// left them (what `--fix` wrote) out. Paths are relative to `/work`.
package struct MemoryRun {
    package static let root = "/work"
    package let host: TestHost
    /// Nil when the run failed as a whole (exit 2; its message is `failures`).
    package let outcome: RunOutcome?
    /// What the binary prints after `error: eplint: `.
    package let failures: [String]
    /// The files after the run, its writes applied.
    package let files: [String: String]

    package init(
        _ paths: [String], over files: [String: String], variables: [String: String] = [:],
        _ change: (inout LintOptions) -> Void = { _ in }
    ) {
        var options = LintOptions()
        options.plan.paths = paths
        // Every format's output, as `--report FORMAT=FILE` for each asks it of the run.
        options.report = OutputFormat.allCases.filter { $0 != .gcc }.map { ExtraReport(format: $0, path: "/dev/null") }
        change(&options)
        host = Self.host(files, variables: variables)
        do throws(RunFailure) {
            let outcome = try LintRun.run(options, host: host)
            self.outcome = outcome
            failures = outcome.report.failures
        } catch {
            outcome = nil
            failures = [error.message]
        }
        var after = files
        // A relative path is the working directory's, as the process writes it.
        for (path, contents) in host.writes {
            let absolute = PathArithmetic.normalized(path.hasPrefix("/") ? path : Self.root + "/" + path)
            after[String(absolute.dropFirst(Self.root.count + 1))] = String(decoding: contents, as: UTF8.self)
        }
        self.files = after
    }

    /// `eplint context PATHS` over `files`: the report, or the run's failure.
    package static func context(
        _ paths: [String], over files: [String: String], as format: ContextReport.Format = .text,
        _ change: (inout LintOptions) -> Void = { _ in }
    ) throws(RunFailure) -> String {
        var options = LintOptions()
        options.plan.paths = paths
        change(&options)
        return try ContextReport.render(options, as: format, host: host(files, variables: [:]))
    }

    private static func host(_ files: [String: String], variables: [String: String]) -> TestHost {
        let host = TestHost(fileSystem: MemoryFileSystem(files))
        host.variables.merge(variables) { _, given in given }
        return host
    }

    package var status: ExitStatus { outcome?.status(writeFailed: false) ?? .failure }
    /// The report as `--format FORMAT` writes it to a file or a pipe.
    package func output(_ format: OutputFormat = .gcc) -> String {
        outcome.map { format.reporter.render($0.report, presentation: .plain) } ?? ""
    }
    /// What the run said beside the report (standard error's notes and warnings), in order.
    package var notes: String { host.notes.joined() }
    /// What `--diff` prints.
    package var diff: String { String(decoding: outcome?.fixRun?.diff ?? [], as: UTF8.self) }
    /// What `--fix` fixed and what remains, counted as the binary's summary counts them.
    package var fixSummary: String {
        "\(outcome?.fixRun?.fixed ?? 0) fixed, \(outcome?.report.diagnostics.count ?? 0) remaining"
    }
}
