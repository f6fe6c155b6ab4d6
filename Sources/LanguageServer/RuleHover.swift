import EplintBase
import LintEngine

/// Hover: on a StoreKit key, what it requires (`KeyHover`); on a rule ID (`EP203` in an
/// `eplint:disable` comment, say), that rule's page; inside a finding's range, the page of each
/// rule found there.
enum RuleHover {
    static func hover(
        at position: Position, in document: TextDocument, findings: [Diagnostic], encoding: PositionEncoding
    ) -> JSONValue {
        let offset = document.offset(of: position, encoding: encoding)
        var rules: [RuleID] = []
        let word = self.word(at: offset, in: document.text)
        if let markdown = KeyHover.markdown(named: word) {
            return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))]))])
        }
        // Rule IDs are five characters (EP203).
        if word.utf8.count == 5, let rule = RuleID(validating: word) {
            rules = [rule]
        } else {
            for finding in findings
            where finding.range.start.offset <= offset && offset <= finding.range.end.offset
                && !rules.contains(finding.rule)
            {
                rules.append(finding.rule)
            }
        }
        let pages = rules.compactMap(RuleCatalog.metadata(for:)).map { rule in
            rule.documentation + "\n\n[\(rule.id) on the web](\(ToolIdentity.page("Rules/\(rule.id.rawValue).md")))"
        }
        guard !pages.isEmpty else { return .null }
        return .object([
            (
                "contents",
                .object([("kind", .string("markdown")), ("value", .string(pages.joined(separator: "\n\n---\n\n")))])
            )
        ])
    }

    /// The letters and digits around `offset`; none when longer than any key or rule ID.
    private static func word(at offset: Int, in text: [UInt8]) -> String {
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }
        let offset = min(offset, text.count)
        var start = offset
        while start > 0 && offset - start <= 64 && isWordByte(text[start - 1]) { start -= 1 }
        var end = offset
        while end < text.count && end - offset <= 64 && isWordByte(text[end]) { end += 1 }
        guard end - start <= 64 else { return "" }
        return String(decoding: text[start..<end], as: UTF8.self)
    }
}
