import EplintBase
import LintEngine

/// Everything a report describes: one run of eplint.
package struct RunReport: Sendable {
    package var toolVersion: String
    /// Every rule eplint knows, in ID order.
    package var rules: [RuleMetadata]
    /// In report order: by file as discovered, then line, column, rule.
    package var diagnostics: [Diagnostic]
    /// How many files were linted.
    package var fileCount: Int
    /// The files linted, as reported, in the order linted (a built app is its artifact path):
    /// formats that list clean files too (JUnit's passing cases) read it.
    package var lintedFiles: [String] = []
    /// Each linted Info.plist's regions, links and entitlements, in the order linted.
    package var declaredRegions: [DeclaredRegions] = []
    /// Files that could not be linted and other run failures (the run exits 2).
    package var failures: [String]
    /// Absolute directory that relative paths in SARIF are resolved against (`--srcroot`).
    package var sourceRoot: String
    /// Absolute directory the user's relative paths are relative to.
    package var workingDirectory: String
    /// A file as reported → its canonical absolute path (links resolved, e.g. `/tmp` →
    /// `/private/tmp` on macOS), so that SARIF places it under `sourceRoot`; files not in it
    /// are resolved against `workingDirectory`.
    package var canonicalPaths: [String: String] = [:]
    /// Findings not reported, with what dropped them: SARIF lists them with `suppressions`, as
    /// GitHub code scanning expects; the other formats leave them out.
    package var suppressed: [SuppressedFinding] = []
    /// Members the JSON report adds after `diagnostics` (`eplint token`'s decoded `tokens`).
    package var extraJSON: [(String, JSONValue)] = []
    /// The least severity that fails the run: an error, or a warning with `--strict` (JUnit
    /// fails a test case only for such a finding).
    package var failingSeverity: Severity = .error
    /// The fixes `--fix` applies in this run (safe ones, or unsafe ones too with
    /// `--unsafe-fixes`), when a report shows which findings have one (`ReporterNeeds.fixability`):
    /// the findings' fixes are then resolved. nil: none is marked.
    package var appliedFixes: FixApplicability?

    package init(
        toolVersion: String, rules: [RuleMetadata], diagnostics: [Diagnostic], fileCount: Int,
        failures: [String], sourceRoot: String, workingDirectory: String
    ) {
        self.toolVersion = toolVersion
        self.rules = rules
        self.diagnostics = diagnostics
        self.fileCount = fileCount
        self.failures = failures
        self.sourceRoot = sourceRoot
        self.workingDirectory = workingDirectory
    }

    /// Each rule's name, by ID, from the report's rules.
    var ruleNames: [RuleID: String] {
        Dictionary(rules.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether `--fix` would fix the finding in this run (gcc's and github's `[*]`).
    package func isFixable(_ diagnostic: Diagnostic) -> Bool {
        appliedFixes.map { diagnostic.fix?.isApplied(allowing: $0) ?? false } ?? false
    }

    /// Whether the finding fails the run (exit status 1).
    package func fails(_ diagnostic: Diagnostic) -> Bool { diagnostic.severity >= failingSeverity }

    /// `3 errors, 1 warning in 2 files`.
    package var summary: String {
        func count(_ severity: Severity) -> Int { diagnostics.filter { $0.severity == severity }.count }
        func plural(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        var parts = [plural(count(.error), "error"), plural(count(.warning), "warning")]
        let notes = count(.note)
        if notes > 0 { parts.append(plural(notes, "note")) }
        return parts.joined(separator: ", ") + " in " + plural(fileCount, "file")
    }
}

extension RunReport {
    /// The findings by file, files in report order (a file's findings are together in it), then
    /// the linted files without findings: for formats that group by file (JUnit, Checkstyle).
    var findingsByFile: [(file: String, diagnostics: [Diagnostic])] {
        var order: [String] = []
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in diagnostics {
            if byFile[diagnostic.file] == nil { order.append(diagnostic.file) }
            byFile[diagnostic.file, default: []].append(diagnostic)
        }
        for file in lintedFiles where byFile[file] == nil {
            order.append(file)
            byFile[file] = []
        }
        return order.map { ($0, byFile[$0] ?? []) }
    }
}
