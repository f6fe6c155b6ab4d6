/// What `Rules/EPnnn.md` says of a rule: the page is the single source of its name,
/// default severity and summary, read from its header by the generator (scripts/generate.sh):
///
///     # EP203 url-has-query
///
///     - **Severity:** error
///     - **Summary:** A destination URL has a query component.
///     - **Fix:** unsafe: the `?` and the query go …
package struct RuleMetadata: Sendable {
    package var id: RuleID
    package var name: String
    package var defaultSeverity: Severity
    package var summary: String
    /// What `--fix` does for the rule's findings: nil when it has no fix.
    package var fix: FixApplicability?
    /// The whole page, Markdown.
    package var documentation: String

    package init(
        id: RuleID, name: String, defaultSeverity: Severity, summary: String, fix: FixApplicability? = nil,
        documentation: String
    ) {
        self.id = id
        self.name = name
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.fix = fix
        self.documentation = documentation
    }

    /// `safe`, `unsafe` or `none`, as `eplint rules` shows it.
    package var fixName: String { fix?.rawValue ?? "none" }
}

/// Every rule eplint knows, from the embedded pages, in ID order.
package enum RuleCatalog {
    package static let all: [RuleMetadata] = EmbeddedRuleData.rulePages
        .compactMap { page in
            Severity(rawValue: page.severity).map {
                RuleMetadata(
                    id: RuleID(page.id), name: page.name, defaultSeverity: $0, summary: page.summary,
                    fix: FixApplicability(rawValue: page.fix), documentation: page.markdown)
            }
        }
        .sorted { $0.id < $1.id }

    private static let byID: [RuleID: RuleMetadata] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    package static func metadata(for id: RuleID) -> RuleMetadata? { byID[id] }

    /// The one severity policy: a finding starts at its page's severity (`Diagnostic.init`). A
    /// `RuleID` is made from a page (generated constants, `init?(validating:)`), so every ID has one.
    static func defaultSeverity(of id: RuleID) -> Severity {
        guard let metadata = byID[id] else { preconditionFailure("rule \(id) has no page in Rules/") }
        return metadata.defaultSeverity
    }
}
