import Configuration
import EplintBase
import EplintRules
import LintEngine
import PlistSyntax
import Preprocessor
import Reporters
import RunPlan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum OutputFormat: String, CaseIterable {
    case gcc, sarif, json, github
}

enum ColourChoice: String, CaseIterable {
    case auto, always, never
}

/// An extra report: `--report sarif=eplint.sarif`.
struct ExtraReport {
    var format: OutputFormat
    var path: String

    init(argument: String) throws(UsageError) {
        let parts = argument.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, let format = OutputFormat(rawValue: String(parts[0])), !parts[1].isEmpty else {
            throw UsageError(
                "--report needs FORMAT=FILE with FORMAT gcc, sarif, json or github, got \(argument.quotedForMessage)")
        }
        self.format = format
        path = String(parts[1])
    }
}

struct LintCommand {
    static let spec = CommandSpec.declared(
        name: "lint", abstract: "Lint files and directories (the default command).", by: LintCommand.init)

    var format: OutputFormat
    var output: String?
    var report: [ExtraReport]
    var srcroot: String?
    var color: ColourChoice
    var config: String?
    var xcconfig: [String]
    var xcconfigCondition: [String]
    var baseline: String?
    var writeBaseline: String?
    var entitlements: String?
    var deploymentTargets: [String]
    var regions: String?
    var definitions: [String]
    var preprocess: Bool
    var preprocessorFlags: [String]
    var prefixHeader: String?
    var platform: String?
    var musicStreaming: String?
    var stdinFilename: String?
    var strict: Bool
    var errorOnEmpty: Bool
    var stamp: String?
    var verbose: Bool
    var fix: Bool
    var unsafeFixes: Bool
    var diff: Bool
    var projects: [String]
    var targets: [String]
    var configurations: [String]
    var xcodeEnvironment: Bool
    var artifacts: Bool
    var paths: [String]

    /// Declares and reads the options, in the order `--help` lists them.
    init(_ options: inout OptionReader) throws(UsageError) {
        format = try options.choice(
            "format", "FORMAT", help: "Output format: gcc, sarif, json or github.", default: OutputFormat.gcc)
        output = options.value(
            "output", "FILE", help: "Write the report to FILE (atomically) instead of standard output.")
        report = []
        for argument in options.values(
            "report", "FORMAT=FILE", help: "Also write a report in FORMAT to FILE, from the same run (repeatable).")
        {
            report.append(try ExtraReport(argument: argument))
        }
        srcroot = options.value(
            "srcroot", "DIR", help: "The directory SARIF paths are relative to (default: the working directory).")
        color = try options.choice(
            "color", "WHEN", help: "Colour and source excerpts in gcc output: auto (a terminal), always or never.",
            default: ColourChoice.auto)
        config = options.value(
            "config", "FILE",
            help: "The configuration file (default: .eplint.yml in the working directory or a parent).")
        xcconfig = options.values("xcconfig", "FILE", help: "Build settings from an xcconfig file (repeatable).")
        xcconfigCondition = options.values(
            "xcconfig-condition", "KEY=VALUE",
            help: "Use conditional xcconfig assignments matching this (repeatable), e.g. sdk=iphoneos.")
        baseline = options.value("baseline", "FILE", help: "Report only findings not recorded in this baseline file.")
        writeBaseline = options.value(
            "write-baseline", "FILE", help: "Record the findings of this run in a baseline file.")
        entitlements = options.value("entitlements", "FILE", help: "The entitlements file of every Info.plist linted.")
        deploymentTargets = options.values(
            "deployment-target", "PLATFORM=VERSION",
            help:
                "A deployment target (iOS, iPadOS, tvOS, macOS, watchOS, visionOS); replaces MinimumOSVersion/LSMinimumSystemVersion (repeatable)."
        )
        regions = options.value(
            "regions", "FILE",
            help: "Region data to use instead of the built-in copy (the format 'eplint regions' prints).")
        definitions = options.values(
            "define", "NAME=VALUE", help: "A build setting for $(NAME) references and #if lines (repeatable).")
        preprocess = options.flag(
            "preprocess",
            help:
                "Run Info.plists through the C preprocessor, as INFOPLIST_PREPROCESS = YES (default: those with a directive line)."
        )
        preprocessorFlags = options.values(
            "preprocessor-flag", "FLAG",
            help: "A flag of INFOPLIST_OTHER_PREPROCESSOR_FLAGS, e.g. -traditional (repeatable).")
        prefixHeader = options.value(
            "prefix-header", "FILE",
            help: "INFOPLIST_PREFIX_HEADER: a header whose #defines apply to preprocessed Info.plists.")
        platform = options.value(
            "platform", "NAME",
            help:
                "The platform Info.plists are built for, which sets the TARGET_OS_* macros of #if lines: \(TargetPlatform.names) (or Xcode's PLATFORM_NAME: iphoneos, iphonesimulator, macosx …). Default: each Xcode target's platforms (device and simulator apart), else unknown."
        )
        musicStreaming = options.value(
            "music-streaming", "true|false",
            help: "Whether the app qualifies for EEA music streaming (up to 5 links per EEA region).")
        stdinFilename = options.value(
            "stdin-filename", "NAME", help: "The file name to report for standard input ('-').")
        strict = options.flag("strict", help: "Exit 1 on warnings too.")
        stamp = options.value(
            "stamp", "FILE",
            help: "After a run that exits 0, write FILE empty: a build system's proof that linting passed.")
        errorOnEmpty = options.flag(
            "error-on-empty", help: "Exit 2 when no file is linted (nothing named, or everything skipped or excluded).")
        verbose = options.flag("verbose", help: "Say on standard error which files were skipped and why.")
        fix = options.flag(
            "fix",
            help: "Apply the safe fixes in place (standard input: print the fixed document), then report what remains.")
        unsafeFixes = options.flag(
            "unsafe-fixes", help: "With --fix or --diff: also apply the fixes that change meaning.")
        diff = options.flag(
            "diff",
            help: "Print a unified diff of what --fix would change and change nothing; exit 1 when there is a diff.")
        projects = options.values(
            "project", "FILE",
            help:
                "An .xcodeproj or .xcworkspace whose targets give the context: each Info.plist is linted as its targets build it (repeatable)."
        )
        targets = options.values("target", "NAME", help: "Only this target of the Xcode projects (repeatable).")
        configurations = options.values(
            "configuration", "NAME",
            help: "Only this build configuration of the Xcode projects (repeatable; default: all).")
        xcodeEnvironment = options.flag(
            "xcode-environment",
            help:
                "Inside an Xcode Run Script phase: take the target's context from the build settings in the environment."
        )
        artifacts = options.flag(
            "artifacts",
            help: "Also lint the built apps (.ipa, .app, .xcarchive) a directory walk finds; named ones always are.")
        paths = options.positionals("PATH", help: "Files or directories to lint; '-' reads standard input.")
        try validate()
    }

    private func validate() throws(UsageError) {
        for definition in definitions
        where definition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0].isEmpty {
            throw UsageError("--define needs NAME=VALUE, got \(definition.quotedForMessage)")
        }
        if unsafeFixes && !fix && !diff { throw UsageError("--unsafe-fixes needs --fix or --diff") }
        if let musicStreaming, musicStreaming != "true" && musicStreaming != "false" {
            throw UsageError("--music-streaming takes true or false, got \(musicStreaming.quotedForMessage)")
        }
        for target in deploymentTargets { _ = try Self.deploymentTarget(target, source: "--deployment-target") }
        for condition in xcconfigCondition where condition.split(separator: "=", maxSplits: 1).count != 2 {
            throw UsageError("--xcconfig-condition needs KEY=VALUE, got \(condition.quotedForMessage)")
        }
    }

    static func deploymentTarget(_ text: String, source: String) throws(UsageError) -> DeploymentTarget {
        do throws(PlanFailure) { return try PlanOptions.deploymentTarget(text, source: source) } catch {
            throw UsageError(error.message)
        }
    }

    /// The options that shape the run's plan, as `RunPlan` takes them.
    var planOptions: PlanOptions {
        var options = PlanOptions()
        options.xcconfig = xcconfig
        options.xcconfigCondition = xcconfigCondition
        options.entitlements = entitlements
        options.deploymentTargets = deploymentTargets
        options.regions = regions
        options.definitions = definitions
        options.preprocess = preprocess
        options.preprocessorFlags = preprocessorFlags
        options.prefixHeader = prefixHeader
        options.platform = platform
        options.musicStreaming = musicStreaming
        options.projects = projects
        options.targets = targets
        options.configurations = configurations
        options.xcodeEnvironment = xcodeEnvironment
        options.paths = paths
        options.standardInputName = stdinFilename
        options.verbose = verbose
        return options
    }

    /// The run's planner on the host's file system; what it notes goes to standard error as it is decided.
    var planner: RunPlanner {
        RunPlanner(
            options: planOptions, fileSystem: HostPlanFileSystem(),
            environment: xcodeEnvironment ? processEnvironment() : [:],
            note: writeStandardError)
    }

    func execute() -> ExitStatus {
        InterruptCleanup.install()
        let planner = self.planner
        let project: ConfigurationFile?
        let configuration: LintConfiguration
        let acceptedFindings: Baseline?
        do throws(RunFailure) {
            project = try ProjectConfiguration.load(explicit: config, verbose: verbose)
            configuration = try planned { () throws(PlanFailure) in try planner.runConfiguration(project) }
            acceptedFindings = try baseline.map { path throws(RunFailure) in try ProjectConfiguration.loadBaseline(path)
            }
        } catch {
            writeStandardError("error: eplint: \(error.message)\n")
            return .failure
        }
        let linter = Linter(rules: allRules, configuration: configuration)
        let mapped = planner.configuredEntitlements(project)
        var inputs = InputCollector()
        inputs.walksIntoArtifacts = artifacts
        let xcode: XcodeLintPlan
        do throws(RunFailure) {
            xcode = try planned { () throws(PlanFailure) in
                try planner.xcodeLintPlan(configuration, configurationFile: project)
            }
        } catch {
            writeStandardError("error: eplint: \(error.message)\n")
            return .failure
        }
        for path in xcode.paths { inputs.add(path, standardInputName: stdinFilename) }
        for file in xcode.namedFiles { inputs.files.append(InputFile(path: file)) }
        // The same file named twice, or found by two walks, or spelled two ways (case, NFD,
        // /private on macOS) is linted once. A single argument cannot repeat a file.
        if xcode.paths.count + xcode.namedFiles.count > 1 { inputs.removeRepeatedFiles() }
        if let project {
            // `exclude` applies to files named explicitly too (pre-commit passes names).
            inputs.files.removeAll { file in
                guard !file.isStandardInput, !project.admits(absolute(file.path)) else { return false }
                if verbose { writeStandardError("eplint: skipped \(file.path) (excluded by \(project.path))\n") }
                return true
            }
        }
        var failures = inputs.failures
        if verbose { for skipped in inputs.skipped { writeStandardError("eplint: skipped \(skipped)\n") } }
        let pairer = EntitlementsPairer(
            explicit: entitlements, mapped: mapped, fileSystem: HostPlanFileSystem(),
            infoPlists: inputs.files.map(\.path))

        // Standard input is read first (once); files are linted in parallel, reported in order.
        let standardInput: (path: String, bytes: [UInt8])? = inputs.files.first(where: \.isStandardInput).map {
            ($0.path, readStandardInput())
        }
        // Every entitlements file is read and parsed once, before the files are linted.
        let pairedPaths = pairer.candidates + xcode.contexts.values.flatMap { $0.compactMap(\.entitlements) }
        let table = EntitlementsTable(pairedPaths: pairedPaths, linter: linter)
        // Excerpts and the fixes JSON and SARIF show come from the text read for linting, never from a second reading.
        let keepsText = wantsExcerpts || reportsFixes
        func lintOne(_ file: InputFile) -> (Result<FileLintResult, ReadFailure>, text: [UInt8]?) {
            if !file.isStandardInput, let contexts = xcode.contexts(of: file.path) {
                return TargetContexts.lint(file, in: contexts, verbose: verbose, table: table)
            }
            let pairing = { (path: String) -> EntitlementsPairing in
                // Standard input pairs as the plan chose (`eplint context -` prints it).
                if file.isStandardInput, let choice = xcode.standardInputPairing {
                    return EntitlementsPairer.pairing(choice, of: path, linter: linter, table: table, verbose: verbose)
                }
                return pairer.pairing(for: path, linter: linter, table: table, verbose: verbose)
            }
            guard let bytes = file.isStandardInput ? standardInput?.bytes : table.bytes(of: file.path) else {
                return lint(file, with: linter, pairing: pairing, keepingText: keepsText)
            }
            var source = BytesSource(bytes)
            return (
                Result { () throws(ReadFailure) in try linter.lint(&source, path: file.path, pairing: pairing) }, bytes
            )
        }
        let linted = Parallel.map(inputs.files) { keptIfFound(lintOne($0), $0) }
        var outcomes = linted.map(\.0)
        var fixRun = fix || diff ? FixRun(applicability: unsafeFixes ? .unsafe : .safe, showsDiff: diff) : nil
        if var run = fixRun {
            applyFixes(
                &run, inputs.files, &outcomes, linter: linter, pairer: pairer, table: table, xcode: xcode,
                project: project,
                acceptedFindings: acceptedFindings, standardInput: standardInput)
            fixRun = run
        }
        var diagnostics: [Diagnostic] = []
        var reported: [DiagnosticIdentity: Int] = [:]
        var suppressed: [SuppressedFinding] = []
        var lintedCount = 0
        var texts: [String: [UInt8]] = [:]
        for (file, (outcome, text)) in zip(inputs.files, zip(outcomes, linted.map(\.text))) {
            // Only files with findings kept theirs; after --fix, the text is the fixed one.
            if keepsText, let text = fixRun?.fixedTexts[file.path] ?? text, case .success(let result) = outcome,
                result.diagnostics.contains(where: { $0.file == file.path || $0.fix?.destination == file.path })
            {
                texts[file.path] = text
            }
            switch outcome {
            case .success(let result):
                if file.foundByWalk && result.isBinaryPropertyList {
                    if verbose { writeStandardError("eplint: skipped \(file.path) (binary property list)\n") }
                    continue
                }
                lintedCount += 1
                failures += result.failures
                suppressed += result.suppressed
                // An entitlements file paired more than once, or also linted on its own,
                // reports its problems once, naming the contexts of every report.
                for diagnostic in result.diagnostics {
                    let identity = DiagnosticIdentity(diagnostic)
                    if let earlier = reported[identity] {
                        diagnostics[earlier].merge(contextsOf: diagnostic)
                    } else {
                        reported[identity] = diagnostics.count
                        diagnostics.append(diagnostic)
                    }
                }
            case .failure(let failure):
                failures.append(failure.reason)
            }
        }
        var clocked = configuration
        clocked.now = BuiltAppLint.now()
        let builtApps = BuiltAppLint(linter: Linter(rules: allRules, configuration: clocked), verbose: verbose)
        for artifact in inputs.artifacts {
            let outcome = builtApps.lint(artifact)
            diagnostics += outcome.diagnostics
            lintedCount += outcome.linted
            failures += outcome.failures
        }
        let expo = ExpoConfig(linter: linter, verbose: verbose)
        for config in inputs.expoConfigs {
            let outcome = expo.lint(config.path, foundByWalk: config.foundByWalk)
            diagnostics += outcome.diagnostics
            lintedCount += outcome.linted
            failures += outcome.failures
        }
        // A paired file a move wrote is shown as written.
        let written = fixRun?.fixedTexts ?? [:]
        let excerptText = { (path: String) -> [UInt8]? in texts[path] ?? written[path] ?? table.bytes(of: path) }
        return finish(
            diagnostics, linted: lintedCount, failures: failures, project: project, acceptedFindings: acceptedFindings,
            excerptText: excerptText,
            suppressedInSource: suppressed, fixRun: fixRun)
    }

    /// Configuration, baselines, reports and the exit status: the end of every linting command
    /// (the server-side ones too). `extraJSON` is added to `--format json` output.
    /// The findings pipeline after linting, in one fixed order: inline suppression (done by
    /// the linter, `suppressedInSource`) → the configuration's `disable`, `ignore` and
    /// `severity` → the baseline. `--verbose` names what dropped each finding. `named` are the
    /// paths the run was given (default: lint's), for the message when none of them gave a file to lint.
    func finish(
        _ found: [Diagnostic], linted: Int, failures foundFailures: [String], project: ConfigurationFile?,
        acceptedFindings: Baseline?,
        excerptText: (String) -> [UInt8]?, extraJSON: [(String, JSONValue)] = [],
        suppressedInSource: [SuppressedFinding] = [], fixRun: FixRun? = nil, named: [String]? = nil
    ) -> ExitStatus {
        var failures = foundFailures + (fixRun?.failures ?? [])
        // A run that lints nothing passes silently otherwise: a typo in a CI path, an
        // exclude that covers everything. Standard input counts as a file.
        if linted == 0 && failures.isEmpty {
            let given = named ?? paths
            writeStandardError(
                "eplint: no files to lint \(given.isEmpty ? "(no path was given)" : "under " + given.joined(separator: ", "))\n"
            )
            if errorOnEmpty { failures.append("--error-on-empty: no file was linted") }
        }
        var (diagnostics, suppressed) = ProjectConfiguration.apply(project, to: found)
        suppressed = suppressedInSource + suppressed
        if let writeBaseline {
            let recorded = ProjectConfiguration.baseline(of: diagnostics, at: writeBaseline)
            do throws(RunFailure) { try OutputFile.writeAtomically(recorded.serialized(), to: writeBaseline) } catch {
                failures.append(error.message)
            }
        }
        if let acceptedFindings, let path = baseline {
            let (new, accepted, gone) = ProjectConfiguration.filter(diagnostics, through: acceptedFindings, at: path)
            suppressed += accepted.map { SuppressedFinding($0, kind: .baseline, reason: "baseline \(path)") }
            diagnostics = new
            if verbose {
                for entry in gone {
                    writeStandardError(
                        "eplint: baseline entry no longer found: \(entry.file) \(entry.rule) \(entry.keyPath)\n")
                }
            }
        }
        if verbose {
            for finding in suppressed {
                let diagnostic = finding.diagnostic
                writeStandardError(
                    "eplint: not reported: \(diagnostic.file):\(diagnostic.range.start.line):\(diagnostic.range.start.column): "
                        + "\(diagnostic.rule) (\(finding.reason))\n")
            }
        }
        // Excerpts and the summary go with colour on a terminal: `--color never` under a
        // pseudo-terminal (pre-commit, CI log viewers) keeps plain, parseable lines.
        let toTerminal = output == nil && format == .gcc && isatty(1) == 1
        let colour = useColour(terminal: toTerminal)
        let terminal = toTerminal && colour
        let presentation = TerminalPresentation(colour: colour, showSource: terminal)
        if wantsExcerpts { SourceExcerpts.fill(&diagnostics, text: excerptText) }
        if reportsFixes { ReportedFixes.resolve(&diagnostics, text: excerptText) }
        var run = RunReport(
            toolVersion: Eplint.version, rules: RuleCatalog.all, diagnostics: diagnostics, fileCount: linted,
            failures: failures, sourceRoot: HostFileSystem.canonicalDirectory(srcroot ?? "."),
            workingDirectory: currentDirectory())
        if format == .sarif || report.contains(where: { $0.format == .sarif }) {
            run.suppressed = suppressed
            for diagnostic in diagnostics + suppressed.map(\.diagnostic) {
                // A move's fix names its destination file too.
                for file in [diagnostic.file] + (diagnostic.fix?.destination.map { [$0] } ?? [])
                where run.canonicalPaths[file] == nil {
                    run.canonicalPaths[file] = absolute(file)
                }
            }
        }

        var writeFailures: [String] = []
        // What was fixed and written: standard input's fixes count once its document is out.
        var fixedCount = fixRun?.fixed ?? 0
        var remainingCount = diagnostics.count
        let primary = render(run, as: format, presentation: output == nil ? presentation : .plain, extraJSON: extraJSON)
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
            if let output {
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
        for extra in report {
            do throws(RunFailure) {
                try OutputFile.writeAtomically(
                    render(run, as: extra.format, presentation: .plain, extraJSON: extraJSON), to: extra.path)
            } catch {
                writeFailures.append(error.message)
            }
        }
        for failure in failures + writeFailures { writeStandardError("error: eplint: \(failure)\n") }
        if terminal && isatty(2) == 1 && !diagnostics.isEmpty { writeStandardError(run.summary + "\n") }

        if let fixRun {
            let summary =
                fixRun.showsDiff
                ? "\(fixedCount) would be fixed, \(remainingCount - fixedCount) would remain"
                : "\(fixedCount) fixed, \(remainingCount) remaining"
            writeStandardError(summary + "\n")
        }
        if !failures.isEmpty || !writeFailures.isEmpty { return .failure }
        if let fixRun, fixRun.showsDiff { return fixRun.diff.isEmpty ? .clean : .findings }
        let failing: Severity = strict ? .warning : .error
        if diagnostics.contains(where: { $0.severity >= failing }) { return .findings }
        // The build-tool plugin's declared output: empty, so that a build that compiles it
        // (an empty .swift file) ships nothing, where a report would be bundled as a resource.
        if let stamp {
            do throws(RunFailure) { try OutputFile.writeAtomically("", to: stamp) } catch {
                writeStandardError("error: eplint: \(error.message)\n")
                return .failure
            }
        }
        return .clean
    }

    private func render(
        _ run: RunReport, as format: OutputFormat, presentation: TerminalPresentation,
        extraJSON: [(String, JSONValue)] = []
    ) -> String {
        switch format {
        case .gcc: GCCReporter.render(run, presentation: presentation)
        case .sarif: SARIFReporter.render(run)
        case .json: JSONReporter.render(run, extra: extraJSON)
        case .github: GitHubReporter.render(run)
        }
    }

    /// Whether findings are shown with their source lines (a colour terminal) or SARIF snippets:
    /// then the text of files with findings is kept while they are linted.
    var wantsExcerpts: Bool {
        let toTerminal = output == nil && format == .gcc && isatty(1) == 1
        return (toTerminal && useColour(terminal: toTerminal)) || format == .sarif
            || report.contains { $0.format == .sarif }
    }

    /// Whether a report shows fixes as edits of the file's text (JSON, SARIF).
    var reportsFixes: Bool { ([format] + report.map(\.format)).contains { $0 == .json || $0 == .sarif } }

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

    /// A file's text is kept past its linting only when it has findings of its own (for their
    /// excerpts) or may be fixed: a run holds the texts of those files, not of all it read.
    private func keptIfFound(_ linted: (Result<FileLintResult, ReadFailure>, text: [UInt8]?), _ file: InputFile)
        -> (Result<FileLintResult, ReadFailure>, text: [UInt8]?)
    {
        // A move into the file (EP405) shows its edits in this text too.
        guard linted.text != nil, case .success(let result) = linted.0,
            result.diagnostics.contains(where: { $0.file == file.path || $0.fix?.destination == file.path })
        else {
            return (linted.0, nil)
        }
        return linted
    }

    /// Lints a file as it is read, or — when its text is wanted for excerpts and it is not
    /// larger than excerpts are made for — from its text read whole, which is returned too.
    private func lint(
        _ file: InputFile, with linter: Linter, pairing: (String) -> EntitlementsPairing,
        keepingText: Bool
    ) -> (Result<FileLintResult, ReadFailure>, text: [UInt8]?) {
        var text: [UInt8]?
        let result = RegularFile.read(file.path) { source throws(ReadFailure) in
            guard keepingText, let size = source.expectedByteCount, size <= SourceExcerpts.maximumSize else {
                return try linter.lint(&source, path: file.path, pairing: pairing)
            }
            let bytes = try RegularFile.readAll(&source, limit: SourceExcerpts.maximumSize).get()
            text = bytes
            var whole = BytesSource(bytes)
            return try linter.lint(&whole, path: file.path, pairing: pairing)
        }
        return (
            result.mapError { ReadFailure(reason: "cannot read \(file.path.quotedForMessage): \($0.reason)") }, text
        )
    }

    private func readStandardInput() -> [UInt8] {
        var source = FileDescriptorSource(descriptor: 0)
        return (try? RegularFile.readAll(&source).get()) ?? []
    }
}

/// eplint never changes directory: the working directory is asked for once. `main` stops a
/// run whose working directory cannot be had before anything asks for it.
func currentDirectory() -> String {
    guard case .success(let directory) = workingDirectory else { preconditionFailure("no working directory") }
    return directory
}

/// The working directory, however long: `getcwd(NULL, 0)` allocates what it needs on macOS
/// and with glibc (a fixed PATH_MAX buffer fails past 1,024 bytes on macOS). Never `/` in its
/// place: `eplint .` would then search the whole disk for Xcode projects and apply them.
let workingDirectory: Result<String, RunFailure> = {
    guard let path = getcwd(nil, 0) else {
        return .failure(RunFailure(message: "cannot get the working directory: \(String(cString: strerror(errno)))"))
    }
    defer { free(path) }
    return .success(String(cString: path))
}()

/// The canonical absolute form of a path, for matching (never for showing): see HostFileSystem.
func absolute(_ path: String) -> String {
    HostFileSystem.canonical(path)
}

/// An absolute path to show: the user's spelling, `.` and `..` resolved.
func absoluteAsGiven(_ path: String) -> String {
    PathArithmetic.normalized(path.hasPrefix("/") ? path : currentDirectory() + "/" + path)
}

/// What makes two diagnostics the same report.
struct DiagnosticIdentity: Hashable {
    var file: String, line: Int, column: Int, rule: String, message: String

    init(_ diagnostic: Diagnostic) {
        // `./App/App.entitlements` found by a walk and `App/App.entitlements` paired by a target are one file.
        file = HostFileSystem.sameFileKey(diagnostic.file)
        line = diagnostic.range.start.line
        column = diagnostic.range.start.column
        rule = diagnostic.rule.rawValue
        message = diagnostic.contextFreeMessage
    }
}
