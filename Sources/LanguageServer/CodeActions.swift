import EplintBase
import LintEngine
import LintRun

/// Quick fixes from findings' fixes (fixes are data: edits the run resolved against the text it
/// linted). A safe fix is the preferred quick fix; an unsafe one says so in its title.
enum CodeActions {
    /// The actions for findings on the lines of `range`.
    /// `text(of:)` gives another file's text, for a fix that moves an entry into it.
    static func actions(
        for findings: [Diagnostic], in document: TextDocument, range: (start: Position, end: Position),
        encoding: PositionEncoding, text: (String) -> TextDocument?
    ) -> [JSONValue] {
        let lines = LineTable(document.text)
        var actions: [JSONValue] = []
        for finding in findings {
            guard let fix = finding.fix, fix.withheldBecause == nil, !fix.edits.isEmpty else { continue }
            // By lines, not characters: a cursor anywhere on a finding's lines offers its fix.
            guard finding.range.start.line - 1 <= range.end.line, range.start.line <= finding.range.end.line - 1
            else { continue }
            // The edits by file, each converted with its own file's text.
            var byFile: [(String, [JSONValue])] = []
            var complete = true
            for edit in fix.edits {
                let path = edit.file ?? finding.file
                guard let target = path == finding.file ? document : text(path) else {
                    complete = false
                    break
                }
                let targetLines = path == finding.file ? lines : LineTable(target.text)
                func position(_ point: SourcePosition) -> JSONValue {
                    target.position(
                        line: point.line, scalarColumn: point.column, encoding: encoding, lines: targetLines
                    )
                    .json
                }
                let json = JSONValue.object([
                    ("range", .object([("start", position(edit.range.start)), ("end", position(edit.range.end))])),
                    ("newText", .string(edit.replacement)),
                ])
                if let index = byFile.firstIndex(where: { $0.0 == target.uri }) {
                    byFile[index].1.append(json)
                } else {
                    byFile.append((target.uri, [json]))
                }
            }
            guard complete else { continue }
            let safe = fix.applicability == .safe
            actions.append(
                .object([
                    ("title", .string("\(safe ? "Fix" : "Fix (unsafe)"): \(finding.message) [\(finding.rule)]")),
                    ("kind", .string("quickfix")),
                    (
                        "diagnostics",
                        .array([DocumentLint.json(finding, in: document, lines: lines, encoding: encoding)])
                    ),
                    ("isPreferred", .bool(safe)),
                    ("edit", .object([("changes", .object(byFile.map { ($0.0, .array($0.1)) }))])),
                ]))
        }
        return actions
    }

}
