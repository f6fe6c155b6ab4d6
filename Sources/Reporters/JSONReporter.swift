import EplintBase
import LintEngine

/// `--format json`: `{"version": 1, "tool": {…}, "diagnostics": […]}` (docs/usage.md documents it).
/// `column` and `endColumn` count Unicode scalar values, `utf16Column` UTF-16 code units.
/// `extra` members follow `diagnostics` (`eplint token` adds the decoded `tokens`).
package struct JSONReporter: Reporter {
    package let name = "json"
    package let needs: ReporterNeeds = [.fixEdits]
    package init() {}

    package func render(_ report: RunReport, presentation: TerminalPresentation) -> String {
        Self.render(report, extra: report.extraJSON)
    }

    package static func render(_ report: RunReport, extra: [(String, JSONValue)] = []) -> String {
        let all = report.diagnostics
        let names = report.ruleNames
        let diagnostics = JSONValue.elements(count: all.count) { index -> JSONValue in
            let diagnostic = all[index]
            let start = diagnostic.range.start
            let end = diagnostic.range.end
            return .object([
                ("file", .string(diagnostic.file)),
                ("line", .integer(start.line)),
                ("column", .integer(start.column)),
                ("utf16Column", .integer(start.utf16Column)),
                ("endLine", .integer(end.line)),
                ("endColumn", .integer(end.column)),
                ("severity", .string(diagnostic.severity.rawValue)),
                ("rule", .string(diagnostic.rule.rawValue)),
                ("name", .string(names[diagnostic.rule] ?? "")),
                ("message", .string(diagnostic.message)),
                ("keyPath", .string(diagnostic.keyPath)),
                (
                    "related",
                    .array(
                        diagnostic.related.map { related in
                            .object([
                                ("file", .string(related.file)),
                                ("line", .integer(related.range.start.line)),
                                ("column", .integer(related.range.start.column)),
                                ("message", .string(related.message)),
                            ])
                        })
                ),
                ("fix", diagnostic.fix.flatMap(fixValue) ?? .null),
            ])
        }
        return JSONValue.object(
            [
                ("version", .integer(1)),
                ("tool", .object([("name", .string("eplint")), ("version", .string(report.toolVersion))])),
                ("diagnostics", diagnostics),
            ] + extra
        ).serialized()
    }

    /// `--fix`'s edits: where (lines and columns as the finding's, and the bytes of the file as
    /// stored) and the replacement text; `file` for an edit of another file than the finding's
    /// (a move's destination). nil when the fix was not resolved against the file.
    static func fixValue(_ fix: Fix) -> JSONValue? {
        guard !fix.edits.isEmpty else { return nil }
        return .object([
            ("applicability", .string(fix.applicability.rawValue)),
            (
                "edits",
                .array(
                    fix.edits.map { edit in
                        .object(
                            [
                                ("line", .integer(edit.range.start.line)),
                                ("column", .integer(edit.range.start.column)),
                                ("utf16Column", .integer(edit.range.start.utf16Column)),
                                ("endLine", .integer(edit.range.end.line)),
                                ("endColumn", .integer(edit.range.end.column)),
                                ("byteOffset", .integer(edit.fileBytes.lowerBound)),
                                ("byteLength", .integer(edit.fileBytes.count)),
                                ("replacement", .string(edit.replacement)),
                            ] + (edit.file.map { [("file", JSONValue.string($0))] } ?? []))
                    })
            ),
        ])
    }
}
