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

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eplint",
        abstract: "Lint the StoreKit external-purchase configuration of Info.plist and .entitlements files.",
        discussion: """
            Exit status: 0 no errors (warnings and notes allowed), 1 at least one error \
            (or warning with --strict), 2 the run itself failed.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case gcc
    }

    @Option(help: "Output format.")
    var format: Format = .gcc

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
        let linter = Linter(rules: allRules, configuration: configuration)
        var inputs = InputCollector()
        for path in paths { inputs.add(path, standardInputName: stdinFilename) }
        var failures = inputs.failures
        if verbose { for skipped in inputs.skipped { writeStandardError("eplint: skipped \(skipped)\n") } }

        var diagnostics: [Diagnostic] = []
        for file in inputs.files {
            switch lint(file, with: linter) {
            case .success(let result):
                if file.foundByWalk && result.isBinaryPropertyList {
                    if verbose { writeStandardError("eplint: skipped \(file.path) (binary property list)\n") }
                    continue
                }
                diagnostics += result.diagnostics
            case .failure(let failure):
                failures.append(failure.reason)
            }
        }

        writeStandardOutput(GCCReporter.render(diagnostics))
        for failure in failures { writeStandardError("error: eplint: \(failure)\n") }
        if !failures.isEmpty { return .failure }
        let failing: Severity = strict ? .warning : .error
        return diagnostics.contains { $0.severity >= failing } ? .findings : .clean
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
        if file.isStandardInput {
            var source = FileDescriptorSource(descriptor: 0)
            return Result { () throws(ReadFailure) in try linter.lint(&source, path: file.path) }
        }
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
}
