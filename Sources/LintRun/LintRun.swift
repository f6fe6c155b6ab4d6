import Configuration
import EplintRules
import LintEngine
import RunPlan

/// `eplint lint`: every decision of a run, from its options to its outcome. The inputs are
/// walked, planned and paired here, linted on every core, fixed, filtered and de-duplicated;
/// the executable parses the options and writes what comes back.
package enum LintRun {
    /// Runs `options` on `host`; a failure before anything is linted (a broken configuration,
    /// baseline or project) is thrown.
    package static func run(_ options: LintOptions, host: some RunHost) throws(RunFailure) -> RunOutcome {
        let planner = options.planner(host)
        let (project, configuration) = try Self.configuration(options, planner: planner, host: host)
        let policy = try FindingsPolicy(project: project, baselinePath: options.baseline, fileSystem: host.fileSystem)
        // Only the markdown report shows what each Info.plist declares.
        let declaresRegions = options.anyReport(needs: .declaredRegions)
        let linter = Linter(rules: allRules, configuration: configuration, declaresRegions: declaresRegions)
        let mapped = planner.configuredEntitlements(project)
        let xcode = try planned { () throws(PlanFailure) in
            try planner.xcodeLintPlan(configuration, configurationFile: project)
        }
        let inputs = Self.inputs(of: xcode, options: options, project: project, host: host)
        var found = FoundFindings(fileSystem: host.fileSystem)
        found.failures = inputs.failures
        if options.plan.verbose { for skipped in inputs.skipped { host.note("eplint: skipped \(skipped)\n") } }
        let pairer = Self.pairer(of: inputs.files, options: options, mapped: mapped, host: host)

        // Standard input is read first (once); files are linted in parallel, reported in order.
        let standardInput: (path: String, bytes: [UInt8])? = inputs.files.first(where: \.isStandardInput).map {
            ($0.path, host.readStandardInput())
        }
        // Every entitlements file is read and parsed once, before the files are linted.
        let pairedPaths = pairer.candidates + xcode.contexts.values.flatMap { $0.compactMap(\.entitlements) }
        let table = EntitlementsTable(
            pairedPaths: pairedPaths, linter: linter, unsaved: options.unsavedTexts,
            unsavedByFile: options.unsavedTextsByFile, fileSystem: host.fileSystem)
        let files = FileLinter(
            linter: linter, pairer: pairer, table: table, xcode: xcode, verbose: options.plan.verbose,
            unsavedTexts: options.unsavedTexts, standardInput: standardInput?.bytes,
            // Excerpts and the fixes reports show or mark come from the text read for linting, never from a second reading.
            keepsText: options.wantsExcerpts || options.resolvesFixes,
            contextLinters: ContextLinter.table(
                of: xcode, fileSystem: pairer.fileSystem, declaresRegions: declaresRegions))
        let linted = Parallel.map(inputs.files) { file in
            let notes = NoteBuffer()
            return (keptIfFound(files.lint(file, notes: notes), file), notes.lines)
        }
        for (_, notes) in linted { for line in notes { host.note(line) } }
        var outcomes = linted.map(\.0.0)
        var fixRun =
            options.fix || options.diff
            ? FixRun(
                applicability: options.unsafeFixes ? .unsafe : .safe, showsDiff: options.diff,
                fileSystem: host.fileSystem) : nil
        if var run = fixRun {
            run.applyFixes(
                inputs.files, &outcomes, files: files, policy: policy, verbose: options.plan.verbose,
                standardInput: standardInput, host: host)
            fixRun = run
        }
        var texts: [String: [UInt8]] = [:]
        for (file, (outcome, text)) in zip(inputs.files, zip(outcomes, linted.map(\.0.text))) {
            // Only files with findings kept theirs; after --fix, the text is the fixed one.
            if files.keepsText, let text = fixRun?.fixedTexts[file.path] ?? text, case .success(let result) = outcome,
                result.diagnostics.contains(where: { $0.file == file.path || $0.fix?.destination == file.path })
            {
                texts[file.path] = text
            }
            switch outcome {
            case .success(let result):
                if file.foundByWalk && result.isBinaryPropertyList {
                    if options.plan.verbose { host.note("eplint: skipped \(file.path) (binary property list)\n") }
                    continue
                }
                found.add(result)
                found.lintedFiles.append(file.path)
            case .failure(let failure):
                found.failures.append(failure.reason)
            }
        }
        var clocked = configuration
        clocked.now = host.now
        let builtApps = BuiltAppLint(
            linter: Linter(rules: allRules, configuration: clocked, declaresRegions: declaresRegions),
            verbose: options.plan.verbose, fileSystem: host.fileSystem)
        for artifact in inputs.artifacts {
            let notes = NoteBuffer()
            found.add(builtApps.lint(artifact, notes: notes))
            found.lintedFiles.append(artifact)
            for line in notes.lines { host.note(line) }
        }
        let expo = ExpoConfig(linter: linter, verbose: options.plan.verbose, fileSystem: host.fileSystem)
        for config in inputs.expoConfigs {
            let notes = NoteBuffer()
            let unsaved = options.unsavedTexts[config.path]
            found.add(expo.lint(config.path, foundByWalk: config.foundByWalk, unsaved: unsaved, notes: notes))
            found.lintedFiles.append(config.path)
            for line in notes.lines { host.note(line) }
        }
        // A paired file a move wrote is shown as written.
        let written = fixRun?.fixedTexts ?? [:]
        return policy.finish(
            found, options: options, named: options.plan.paths, host: host, fixRun: fixRun,
            excerptText: { path in texts[path] ?? written[path] ?? table.bytes(of: path) })
    }

    /// The run's `.eplint.yml` and the configuration it makes with the options: the first step
    /// of a run, and all a language server needs to check an edited `.eplint.yml` (it fails as
    /// the run would, with the message the command line stops with).
    package static func configuration(_ options: LintOptions, planner: RunPlanner? = nil, host: some RunHost)
        throws(RunFailure) -> (file: ConfigurationFile?, configuration: LintConfiguration)
    {
        let project = try ProjectConfiguration.load(
            explicit: options.config, verbose: options.plan.verbose, unsaved: options.unsavedTexts, host: host)
        let planner = planner ?? options.planner(host)
        return (project, try planned { () throws(PlanFailure) in try planner.runConfiguration(project) })
    }

    /// The files a run lints, found once (`eplint context` shows the same): the plan's paths
    /// walked and its named files, repeats and what the configuration excludes left out.
    static func inputs(of xcode: XcodeLintPlan, options: LintOptions, project: ConfigurationFile?, host: some RunHost)
        -> InputCollector
    {
        var inputs = InputCollector(fileSystem: host.fileSystem)
        inputs.walksIntoArtifacts = options.artifacts
        inputs.unsaved = options.unsavedTexts
        for path in xcode.paths { inputs.add(path, standardInputName: options.plan.standardInputName) }
        for file in xcode.namedFiles { inputs.files.append(InputFile(path: file)) }
        // The same file named twice, or found by two walks, or spelled two ways (case, NFD,
        // /private on macOS) is linted once. A single argument cannot repeat a file.
        if xcode.paths.count + xcode.namedFiles.count > 1 { inputs.removeRepeatedFiles() }
        if let project {
            // `exclude` applies to files named explicitly too (pre-commit passes names).
            inputs.files.removeAll { file in
                guard !file.isStandardInput, !project.admits(host.fileSystem.canonical(file.path)) else { return false }
                if options.plan.verbose { host.note("eplint: skipped \(file.path) (excluded by \(project.path))\n") }
                return true
            }
        }
        return inputs
    }

    /// How the files no Xcode target builds pair with entitlements: `--entitlements`, the
    /// configuration's `entitlements:`, else the only `*.entitlements` file in the folder.
    static func pairer(of files: [InputFile], options: LintOptions, mapped: [String: String], host: some RunHost)
        -> EntitlementsPairer
    {
        EntitlementsPairer(
            explicit: options.plan.entitlements, mapped: mapped, fileSystem: host.fileSystem,
            infoPlists: files.map(\.path))
    }

    /// A file's text is kept past its linting only when it has findings of its own (for their
    /// excerpts) or may be fixed: a run holds the texts of those files, not of all it read.
    private static func keptIfFound(_ linted: FileLinter.Linted, _ file: InputFile) -> FileLinter.Linted {
        // A move into the file (EP405) shows its edits in this text too.
        guard linted.text != nil, case .success(let result) = linted.result,
            result.diagnostics.contains(where: { $0.file == file.path || $0.fix?.destination == file.path })
        else {
            return (linted.result, nil)
        }
        return linted
    }
}
