import EplintBase
import LintEngine
import LintRun

/// A document's run that failed (the command line would stop with exit 2) is one error
/// diagnostic at its line 1, so that the editor shows on the file why it has no findings.
/// Not a rule's finding, it has no rule ID: `not-followed` for a path the repository names
/// that the run's lock does not follow, `run-failure` for any other (docs/editors.md).
extension LanguageServer {
    static func failureDiagnostic(_ failure: RunFailure, in document: TextDocument, encoding: PositionEncoding)
        -> JSONValue
    {
        let (code, page) =
            failure.isNotFollowed
            ? ("not-followed", "docs/untrusted-input.md#a-path-that-is-not-followed")
            : ("run-failure", "docs/editors.md#when-a-run-fails")
        return lineDiagnostic(
            line: 1, of: document, code: code, page: ToolIdentity.page(page, at: ToolIdentity.version),
            message: failure.message, encoding: encoding)
    }

    /// An error diagnostic over the whole of a 1-based line: `.eplint.yml`'s EP012, a failed run's.
    static func lineDiagnostic(
        line: Int, of document: TextDocument, code: String, page: String, message: String, encoding: PositionEncoding
    ) -> JSONValue {
        let lines = LineTable(document.text)
        let start = document.position(line: line, scalarColumn: 1, encoding: encoding, lines: lines)
        let end = document.position(line: line, scalarColumn: .max, encoding: encoding, lines: lines)
        return .object([
            ("range", .object([("start", start.json), ("end", end.json)])),
            ("severity", .integer(1)),
            ("code", .string(code)),
            ("codeDescription", .object([("href", .string(page))])),
            ("source", .string("eplint")),
            ("message", .string(message)),
        ])
    }
}
