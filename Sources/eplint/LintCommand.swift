import LintEngine
import LintRun
import Reporters
import RunPlan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `eplint [lint] PATH…`: the options read into `LintOptions`, the run (`LintRun`), its reports written.
struct LintCommand: Command {
    static let spec = CommandSpec.declared(
        name: "lint", abstract: "Lint files and directories (the default command).", by: LintCommand.init)

    var options = LintOptions()

    /// Declares and reads the options, in the order `--help` lists them.
    init(_ reader: inout OptionReader) throws(UsageError) {
        options.format = try reader.choice(LintOption.format, default: OutputFormat.gcc)
        options.output = reader.value(LintOption.output)
        options.report = []
        for argument in reader.values(LintOption.report) {
            options.report.append(try Self.extraReport(argument))
        }
        options.srcroot = reader.value(LintOption.srcroot)
        options.color = try reader.choice(LintOption.color, default: ColourChoice.auto)
        options.config = reader.value(LintOption.config)
        options.plan.xcconfig = reader.values(LintOption.xcconfig)
        options.plan.xcconfigCondition = reader.values(LintOption.xcconfigCondition)
        options.baseline = reader.value(LintOption.baseline)
        options.writeBaseline = reader.value(LintOption.writeBaseline)
        options.plan.entitlements = reader.value(LintOption.entitlements)
        options.plan.deploymentTargets = reader.values(LintOption.deploymentTarget)
        options.plan.regions = reader.value(LintOption.regions)
        options.plan.definitions = reader.values(LintOption.define)
        options.plan.preprocess = reader.flag(LintOption.preprocess)
        options.plan.preprocessorFlags = reader.values(LintOption.preprocessorFlag)
        options.plan.prefixHeader = reader.value(LintOption.prefixHeader)
        options.plan.platform = reader.value(LintOption.platform)
        options.plan.xcodeVersion = reader.value(LintOption.xcodeVersion)
        options.plan.musicStreaming = reader.value(LintOption.musicStreaming)
        options.plan.standardInputName = reader.value(LintOption.stdinFilename)
        options.strict = reader.flag(LintOption.strict)
        options.stamp = reader.value(
            "stamp", "FILE",
            help: "After a run that exits 0, write FILE empty: a build system's proof that linting passed.")
        options.errorOnEmpty = reader.flag(LintOption.errorOnEmpty)
        options.plan.verbose = reader.flag(LintOption.verbose)
        options.fix = reader.flag(
            "fix",
            help: "Apply the safe fixes in place (standard input: print the fixed document), then report what remains.")
        options.unsafeFixes = reader.flag(
            "unsafe-fixes", help: "With --fix or --diff: also apply the fixes that change meaning.")
        options.diff = reader.flag(
            "diff",
            help: "Print a unified diff of what --fix would change and change nothing; exit 1 when there is a diff.")
        options.plan.projects = reader.values(LintOption.project)
        options.plan.targets = reader.values(LintOption.target)
        options.plan.configurations = reader.values(LintOption.configuration)
        options.plan.xcodeEnvironment = reader.flag(LintOption.xcodeEnvironment)
        options.artifacts = reader.flag(
            "artifacts",
            help: "Also lint the built apps (.ipa, .app, .xcarchive) a directory walk finds; named ones always are.")
        options.plan.paths = reader.positionals("PATH", help: "Files or directories to lint; '-' reads standard input.")
        try validate()
    }

    private func validate() throws(UsageError) {
        for definition in options.plan.definitions
        where definition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0].isEmpty {
            throw UsageError("--define needs NAME=VALUE, got \(definition.quotedForMessage)")
        }
        if options.unsafeFixes && !options.fix && !options.diff {
            throw UsageError("--unsafe-fixes needs --fix or --diff")
        }
        if let musicStreaming = options.plan.musicStreaming, musicStreaming != "true" && musicStreaming != "false" {
            throw UsageError("--music-streaming takes true or false, got \(musicStreaming.quotedForMessage)")
        }
        for target in options.plan.deploymentTargets {
            _ = try Self.deploymentTarget(target, source: "--deployment-target")
        }
        for condition in options.plan.xcconfigCondition where condition.split(separator: "=", maxSplits: 1).count != 2 {
            throw UsageError("--xcconfig-condition needs KEY=VALUE, got \(condition.quotedForMessage)")
        }
    }

    static func deploymentTarget(_ text: String, source: String) throws(UsageError) -> DeploymentTarget {
        do throws(PlanFailure) { return try PlanOptions.deploymentTarget(text, source: source) } catch {
            throw UsageError(error.message)
        }
    }

    /// `--report FORMAT=FILE`.
    static func extraReport(_ argument: String) throws(UsageError) -> ExtraReport {
        let parts = argument.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, let format = OutputFormat(rawValue: String(parts[0])), !parts[1].isEmpty else {
            throw UsageError(
                "--report needs FORMAT=FILE with FORMAT \(ReporterList.spelledOut), got \(argument.quotedForMessage)")
        }
        return ExtraReport(format: format, path: String(parts[1]))
    }

    func execute() -> ExitStatus {
        InterruptCleanup.install()
        var options = self.options
        options.showsSourceLines = ReportWriter.showsSourceLines(options)
        let outcome: RunOutcome
        do throws(RunFailure) { outcome = try LintRun.run(options, host: ProcessHost()) } catch {
            writeStandardError("error: eplint: \(error.message)\n")
            return .failure
        }
        return ReportWriter.write(outcome, options: options)
    }
}
