import EplintBase
import LintEngine

/// `--format gitlab`: GitLab's Code Quality report, a JSON array of issues with `description`,
/// `check_name` (the rule), `fingerprint`, `severity` and `location` (path, and the begin and
/// end positions). Severities: error → `major`, warning → `minor`, note → `info` (docs/usage.md).
/// Paths are relative to `--srcroot`, as GitLab matches them against the repository's files.
package struct GitLabReporter: Reporter {
    package let name = "gitlab"
    package let needs: ReporterNeeds = [.repositoryPaths]
    package init() {}

    package func render(_ report: RunReport, presentation: TerminalPresentation) -> String {
        let report = report.withRepositoryPaths
        let all = report.diagnostics
        let fingerprints = FindingFingerprints.of(all)
        let issues = JSONValue.elements(count: all.count) { index -> JSONValue in
            let diagnostic = all[index]
            let start = diagnostic.range.start
            let end = diagnostic.range.end
            func position(_ line: Int, _ column: Int) -> JSONValue {
                .object([("line", .integer(line)), ("column", .integer(column))])
            }
            return .object([
                ("type", .string("issue")),
                ("description", .string(diagnostic.message)),
                ("check_name", .string(diagnostic.rule.rawValue)),
                // SARIF's fingerprint is unique within a file; GitLab's must be unique in the report.
                (
                    "fingerprint",
                    .string(FindingFingerprints.fnv1a(diagnostic.file + "\u{0}" + fingerprints[index]))
                ),
                ("severity", .string(Self.severity(diagnostic.severity))),
                (
                    "location",
                    .object([
                        ("path", .string(diagnostic.file)),
                        (
                            "positions",
                            .object([
                                ("begin", position(start.line, start.column)),
                                ("end", position(end.line, end.column)),
                            ])
                        ),
                    ])
                ),
            ])
        }
        return issues.serialized()
    }

    /// GitLab's scale is info, minor, major, critical, blocker: an error is what eplint fails
    /// a build on, not a blocker of GitLab's own merge-request workflow.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "major"
        case .warning: "minor"
        case .note: "info"
        }
    }
}
