import Configuration
import EplintBase
import LintEngine
import Reporters
import RunPlan

/// The one findings policy of a run, after linting, in one fixed order: inline suppression (done
/// by the linter) → the configuration's `disable`, `ignore` and `severity` → the baseline.
/// `--verbose` names what dropped each finding; `--fix` fixes only what it would report.
struct FindingsPolicy {
    let project: ConfigurationFile?
    let accepted: (baseline: Baseline, path: String)?
    /// Where paths are matched and the baseline read: the run host's file system.
    let fileSystem: any PlanFileSystem

    init(project: ConfigurationFile?, baselinePath: String?, fileSystem: any PlanFileSystem)
        throws(RunFailure)
    {
        self.project = project
        self.fileSystem = fileSystem
        accepted = try baselinePath.map { path throws(RunFailure) in
            guard let text = fileSystem.text(path) else {
                throw RunFailure(message: "cannot read baseline file '\(path)'")
            }
            do throws(ConfigurationError) { return (try Baseline(text: text, path: path), path) } catch {
                throw RunFailure(message: error.message)
            }
        }
    }

    /// The findings kept, those dropped with the reason, and the baseline's entries no finding matched.
    func filter(_ diagnostics: [Diagnostic]) -> (
        kept: [Diagnostic], suppressed: [SuppressedFinding], gone: [Baseline.Entry]
    ) {
        let configured = configured(diagnostics)
        let baselined = baselined(configured.kept)
        return (baselined.kept, configured.suppressed + baselined.suppressed, baselined.gone)
    }

    /// The first step: the configuration's `disable`, `ignore` and `severity`.
    private func configured(_ diagnostics: [Diagnostic]) -> (kept: [Diagnostic], suppressed: [SuppressedFinding]) {
        ProjectConfiguration.apply(project, to: diagnostics, fileSystem: fileSystem)
    }

    /// The last step: what the baseline accepts is dropped; its entries no finding matched are gone.
    private func baselined(_ diagnostics: [Diagnostic]) -> (
        kept: [Diagnostic], suppressed: [SuppressedFinding], gone: [Baseline.Entry]
    ) {
        guard let (baseline, path) = accepted else { return (diagnostics, [], []) }
        let (new, accepted, gone) = ProjectConfiguration.filter(
            diagnostics, through: baseline, at: path, fileSystem: fileSystem)
        return (new, accepted.map { SuppressedFinding($0, kind: .baseline, reason: "baseline \(path)") }, gone)
    }

    /// Which of `list` a run would report (`--fix` fixes those alone).
    func reported(_ list: [Diagnostic]) -> [Bool] {
        let identities = Set(filter(list).kept.map { $0.reportIdentity(in: fileSystem) })
        return list.map { identities.contains($0.reportIdentity(in: fileSystem)) }
    }

    /// The end of every linting run (the server-side ones too): the policy applied, the baseline
    /// written, the report made. `named` are the paths the run was given, for the message when
    /// none of them gave a file to lint.
    func finish(
        _ found: FoundFindings, options: LintOptions, named: [String], host: some RunHost, fixRun: FixRun? = nil,
        excerptText: (String) -> [UInt8]?
    ) -> RunOutcome {
        var failures = found.failures + (fixRun?.failures ?? [])
        // A run that lints nothing passes silently otherwise: a typo in a CI path, an
        // exclude that covers everything. Standard input counts as a file.
        if found.linted == 0 && failures.isEmpty {
            host.note(
                "eplint: no files to lint \(named.isEmpty ? "(no path was given)" : "under " + named.joined(separator: ", "))\n"
            )
            if options.errorOnEmpty { failures.append("--error-on-empty: no file was linted") }
        }
        let configured = configured(found.diagnostics)
        // The baseline written records what the configuration keeps, before any baseline drops it.
        if let path = options.writeBaseline {
            let recorded = ProjectConfiguration.baseline(of: configured.kept, at: path, fileSystem: fileSystem)
            do throws(RunFailure) { try host.write(recorded.serialized(), to: path) } catch {
                failures.append(error.message)
            }
        }
        let baselined = baselined(configured.kept)
        var diagnostics = baselined.kept
        let suppressed = found.suppressed + configured.suppressed + baselined.suppressed
        if options.plan.verbose {
            for entry in baselined.gone {
                host.note("eplint: baseline entry no longer found: \(entry.file) \(entry.rule) \(entry.keyPath)\n")
            }
            for finding in suppressed {
                let diagnostic = finding.diagnostic
                host.note(
                    "eplint: not reported: \(diagnostic.file):\(diagnostic.range.start.line):\(diagnostic.range.start.column): "
                        + "\(diagnostic.rule) (\(finding.reason))\n")
            }
        }
        if options.wantsExcerpts { SourceExcerpts.fill(&diagnostics, text: excerptText) }
        if options.resolvesFixes { ReportedFixes.resolve(&diagnostics, text: excerptText) }
        var report = RunReport(
            toolVersion: ToolIdentity.version, rules: RuleCatalog.all, diagnostics: diagnostics,
            fileCount: found.linted, failures: failures,
            sourceRoot: host.fileSystem.canonicalFolder(options.srcroot ?? "."),
            workingDirectory: host.fileSystem.workingDirectory)
        report.lintedFiles = found.lintedFiles
        report.failingSeverity = options.strict ? .warning : .error
        if options.marksFixes { report.appliedFixes = options.unsafeFixes ? .unsafe : .safe }
        report.declaredRegions = found.declaredRegions
        func canonicalize(_ file: String) {
            if report.canonicalPaths[file] == nil { report.canonicalPaths[file] = host.fileSystem.canonical(file) }
        }
        if options.anyReport(needs: .suppressedFindings) {
            report.suppressed = suppressed
            for diagnostic in diagnostics + suppressed.map(\.diagnostic) {
                // A move's fix names its destination file too.
                for file in [diagnostic.file] + (diagnostic.fix?.destination.map { [$0] } ?? []) { canonicalize(file) }
            }
        }
        if options.anyReport(needs: .repositoryPaths) {
            for diagnostic in diagnostics {
                canonicalize(diagnostic.file)
                for related in diagnostic.related { canonicalize(related.file) }
            }
            for file in report.lintedFiles { canonicalize(file) }
            for declared in report.declaredRegions {
                canonicalize(declared.file)
                declared.entitlements.map(canonicalize)
            }
        }
        return RunOutcome(report: report, fixRun: fixRun)
    }
}

/// What linting a run's inputs found, before the findings policy: one result for every kind of
/// input (files in their contexts, built apps, Expo configurations, server documents). A finding
/// reported twice (an entitlements file paired more than once, or also linted on its own) is
/// kept once, naming the contexts of every report.
struct FoundFindings {
    private(set) var diagnostics: [Diagnostic] = []
    var suppressed: [SuppressedFinding] = []
    var failures: [String] = []
    /// Inputs linted (standard input counts; a built app counts its bundles).
    var linted = 0
    /// The files linted, as reported, in the order linted (a built app is its artifact).
    var lintedFiles: [String] = []
    /// Each Info.plist's regions, links and entitlements, in the order linted.
    var declaredRegions: [DeclaredRegions] = []
    private var reported: [Diagnostic.ReportIdentity: Int] = [:]
    /// What tells two spellings of one file apart: the run host's file system.
    private let fileSystem: any PlanFileSystem

    init(fileSystem: any PlanFileSystem) { self.fileSystem = fileSystem }

    mutating func add(_ result: FileLintResult) {
        linted += 1
        if let declared = result.declared { declaredRegions.append(declared) }
        failures += result.failures
        suppressed += result.suppressed
        for diagnostic in result.diagnostics { append(diagnostic) }
    }

    mutating func add(_ other: FoundFindings) {
        linted += other.linted
        lintedFiles += other.lintedFiles
        declaredRegions += other.declaredRegions
        failures += other.failures
        suppressed += other.suppressed
        for diagnostic in other.diagnostics { append(diagnostic) }
    }

    mutating func append(_ diagnostic: Diagnostic) {
        let identity = diagnostic.reportIdentity(in: fileSystem)
        if let earlier = reported[identity] {
            diagnostics[earlier].merge(contextsOf: diagnostic)
        } else {
            reported[identity] = diagnostics.count
            diagnostics.append(diagnostic)
        }
    }

    mutating func append(contentsOf list: [Diagnostic]) { for diagnostic in list { append(diagnostic) } }
}

extension Diagnostic {
    /// The run's report identity: `./App/App.entitlements` found by a walk and
    /// `App/App.entitlements` paired by a target are one file.
    func reportIdentity(in fileSystem: any PlanFileSystem) -> ReportIdentity {
        ReportIdentity(self, fileKey: fileSystem.identity(of: file))
    }
}
