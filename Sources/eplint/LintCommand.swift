import ArgumentParser
import EplintRules
import LintEngine
import PlistSyntax
import Reporters
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case gcc, sarif, json, github
}

enum ColourChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// An extra report: `--report sarif=eplint.sarif`.
struct ExtraReport: ExpressibleByArgument {
    var format: OutputFormat
    var path: String

    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, let format = OutputFormat(rawValue: String(parts[0])), !parts[1].isEmpty else { return nil }
        self.format = format
        path = String(parts[1])
    }
}

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint files and directories (the default command).")

    @Option(help: "Output format: gcc, sarif, json or github.")
    var format: OutputFormat = .gcc

    @Option(help: ArgumentHelp("Write the report to FILE (atomically) instead of standard output.", valueName: "FILE"))
    var output: String?

    @Option(help: ArgumentHelp("Also write a report in FORMAT to FILE, from the same run (repeatable).", valueName: "FORMAT=FILE"))
    var report: [ExtraReport] = []

    @Option(help: ArgumentHelp("The directory SARIF paths are relative to (default: the working directory).", valueName: "DIR"))
    var srcroot: String?

    @Option(help: ArgumentHelp("Colour and source excerpts in gcc output: auto (a terminal), always or never.", valueName: "WHEN"))
    var color: ColourChoice = .auto

    @Option(name: .customLong("define"), help: ArgumentHelp("A build setting for $(NAME) references and #if lines.", valueName: "NAME=VALUE"))
    var definitions: [String] = []

    @Option(help: ArgumentHelp("Whether the app qualifies for EEA music streaming (up to 5 links per EEA region).", valueName: "true|false"))
    var musicStreaming: String?

    @Option(help: ArgumentHelp("The file name to report for standard input ('-').", valueName: "NAME"))
    var stdinFilename: String?

    @Flag(help: "Exit 1 on warnings too.")
    var strict = false

    @Flag(help: "Say on standard error which files were skipped and why.")
    var verbose = false

    @Argument(help: ArgumentHelp("Files or directories to lint; '-' reads standard input.", valueName: "PATH"))
    var paths: [String] = []

    func validate() throws {
        for definition in definitions where definition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0].isEmpty {
            throw ValidationError("--define needs NAME=VALUE, got \(definition.quotedForMessage)")
        }
        if let musicStreaming, musicStreaming != "true" && musicStreaming != "false" {
            throw ValidationError("--music-streaming takes true or false, got \(musicStreaming.quotedForMessage)")
        }
    }

    func execute() -> ExitStatus {
        InterruptCleanup.install()
        let linter = Linter(rules: allRules, configuration: configuration)
        var inputs = InputCollector()
        for path in paths { inputs.add(path, standardInputName: stdinFilename) }
        var failures = inputs.failures
        if verbose { for skipped in inputs.skipped { writeStandardError("eplint: skipped \(skipped)\n") } }

        var diagnostics: [Diagnostic] = []
        var standardInput: (path: String, bytes: [UInt8])?
        var linted = 0
        for file in inputs.files {
            let outcome: Result<FileLintResult, ReadFailure>
            if file.isStandardInput {
                let bytes = readStandardInput()
                standardInput = (file.path, bytes)
                var source = BytesSource(bytes)
                outcome = Result { () throws(ReadFailure) in try linter.lint(&source, path: file.path) }
            } else {
                outcome = lint(file, with: linter)
            }
            switch outcome {
            case .success(let result):
                if file.foundByWalk && result.isBinaryPropertyList {
                    if verbose { writeStandardError("eplint: skipped \(file.path) (binary property list)\n") }
                    continue
                }
                linted += 1
                diagnostics += result.diagnostics
            case .failure(let failure):
                failures.append(failure.reason)
            }
        }

        let terminal = output == nil && isatty(1) == 1 && format == .gcc
        let presentation = TerminalPresentation(colour: useColour(terminal: terminal), showSource: terminal)
        if presentation.showSource || format == .sarif || report.contains(where: { $0.format == .sarif }) {
            SourceExcerpts.fill(&diagnostics, standardInput: standardInput)
        }
        let run = RunReport(toolVersion: Eplint.version, rules: RuleCatalog.all, diagnostics: diagnostics, fileCount: linted,
                            failures: failures, sourceRoot: absolute(srcroot ?? "."), workingDirectory: currentDirectory())

        var writeFailures: [String] = []
        let primary = render(run, as: format, presentation: output == nil ? presentation : .plain)
        if let output {
            do throws(RunFailure) { try OutputFile.writeAtomically(primary, to: output) } catch { writeFailures.append(error.message) }
        } else {
            writeStandardOutput(primary)
        }
        for extra in report {
            do throws(RunFailure) { try OutputFile.writeAtomically(render(run, as: extra.format, presentation: .plain), to: extra.path) } catch {
                writeFailures.append(error.message)
            }
        }
        for failure in failures + writeFailures { writeStandardError("error: eplint: \(failure)\n") }
        if terminal && isatty(2) == 1 && !diagnostics.isEmpty { writeStandardError(run.summary + "\n") }

        if !failures.isEmpty || !writeFailures.isEmpty { return .failure }
        let failing: Severity = strict ? .warning : .error
        return diagnostics.contains { $0.severity >= failing } ? .findings : .clean
    }

    private func render(_ run: RunReport, as format: OutputFormat, presentation: TerminalPresentation) -> String {
        switch format {
        case .gcc: GCCReporter.render(run, presentation: presentation)
        case .sarif: SARIFReporter.render(run)
        case .json: JSONReporter.render(run)
        case .github: GitHubReporter.render(run)
        }
    }

    /// `--color`, then NO_COLOR (off) and FORCE_COLOR (on), then a terminal whose TERM is not dumb.
    private func useColour(terminal: Bool) -> Bool {
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

    private var configuration: LintConfiguration {
        var settings: [String: String] = [:]
        for definition in definitions {
            let parts = definition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            settings[String(parts[0])] = parts.count > 1 ? String(parts[1]) : "1"
        }
        var configuration = LintConfiguration(buildSettings: BuildSettings(settings))
        if let musicStreaming {
            configuration.musicStreaming = musicStreaming == "true"
                ? MusicStreaming(qualifies: true, reason: "--music-streaming true")
                : MusicStreaming(qualifies: false, reason: "--music-streaming false was given")
        }
        return configuration
    }

    private func lint(_ file: InputFile, with linter: Linter) -> Result<FileLintResult, ReadFailure> {
        // Non-blocking so that a FIFO cannot hang the run; only regular files are read.
        let descriptor = open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(ReadFailure(reason: "cannot read \(file.path.quotedForMessage): \(String(cString: strerror(errno)))"))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .failure(ReadFailure(reason: "cannot read \(file.path.quotedForMessage): not a regular file"))
        }
        var source = FileDescriptorSource(descriptor: descriptor)
        return Result { () throws(ReadFailure) in try linter.lint(&source, path: file.path) }
            .mapError { ReadFailure(reason: "cannot read \(file.path.quotedForMessage): \($0.reason)") }
    }

    private func readStandardInput() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var source = FileDescriptorSource(descriptor: 0)
        while let count = try? buffer.withUnsafeMutableBytes({ try source.read(into: $0) }), count > 0 {
            bytes += buffer[0..<count]
        }
        return bytes
    }
}

func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" }
    return String(cString: buffer)
}

func absolute(_ path: String) -> String {
    FilePath.normalized(path.hasPrefix("/") ? path : currentDirectory() + "/" + path)
}
