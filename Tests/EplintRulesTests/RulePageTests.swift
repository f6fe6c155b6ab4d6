import EplintRules
import LintEngine
import Testing

/// Every page in Rules/ is documentation and test at once: its failing example must print
/// exactly its output block, its passing example nothing.
@Suite struct RulePageTests {
    struct Page: CustomTestStringConvertible {
        var metadata: RuleMetadata
        var testDescription: String { metadata.id.rawValue }

        func block(_ info: String) -> String? {
            let lines = metadata.documentation.split(separator: "\n", omittingEmptySubsequences: false)
            guard let start = lines.firstIndex(where: { $0 == "```\(info)" }),
                  let end = lines[(start + 1)...].firstIndex(where: { $0 == "```" }) else { return nil }
            return lines[(start + 1)..<end].map { $0 + "\n" }.joined()
        }

        /// A page's `text settings` block gives the Xcode target's settings its examples are
        /// linted with (`INFOPLIST_PREPROCESS = NO`).
        var preprocessed: Bool? {
            guard let settings = block("text settings") else { return nil }
            for line in settings.split(separator: "\n") where line.hasPrefix("INFOPLIST_PREPROCESS") {
                return line.hasSuffix("YES")
            }
            return nil
        }

        /// Block-name suffixes of the page's failing examples: `xml failing`, then any further
        /// ones numbered `xml failing 2`, … with their own `text output 2` and `xml entitlements 2`.
        var failingSuffixes: [String] {
            ([""] + (2...9).map { " \($0)" }).filter { block("xml failing\($0)") != nil }
        }

        /// The same for passing examples (`xml passing 2`, `xml passing-entitlements 2`).
        var passingSuffixes: [String] {
            ([""] + (2...9).map { " \($0)" }).filter { block("xml passing\($0)") != nil }
        }
    }

    /// The clock of the pages' examples (EP407).
    static let now = "2026-01-01T00:00:00Z"

    /// The plist rules' pages (the server-side ones are `ServerRulePageTests`').
    static let pages = RuleCatalog.all.map(Page.init).filter { ServerRulePageTests.kind(of: $0) == nil }

    @Test func everyRuleHasAPageAndEveryPageIsComplete() {
        let documented = Set(RuleCatalog.all.map(\.id))
        for rule in allRules { #expect(documented.contains(rule.id), "\(rule.id) has no page in Rules/") }
        for id in ["EP001", "EP002", "EP007"] { #expect(documented.contains(RuleID(id))) }
        for page in RuleCatalog.all.map(Page.init) {
            let examples = ServerRulePageTests.kind(of: page).map { kind in ("\(kind.exampleLanguage) \(kind.rawValue) failing", "\(kind.exampleLanguage) \(kind.rawValue) passing") }
                ?? ("xml failing", "xml passing")
            #expect(page.block(examples.0) != nil && page.block(examples.1) != nil && page.block("text output") != nil,
                    "\(page.metadata.id) lacks an example block")
            #expect(page.metadata.documentation.contains("## Why"), "\(page.metadata.id) does not say why")
        }
    }

    @Test(arguments: pages) func failingExamplePrintsItsOutput(_ page: Page) throws {
        #expect(!page.failingSuffixes.isEmpty)
        for suffix in page.failingSuffixes {
            let failing = try #require(page.block("xml failing\(suffix)"))
            let expected = try #require(page.block("text output\(suffix)"), "xml failing\(suffix) of \(page.metadata.id) has no output block")
            #expect(lint(failing, entitlements: page.block("xml entitlements\(suffix)"), preprocessed: page.preprocessed,
                         profile: page.block("xml profile\(suffix)"), now: Self.now).map { $0 + "\n" }.joined() == expected)
            #expect(expected.contains("[\(page.metadata.id)]"), "the failing example\(suffix) of \(page.metadata.id) does not trigger it")
        }
    }

    @Test(arguments: pages) func passingExamplePrintsNothing(_ page: Page) throws {
        #expect(!page.passingSuffixes.isEmpty)
        for suffix in page.passingSuffixes {
            let passing = try #require(page.block("xml passing\(suffix)"))
            #expect(lint(passing, entitlements: page.block("xml passing-entitlements\(suffix)"), preprocessed: page.preprocessed,
                         profile: page.block("xml passing-profile\(suffix)"), now: Self.now) == [],
                    "the passing example\(suffix) of \(page.metadata.id) reports something")
        }
    }

    /// Column bugs show up when something multibyte stands before the element on its line:
    /// every indented line gets a comment holding an emoji, which moves its elements by
    /// 8 scalars, and the diagnostics must move with them.
    @Test(arguments: pages) func failingExampleWithMultibytePrefix(_ page: Page) throws {
        let failing = try #require(page.block("xml failing"))
        let prefix = "<!--é😀-->"
        var shiftedLines = Set<Int>()
        var text = ""
        for (index, line) in failing.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("\t") {
                let indent = line.prefix { $0 == "\t" }
                text += indent + prefix + line.dropFirst(indent.count) + "\n"
                shiftedLines.insert(index + 1)
            } else {
                text += line + (index == failing.split(separator: "\n", omittingEmptySubsequences: false).count - 1 ? "" : "\n")
            }
        }
        let entitlements = page.block("xml entitlements")
        let profile = page.block("xml profile")
        let expected = lint(failing, entitlements: entitlements, preprocessed: page.preprocessed, profile: profile, now: Self.now).map { line -> String in
            let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts[0] == "Info.plist", let lineNumber = Int(parts[1]), let column = Int(parts[2]), shiftedLines.contains(lineNumber),
                  !(column == 1) else { return line }
            let shift = prefix.unicodeScalars.count
            return "\(parts[0]):\(lineNumber):\(column + shift):\(parts[3])"
        }
        #expect(lint(text, entitlements: entitlements, preprocessed: page.preprocessed, profile: profile, now: Self.now) == expected)
    }
}
