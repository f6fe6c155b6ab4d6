import LintEngine
import LintRun
import Preprocessor
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
        options.format = try reader.choice(
            "format", "FORMAT", help: "Output format: \(ReporterList.spelledOut).", default: OutputFormat.gcc)
        options.output = reader.value(
            "output", "FILE", help: "Write the report to FILE (atomically) instead of standard output.")
        options.report = []
        for argument in reader.values(
            "report", "FORMAT=FILE", help: "Also write a report in FORMAT to FILE, from the same run (repeatable).")
        {
            options.report.append(try Self.extraReport(argument))
        }
        options.srcroot = reader.value(
            "srcroot", "DIR", help: "The directory SARIF paths are relative to (default: the working directory).")
        options.color = try reader.choice(
            "color", "WHEN", help: "Colour and source excerpts in gcc output: auto (a terminal), always or never.",
            default: ColourChoice.auto)
        options.config = reader.value(
            "config", "FILE",
            help: "The configuration file (default: .eplint.yml in the working directory or a parent).")
        options.plan.xcconfig = reader.values(
            "xcconfig", "FILE", help: "Build settings from an xcconfig file (repeatable).")
        options.plan.xcconfigCondition = reader.values(
            "xcconfig-condition", "KEY=VALUE",
            help: "Use conditional xcconfig assignments matching this (repeatable), e.g. sdk=iphoneos.")
        options.baseline = reader.value(
            "baseline", "FILE", help: "Report only findings not recorded in this baseline file.")
        options.writeBaseline = reader.value(
            "write-baseline", "FILE", help: "Record the findings of this run in a baseline file.")
        options.plan.entitlements = reader.value(
            "entitlements", "FILE", help: "The entitlements file of every Info.plist linted.")
        options.plan.deploymentTargets = reader.values(
            "deployment-target", "PLATFORM=VERSION",
            help:
                "A deployment target (iOS, iPadOS, tvOS, macOS, watchOS, visionOS); replaces MinimumOSVersion/LSMinimumSystemVersion (repeatable)."
        )
        options.plan.regions = reader.value(
            "regions", "FILE",
            help: "Region data to use instead of the built-in copy (the format 'eplint regions' prints).")
        options.plan.definitions = reader.values(
            "define", "NAME=VALUE", help: "A build setting for $(NAME) references and #if lines (repeatable).")
        options.plan.preprocess = reader.flag(
            "preprocess",
            help:
                "Run Info.plists through the C preprocessor, as INFOPLIST_PREPROCESS = YES (default: those with a directive line)."
        )
        options.plan.preprocessorFlags = reader.values(
            "preprocessor-flag", "FLAG",
            help: "A flag of INFOPLIST_OTHER_PREPROCESSOR_FLAGS, e.g. -traditional (repeatable).")
        options.plan.prefixHeader = reader.value(
            "prefix-header", "FILE",
            help: "INFOPLIST_PREFIX_HEADER: a header whose #defines apply to preprocessed Info.plists.")
        options.plan.platform = reader.value(
            "platform", "NAME",
            help:
                "The platform Info.plists are built for, which sets the TARGET_OS_* macros of #if lines: \(TargetPlatform.names) (or Xcode's PLATFORM_NAME: iphoneos, iphonesimulator, macosx …). Default: each Xcode target's platforms (device and simulator apart), else unknown."
        )
        options.plan.xcodeVersion = reader.value(
            "xcode-version", "VERSION",
            help:
                "The Xcode that builds, e.g. 16.2: its clang predefines the TARGET_OS_* macros from Xcode 16.3 and none before. Default: 16.3 or later; under --xcode-environment, XCODE_VERSION_ACTUAL."
        )
        options.plan.musicStreaming = reader.value(
            "music-streaming", "true|false",
            help: "Whether the app qualifies for EEA music streaming (up to 5 links per EEA region).")
        options.plan.standardInputName = reader.value(
            "stdin-filename", "NAME", help: "The file name to report for standard input ('-').")
        options.strict = reader.flag("strict", help: "Exit 1 on warnings too.")
        options.stamp = reader.value(
            "stamp", "FILE",
            help: "After a run that exits 0, write FILE empty: a build system's proof that linting passed.")
        options.errorOnEmpty = reader.flag(
            "error-on-empty", help: "Exit 2 when no file is linted (nothing named, or everything skipped or excluded).")
        options.plan.verbose = reader.flag("verbose", help: "Say on standard error which files were skipped and why.")
        options.fix = reader.flag(
            "fix",
            help: "Apply the safe fixes in place (standard input: print the fixed document), then report what remains.")
        options.unsafeFixes = reader.flag(
            "unsafe-fixes", help: "With --fix or --diff: also apply the fixes that change meaning.")
        options.diff = reader.flag(
            "diff",
            help: "Print a unified diff of what --fix would change and change nothing; exit 1 when there is a diff.")
        options.plan.projects = reader.values(
            "project", "FILE",
            help:
                "An .xcodeproj or .xcworkspace whose targets give the context: each Info.plist is linted as its targets build it (repeatable)."
        )
        options.plan.targets = reader.values(
            "target", "NAME", help: "Only this target of the Xcode projects (repeatable).")
        options.plan.configurations = reader.values(
            "configuration", "NAME",
            help: "Only this build configuration of the Xcode projects (repeatable; default: all).")
        options.plan.xcodeEnvironment = reader.flag(
            "xcode-environment",
            help:
                "Inside an Xcode Run Script phase: take the target's context from the build settings in the environment."
        )
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
