import EplintBase
import LintEngine
import Preprocessor
import RunPlan

/// Linting a file in the contexts the run plan (`RunPlan`) gave it.
enum TargetContexts {
    /// Lints one file in each of its contexts. A diagnostic every context reports is kept
    /// once; one that only some report names them.
    /// `unsaved`: a text that stands in for the file's bytes. `notes`: `--verbose`'s, or nil.
    static func lint(
        _ file: InputFile, in contexts: [ContextLinter], table: EntitlementsTable, notes: NoteBuffer?,
        unsaved: [UInt8]?, fileSystem: any PlanFileSystem
    ) -> FileLinter.Linted {
        // Read once, through the run host; each context parses it with its own macros, and
        // excerpts come from it.
        switch unsaved.map({ .success($0) }) ?? fileSystem.contents(of: file.path, limit: .max) {
        case .success(let bytes):
            return (
                lint(bytes, path: file.path, in: contexts, table: table, notes: notes, fileSystem: fileSystem), bytes
            )
        case .failure(let failure):
            return (.failure(ReadFailure(reason: "cannot read \(file.path.quotedForMessage): \(failure.reason)")), nil)
        }
    }

    /// Lints one text of the file at `path` in each of its contexts (`--fix` lints its fixed text so).
    static func lint(
        _ bytes: [UInt8], path: String, in contexts: [ContextLinter], table: EntitlementsTable,
        notes: NoteBuffer?, fileSystem: any PlanFileSystem, relintBudget: Int = TargetContexts.relintBudget
    ) -> Result<FileLintResult, ReadFailure> {
        let file = InputFile(path: path)
        // A context that differs from the one before it only in the platform gives the same
        // findings when the file cannot read the platform's macros: it is not linted again
        // (`--verbose` still says what it pairs with).
        let linters = contexts.filter { linter in
            let context = linter.context
            guard context.isPlatformVariant,
                !CPreprocessor.mayReadPlatformMacros(bytes, options: context.configuration.preprocessing)
            else { return true }
            if let notes, let note = linter.pairer.choice(for: file.path).note(for: file.path) { notes.add(note) }
            return false
        }
        let contexts = linters.map(\.context)
        var results: [(TargetLintContext, FileLintResult)] = []
        // Contexts with equal configurations and the same entitlements give the same findings,
        // and so do those whose build settings differ only in names the lint never looked up
        // (`CONFIGURATION` differs in every configuration): the text is parsed and linted once
        // for them (issue 45: 64 configurations parsed a 4 MiB preprocessed text 128 times),
        // and the merge below names each context as before.
        var linted: [SharedLint: [(settings: [String: BuildSettings.Definition], result: FileLintResult)]] = [:]
        // Contexts whose settings differ in a name the file does use lint it again each: past
        // the budget, the rest are not linted and say so (`notRelinted`).
        var relintedBytes = 0
        var unlinted: [String] = []
        for contextLinter in linters {
            let linter = contextLinter.linter
            var shared = linter.configuration
            shared.buildSettings = BuildSettings()
            let key = SharedLint(
                configuration: shared, choice: contextLinter.pairer.choice(for: file.path),
                declaresRegions: linter.declaresRegions)
            let settings = linter.configuration.buildSettings.definitions
            let paired = contextLinter.pairer.paired(for: file.path, linter: linter, table: table)
            let earlier = linted[key]?.first { earlier in
                earlier.result.buildSettingsRead.allSatisfy { settings[$0] == earlier.settings[$0] }
            }
            if let earlier {
                paired.say(of: earlier.result, path: file.path, notes: notes)
                results.append((contextLinter.context, earlier.result))
                continue
            }
            if relintedBytes >= relintBudget {
                unlinted.append(contextLinter.context.label)
                continue
            }
            var source = BytesSource(bytes)
            do throws(ReadFailure) {
                let result = try paired.lint(&source, path: file.path, linter: linter, notes: notes)
                if !results.isEmpty { relintedBytes += result.preprocessedBytes }
                linted[key, default: []].append((settings, result))
                results.append((contextLinter.context, result))
            } catch {
                return .failure(ReadFailure(reason: "cannot read \(file.path.quotedForMessage): \(error.reason)"))
            }
        }
        var order: [Diagnostic.ReportIdentity] = []
        var found: [Diagnostic.ReportIdentity: (diagnostic: Diagnostic, labels: [String])] = [:]
        var failures: [String] = []
        var suppressed: [SuppressedFinding] = []
        var suppressedSeen = Set<Diagnostic.ReportIdentity>()
        for (context, result) in results {
            failures += result.failures.filter { !failures.contains($0) }
            suppressed += result.suppressed.filter {
                suppressedSeen.insert($0.diagnostic.reportIdentity(in: fileSystem)).inserted
            }
            for diagnostic in result.diagnostics {
                let identity = diagnostic.reportIdentity(in: fileSystem)
                if found[identity] == nil {
                    order.append(identity)
                    found[identity] = (diagnostic, [])
                } else if found[identity]!.diagnostic.fix != diagnostic.fix {
                    // A fix is applied only when every context proposes the same.
                    found[identity]!.diagnostic.fix = nil
                }
                if !found[identity]!.labels.contains(context.label) { found[identity]!.labels.append(context.label) }
            }
        }
        let everywhere = Set(results.map(\.0.label))
        var merged = order.map { identity -> Diagnostic in
            var (diagnostic, labels) = found[identity]!
            if Set(labels) != everywhere {
                diagnostic.hold(onlyIn: labels)
                // Fixing it would be wrong in the contexts where it does not hold.
                diagnostic.fix = nil
            }
            return diagnostic
        }
        if !unlinted.isEmpty {
            merged.append(notRelinted(unlinted, of: contexts.count, path: file.path, budget: relintBudget))
        }
        // The file's own diagnostics, then those of its entitlements files, each in report order.
        let diagnostics =
            merged.filter { $0.file == file.path }.sorted(by: Diagnostic.inReportOrder)
            + merged.filter { $0.file != file.path }.sorted(by: Diagnostic.inReportOrder)
        var result = FileLintResult(
            diagnostics: diagnostics, isBinaryPropertyList: results.first?.1.isBinaryPropertyList ?? false,
            failures: failures,
            suppressed: suppressed)
        result.preprocessed = results.contains { $0.1.preprocessed }
        // What the file declares, as its first context reads it.
        result.declared = results.first?.1.declared
        return .success(result)
    }

    /// After a file's first lint, at most this many more bytes of preprocessed text are linted
    /// for its other contexts (issue 45: 64 configurations, each with its own value of a setting
    /// the file names, linted a 4 MiB preprocessed text 128 times, 18 s of CPU).
    static let relintBudget = 16 << 20

    /// EP007, a warning (the lint did not see every context Xcode builds), at the file's start.
    private static func notRelinted(_ labels: [String], of count: Int, path: String, budget: Int) -> Diagnostic {
        let named = labels.prefix(3).joined(separator: ", ") + (labels.count > 3 ? ", …" : "")
        var diagnostic = Diagnostic(
            file: path, rule: .ep007PreprocessorDirective,
            message:
                "not linted in \(labels.count) of its \(count) contexts (\(named)): the run lints at most"
                + " \(budget % (1 << 20) == 0 ? "\(budget >> 20) MiB" : "\(budget) bytes") of preprocessed text again"
                + " for a file's other contexts"
                + " (docs/untrusted-input.md)",
            range: SourceRange(at: .start))
        diagnostic.severity = .warning
        return diagnostic
    }

    /// What a context's findings on a text depend on besides the text and the build settings
    /// it looked up (the rules are the run's).
    private struct SharedLint: Hashable {
        var configuration: LintConfiguration
        var choice: EntitlementsPairer.Choice
        var declaresRegions: Bool
    }
}
