import Reporters
import RunPlan

/// A report format: `--format`, `--report FORMAT=FILE`; one of `ReporterList`'s reporters.
package struct OutputFormat: RawRepresentable, CaseIterable, Hashable, Sendable {
    package let reporter: any Reporter

    package init?(rawValue: String) {
        guard let reporter = ReporterList.named(rawValue) else { return nil }
        self.reporter = reporter
    }

    package var rawValue: String { reporter.name }
    package static var allCases: [OutputFormat] { ReporterList.all.map { OutputFormat(rawValue: $0.name)! } }
    package static let gcc = OutputFormat(rawValue: "gcc")!

    package static func == (left: OutputFormat, right: OutputFormat) -> Bool { left.rawValue == right.rawValue }
    package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// `--color`.
package enum ColourChoice: String, CaseIterable, Sendable {
    case auto, always, never
}

/// An extra report: `--report sarif=eplint.sarif`.
package struct ExtraReport: Sendable {
    package var format: OutputFormat
    package var path: String

    package init(format: OutputFormat, path: String) {
        self.format = format
        self.path = path
    }
}

/// What a lint run is asked to do: the command line's options as a value (the executable reads
/// them, a language server or a test makes them).
package struct LintOptions: Sendable {
    package var format = OutputFormat.gcc
    package var output: String?
    package var report: [ExtraReport] = []
    package var srcroot: String?
    package var color = ColourChoice.auto
    package var config: String?
    package var baseline: String?
    package var writeBaseline: String?
    package var strict = false
    package var errorOnEmpty = false
    package var stamp: String?
    package var fix = false
    package var unsafeFixes = false
    package var diff = false
    package var artifacts = false
    /// What shapes the run's plan (contexts, pairing, the inputs), as `RunPlan` takes it.
    package var plan = PlanOptions()
    /// The report goes to a colour terminal, which shows each finding's source line.
    package var showsSourceLines = false
    /// Path as given → a text that stands in for the file's bytes (an editor's unsaved buffer).
    package var unsavedTexts: [String: [UInt8]] = [:]
    /// File identity (`PlanFileSystem.identity(of:)`) → such a text: what stands in for a file
    /// the run names by another spelling than the editor's (another case where names ignore case).
    package var unsavedTextsByFile: [String: [UInt8]] = [:]
    /// What the caller reads of the report itself, beside what its formats need: the language
    /// server asks for `.fixEdits` to offer the fixes as edits.
    package var needs: ReporterNeeds = []

    package init() {}

    /// The run's planner on the host's file system; what it notes the host says as it is decided.
    package func planner(_ host: some RunHost) -> RunPlanner {
        RunPlanner(
            options: plan, fileSystem: host.fileSystem,
            environment: plan.xcodeEnvironment ? host.environment() : [:], note: host.note)
    }

    /// Every report the run writes.
    var formats: [OutputFormat] { [format] + report.map(\.format) }

    /// Whether a report, or the caller (`needs`), needs something of the run (`ReporterNeeds`).
    func anyReport(needs need: ReporterNeeds) -> Bool {
        needs.contains(need) || formats.contains { $0.reporter.needs.contains(need) }
    }

    /// Whether findings are shown with their source lines (a colour terminal) or snippets:
    /// then the text of files with findings is kept while they are linted.
    var wantsExcerpts: Bool { showsSourceLines || anyReport(needs: .sourceText) }

    /// Whether a report shows fixes as edits of the file's text.
    var reportsFixes: Bool { anyReport(needs: .fixEdits) }

    /// Whether a report marks the findings `--fix` would fix, which resolves the fixes as
    /// `reportsFixes` does.
    var marksFixes: Bool { anyReport(needs: .fixability) }

    /// Whether the findings' fixes are resolved against the text they were linted from.
    var resolvesFixes: Bool { reportsFixes || marksFixes }

    /// Whether the primary report is one written for a terminal (gcc), when it goes to standard output.
    package var writesTerminalReport: Bool { output == nil && format.reporter.needs.contains(.terminal) }
}
