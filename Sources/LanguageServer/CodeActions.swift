import EplintBase
import LintEngine
import LintRun

/// Quick fixes from findings' fixes (fixes are data: edits the run resolved against the text it
/// linted). A safe fix is the preferred quick fix; an unsafe one says so in its title.
enum CodeActions {
    /// The actions for findings on the lines of `range`: their fixes, then disabling each.
    /// `text(of:)` gives another file's text, for a fix that moves an entry into it.
    static func actions(
        for findings: [Diagnostic], in document: TextDocument, range: (start: Position, end: Position),
        encoding: PositionEncoding, text: (String) -> TextDocument?
    ) -> [JSONValue] {
        let lines = LineTable(document.text)
        var actions: [JSONValue] = []
        // After the fixes: the preferred actions come first.
        var disables: [JSONValue] = []
        for finding in findings {
            // By lines, not characters: a cursor anywhere on a finding's lines offers its fix.
            guard finding.range.start.line - 1 <= range.end.line, range.start.line <= finding.range.end.line - 1
            else { continue }
            if let disable = disable(finding, in: document, lines: lines) { disables.append(disable) }
            guard let fix = finding.fix, fix.withheldBecause == nil, !fix.edits.isEmpty else { continue }
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
        return actions + disables
    }

    /// "Fix all safe findings in this file": one edit of the whole text into what `eplint --fix`
    /// writes (the same fixing, rounds and refusals included).
    static func fixAll(_ document: TextDocument, fixed: [UInt8], encoding: PositionEncoding) -> JSONValue {
        let lines = LineTable(document.text)
        let end = document.position(line: lines.starts.count, scalarColumn: .max, encoding: encoding, lines: lines)
        let edit = JSONValue.object([
            ("range", .object([("start", Position(line: 0, character: 0).json), ("end", end.json)])),
            ("newText", .string(String(decoding: fixed, as: UTF8.self))),
        ])
        return .object([
            ("title", .string("Fix all safe eplint findings in this file")),
            ("kind", .string("source.fixAll.eplint")),
            ("edit", .object([("changes", .object([(document.uri, .array([edit]))]))])),
        ])
    }

    /// "Disable RULE for the next element": eplint's inline comment on its own line before the
    /// finding's, indented as that line is. JSON has no comments, so Expo files get none.
    static func disable(_ finding: Diagnostic, in document: TextDocument, lines: LineTable) -> JSONValue? {
        guard LintedFile(path: document.path) != .expoConfiguration, finding.range.start.line <= lines.starts.count
        else { return nil }
        let line = lines.range(ofLine: finding.range.start.line)
        let indentation = document.text[line].prefix { $0 == 0x20 || $0 == 0x09 }
        let lineEnd = document.text[line.upperBound...].starts(with: [0x0D, 0x0A]) ? "\r\n" : "\n"
        let comment =
            String(decoding: indentation, as: UTF8.self) + "<!-- eplint:disable-next \(finding.rule) -->" + lineEnd
        let start = Position(line: finding.range.start.line - 1, character: 0).json
        let edit = JSONValue.object([
            ("range", .object([("start", start), ("end", start)])), ("newText", .string(comment)),
        ])
        return .object([
            ("title", .string("Disable \(finding.rule) for the next element")),
            ("kind", .string("quickfix")),
            ("edit", .object([("changes", .object([(document.uri, .array([edit]))]))])),
        ])
    }
}
