import LintRun
import Reporters

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes what a run found: the report in each format, the fixed document or the diff, the
/// failures and summaries on standard error; then the exit status.
enum ReportWriter {
    /// Whether the report goes to a colour terminal, which shows each finding's source line.
    static func showsSourceLines(_ options: LintOptions) -> Bool {
        let toTerminal = options.writesTerminalReport && isatty(1) == 1
        return toTerminal && useColour(options.color, terminal: toTerminal)
    }

    static func write(_ outcome: RunOutcome, options: LintOptions) -> ExitStatus {
        let run = outcome.report
        // Excerpts and the summary go with colour on a terminal: `--color never` under a
        // pseudo-terminal (pre-commit, CI log viewers) keeps plain, parseable lines.
        let toTerminal = options.writesTerminalReport && isatty(1) == 1
        let colour = useColour(options.color, terminal: toTerminal)
        let terminal = toTerminal && colour
        let presentation = TerminalPresentation(colour: colour, showSource: terminal)
        var writeFailures: [String] = []
        let fixRun = outcome.fixRun
        // What was fixed and written: standard input's fixes count once its document is out.
        var fixedCount = fixRun?.fixed ?? 0
        var remainingCount = run.diagnostics.count
        let primary = options.format.reporter.render(run, presentation: options.output == nil ? presentation : .plain)
        if let fixRun, let fixed = fixRun.fixedStandardInput {
            do throws(RunFailure) {
                try writeStandardOutput(bytes: fixed, "the fixed document")
                fixedCount += fixRun.standardInputFixed
            } catch {
                writeFailures.append(error.message)
                // Fixed in a text that was lost: they remain in the user's document.
                remainingCount += fixRun.standardInputFixed
            }
        }
        do throws(RunFailure) {
            if let output = options.output {
                try OutputFile.writeAtomically(primary, to: output)
            } else if let fixRun, fixRun.showsDiff {
                // --diff prints the diff alone on standard output, as ruff does.
                try writeStandardOutput(bytes: fixRun.diff, "the diff")
            } else if fixRun?.fixedStandardInput != nil {
                // The fixed document has standard output; the report goes beside it.
                writeStandardError(primary)
            } else {
                try writeStandardOutput(primary, "the report")
            }
        } catch {
            writeFailures.append(error.message)
        }
        for extra in options.report {
            do throws(RunFailure) {
                try OutputFile.writeAtomically(
                    extra.format.reporter.render(run, presentation: .plain), to: extra.path)
            } catch {
                writeFailures.append(error.message)
            }
        }
        for failure in run.failures + writeFailures { writeStandardError("error: eplint: \(failure)\n") }
        if terminal && isatty(2) == 1 && !run.diagnostics.isEmpty { writeStandardError(run.summary + "\n") }
        if let fixRun {
            let summary =
                fixRun.showsDiff
                ? "\(fixedCount) would be fixed, \(remainingCount - fixedCount) would remain"
                : "\(fixedCount) fixed, \(remainingCount) remaining"
            writeStandardError(summary + "\n")
            if let hidden = fixRun.hiddenFixes(remaining: run.diagnostics) { writeStandardError(hidden + "\n") }
        }
        let status = outcome.status(writeFailed: !writeFailures.isEmpty)
        // The build-tool plugin's declared output: empty, so that a build that compiles it
        // (an empty .swift file) ships nothing, where a report would be bundled as a resource.
        if status == .clean, fixRun?.showsDiff != true, let stamp = options.stamp {
            do throws(RunFailure) { try OutputFile.writeAtomically("", to: stamp) } catch {
                writeStandardError("error: eplint: \(error.message)\n")
                return .failure
            }
        }
        return status
    }

    /// `--color`, then NO_COLOR (off) and FORCE_COLOR (on), then a terminal whose TERM is not dumb.
    private static func useColour(_ color: ColourChoice, terminal: Bool) -> Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColour = getenv("NO_COLOR"), noColour.pointee != 0 { return false }
            if let force = getenv("FORCE_COLOR"), String(cString: force) != "0", force.pointee != 0 { return true }
            let term = getenv("TERM").map { String(cString: $0) } ?? ""
            return terminal && term != "dumb"
        }
    }
}
