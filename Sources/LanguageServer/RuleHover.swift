import EplintBase
import LintEngine

/// Hover: on a rule ID (`EP203` in an `eplint:disable` comment, say), that rule's page; inside
/// a finding's range, the page of each rule found there.
enum RuleHover {
    static func hover(
        at position: Position, in document: TextDocument, findings: [Diagnostic], encoding: PositionEncoding
    ) -> JSONValue {
        let offset = document.offset(of: position, encoding: encoding)
        var rules: [RuleID] = []
        if let word = ruleWord(at: offset, in: document.text) {
            rules = [word]
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

    /// The rule ID whose letters and digits surround `offset`, if they spell one.
    private static func ruleWord(at offset: Int, in text: [UInt8]) -> RuleID? {
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }
        var start = min(offset, text.count)
        while start > 0 && isWordByte(text[start - 1]) { start -= 1 }
        var end = min(offset, text.count)
        while end < text.count && isWordByte(text[end]) { end += 1 }
        // Rule IDs are five characters (EP203); a longer word is not one.
        guard end - start == 5 else { return nil }
        return RuleID(validating: String(decoding: text[start..<end], as: UTF8.self))
    }
}
