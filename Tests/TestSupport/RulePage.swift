import LintEngine
import ServerSide

// Swift Testing is there when tests are built, not in a plain `swift build` of the package.
#if canImport(Testing)
    import Testing
#endif

/// A page of Rules/ as the page tests read it (RulePageTests in EplintRulesTests for plist
/// rules, ServerRulePageTests in ServerSideTests for server rules): its fenced blocks by name.
package struct RulePage: Sendable {
    package var metadata: RuleMetadata

    package init(_ metadata: RuleMetadata) { self.metadata = metadata }

    package func block(_ info: String) -> String? {
        let lines = metadata.documentation.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == "```\(info)" }),
            let end = lines[(start + 1)...].firstIndex(where: { $0 == "```" })
        else { return nil }
        return lines[(start + 1)..<end].map { $0 + "\n" }.joined()
    }

    /// A page's `text settings` block gives the Xcode target's settings its examples are
    /// linted with (`INFOPLIST_PREPROCESS = NO`).
    package var preprocessed: Bool? {
        guard let settings = block("text settings") else { return nil }
        for line in settings.split(separator: "\n") where line.hasPrefix("INFOPLIST_PREPROCESS") {
            return line.hasSuffix("YES")
        }
        return nil
    }

    /// Block-name suffixes of the page's failing examples: `xml failing`, then any further
    /// ones numbered `xml failing 2`, … with their own `text output 2` and `xml entitlements 2`.
    package var failingSuffixes: [String] {
        ([""] + (2...9).map { " \($0)" }).filter { block("xml failing\($0)") != nil }
    }

    /// The same for passing examples (`xml passing 2`, `xml passing-entitlements 2`).
    package var passingSuffixes: [String] {
        ([""] + (2...9).map { " \($0)" }).filter { block("xml passing\($0)") != nil }
    }

    /// Whether the page's examples are `.eplint.yml` files (`yaml configuration failing`):
    /// the language server's EP012, tested in LanguageServerTests.
    package var isConfigurationPage: Bool { block("yaml configuration failing") != nil }

    /// Which kind of server document the page's examples are, from its example blocks; nil
    /// for a plist rule's page.
    package var serverKind: ServerDocumentKind? {
        [ServerDocumentKind.token, .report, .notification].first {
            block("\($0.exampleLanguage) \($0.rawValue) failing") != nil
        }
    }
}

#if canImport(Testing)
    extension RulePage: CustomTestStringConvertible {
        package var testDescription: String { metadata.id.rawValue }
    }
#endif

extension ServerDocumentKind {
    /// The language word of a server page's example blocks (`text token failing`, `json report failing`).
    package var exampleLanguage: String { self == .token ? "text" : "json" }
}
