import EplintRules
import LintEngine
import TestSupport
import Testing

/// Every page in Rules/ is documentation and test at once: its failing example must print
/// exactly its output block, its passing example nothing.
@Suite struct RulePageTests {
    typealias Page = RulePage

    /// The clock of the pages' examples (EP407).
    static let now = "2026-01-01T00:00:00Z"

    /// The plist rules' pages (the server-side ones are `ServerRulePageTests`', the
    /// configuration's `ConfigurationRulePageTests`').
    static let pages = RuleCatalog.all.map(Page.init).filter { $0.serverKind == nil && !$0.isConfigurationPage }

    @Test func everyRuleHasAPageAndEveryPageIsComplete() {
        let documented = Set(RuleCatalog.all.map(\.id))
        for rule in allRules { #expect(documented.contains(rule.id), "\(rule.id) has no page in Rules/") }
        for id in ["EP001", "EP002", "EP007"] { #expect(RuleID(validating: id).map(documented.contains) == true) }
        for page in RuleCatalog.all.map(Page.init) {
            let examples =
                page.serverKind.map { kind in
                    (
                        "\(kind.exampleLanguage) \(kind.rawValue) failing",
                        "\(kind.exampleLanguage) \(kind.rawValue) passing"
                    )
                }
                ?? (page.isConfigurationPage
                    ? ("yaml configuration failing", "yaml configuration passing") : ("xml failing", "xml passing"))
            #expect(
                page.block(examples.0) != nil && page.block(examples.1) != nil && page.block("text output") != nil,
                "\(page.metadata.id) lacks an example block")
            #expect(page.metadata.documentation.contains("## Why"), "\(page.metadata.id) does not say why")
        }
    }

    @Test(arguments: pages) func failingExamplePrintsItsOutput(_ page: Page) throws {
        #expect(!page.failingSuffixes.isEmpty)
        for suffix in page.failingSuffixes {
            let failing = try #require(page.block("xml failing\(suffix)"))
            let expected = try #require(
                page.block("text output\(suffix)"), "xml failing\(suffix) of \(page.metadata.id) has no output block")
            #expect(
                lint(
                    failing, entitlements: page.block("xml entitlements\(suffix)"), preprocessed: page.preprocessed,
                    profile: page.block("xml profile\(suffix)"), now: Self.now
                ).map { $0 + "\n" }.joined() == expected)
            #expect(
                expected.contains("[\(page.metadata.id)]"),
                "the failing example\(suffix) of \(page.metadata.id) does not trigger it")
        }
    }

    @Test(arguments: pages) func passingExamplePrintsNothing(_ page: Page) throws {
        #expect(!page.passingSuffixes.isEmpty)
        for suffix in page.passingSuffixes {
            let passing = try #require(page.block("xml passing\(suffix)"))
            #expect(
                lint(
                    passing, entitlements: page.block("xml passing-entitlements\(suffix)"),
                    preprocessed: page.preprocessed,
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
                text +=
                    line
                    + (index == failing.split(separator: "\n", omittingEmptySubsequences: false).count - 1 ? "" : "\n")
            }
        }
        let entitlements = page.block("xml entitlements")
        let profile = page.block("xml profile")
        let expected = lint(
            failing, entitlements: entitlements, preprocessed: page.preprocessed, profile: profile, now: Self.now
        ).map { line -> String in
            let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts[0] == "Info.plist", let lineNumber = Int(parts[1]), let column = Int(parts[2]),
                shiftedLines.contains(lineNumber),
                !(column == 1)
            else { return line }
            let shift = prefix.unicodeScalars.count
            return "\(parts[0]):\(lineNumber):\(column + shift):\(parts[3])"
        }
        #expect(
            lint(text, entitlements: entitlements, preprocessed: page.preprocessed, profile: profile, now: Self.now)
                == expected)
    }
}
