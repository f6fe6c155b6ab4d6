/// One report format: `--format NAME`, `--report NAME=FILE`. A reporter reads everything it
/// shows from the run report (findings, rules, texts), nothing from global state, and says
/// what the run must keep for it.
package protocol Reporter: Sendable {
    /// The format's name on the command line.
    var name: String { get }
    /// What the run keeps for this format beyond the findings.
    var needs: ReporterNeeds { get }
    /// The whole report. `presentation` is plain unless the report goes to a colour terminal.
    func render(_ report: RunReport, presentation: TerminalPresentation) -> String
}

/// What a reporter needs from the run beyond its findings.
package struct ReporterNeeds: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// The text of files with findings (SARIF snippets, a terminal's source lines).
    package static let sourceText = ReporterNeeds(rawValue: 1 << 0)
    /// Fixes resolved to edits of the file's text.
    package static let fixEdits = ReporterNeeds(rawValue: 1 << 1)
    /// Written for a terminal when it goes to one: colour and source lines, where the run's
    /// other outputs (the summary, a server command's decoded text) go beside it.
    package static let terminal = ReporterNeeds(rawValue: 1 << 2)
    /// Suppressed findings and the canonical paths of the files, for results relative to `--srcroot`.
    package static let suppressedFindings = ReporterNeeds(rawValue: 1 << 3)
    /// The canonical paths of the files, to name them relative to `--srcroot` (`RepositoryPaths`).
    package static let repositoryPaths = ReporterNeeds(rawValue: 1 << 4)
    /// What each Info.plist declares (`DeclaredRegions`), made only for a report that shows it.
    package static let declaredRegions = ReporterNeeds(rawValue: 1 << 5)
    /// Which findings `--fix` would fix (gcc's and github's `[*]`): fixes resolved against the
    /// files, as for `fixEdits`, and the run's applicability (`RunReport.appliedFixes`).
    package static let fixability = ReporterNeeds(rawValue: 1 << 6)
}
