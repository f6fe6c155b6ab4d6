import Reporters

/// What a run found and did, for the executable to write: the report (findings after the policy,
/// with what was suppressed and why, and the run's failures) and what `--fix` or `--diff` did.
package struct RunOutcome {
    package var report: RunReport
    package var fixRun: FixRun?

    /// The exit status once the reports are written; `writeFailed` when one could not be.
    package func status(writeFailed: Bool) -> ExitStatus {
        if !report.failures.isEmpty || writeFailed { return .failure }
        if let fixRun, fixRun.showsDiff { return fixRun.diff.isEmpty ? .clean : .findings }
        return report.diagnostics.contains(where: report.fails) ? .findings : .clean
    }
}
