/// What `Rules/EPnnn.md` says of a rule: the page is the single source of its name,
/// default severity and summary (embedded at build time).
public struct RuleMetadata: Sendable {
    public var id: RuleID
    public var name: String
    public var defaultSeverity: Severity
    public var summary: String
    /// The whole page, Markdown.
    public var documentation: String

    /// Reads the header of a rule page:
    ///
    ///     # EP203 url-has-query
    ///
    ///     - **Severity:** error
    ///     - **Summary:** A destination URL has a query component.
    public init?(page: String) {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let title = lines.first, title.hasPrefix("# ") else { return nil }
        let words = title.dropFirst(2).split(separator: " ")
        guard words.count == 2 else { return nil }
        func field(_ name: String) -> String? {
            let marker = "- **\(name):** "
            return lines.first { $0.hasPrefix(marker) }.map { String($0.dropFirst(marker.count)) }
        }
        guard let severityText = field("Severity"), let severity = Severity(rawValue: severityText),
              let summary = field("Summary") else { return nil }
        id = RuleID(String(words[0]))
        name = String(words[1])
        defaultSeverity = severity
        self.summary = summary
        documentation = page
    }
}

/// Every rule eplint knows, from the embedded pages, in ID order.
public enum RuleCatalog {
    public static let all: [RuleMetadata] = EmbeddedRuleData.rulePages
        .compactMap { RuleMetadata(page: $0.markdown) }
        .sorted { $0.id < $1.id }

    private static let byID: [RuleID: RuleMetadata] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    public static func metadata(for id: RuleID) -> RuleMetadata? { byID[id] }
}
