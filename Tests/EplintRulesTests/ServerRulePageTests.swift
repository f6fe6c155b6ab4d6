import LintEngine
import PlistSyntax
import Reporters
import ServerSide
import Testing

/// The server-side pages (EP6xx, EP7xx) are tests too: a token block is read as standard input
/// (one token a line, `<stdin>`), a report or notification block as `report.json` or
/// `notification.json`; a `text options` block gives `--bundle-id`, `--environment`, `--token`.
@Suite struct ServerRulePageTests {
    typealias Page = RulePageTests.Page

    /// Which kind of document a page's examples are, from its example blocks; nil for plist pages.
    static func kind(of page: Page) -> ServerDocumentKind? {
        [ServerDocumentKind.token, .report, .notification].first { page.block("\($0.exampleLanguage) \($0.rawValue) failing") != nil }
    }

    static let pages = RuleCatalog.all.map(Page.init).filter { kind(of: $0) != nil }

    @Test func everyServerRuleHasAPage() {
        let documented = Set(Self.pages.map(\.metadata.id))
        for rule in allServerRules { #expect(documented.contains(rule.id), "\(rule.id) has no page in Rules/") }
        for id in ["EP601", "EP602", "EP701", "EP702", "EP714", "EP715"] { #expect(documented.contains(RuleID(id))) }
    }

    @Test(arguments: pages) func failingExamplePrintsItsOutput(_ page: Page) throws {
        let kind = try #require(Self.kind(of: page))
        let failing = try #require(page.block("\(kind.exampleLanguage) \(kind.rawValue) failing"))
        let expected = try #require(page.block("text output"))
        #expect(serverLint(kind, failing, options: page.block("text options")) == expected)
        #expect(expected.contains("[\(page.metadata.id)]"), "the failing example of \(page.metadata.id) does not trigger it")
    }

    @Test(arguments: pages) func passingExamplePrintsNothing(_ page: Page) throws {
        let kind = try #require(Self.kind(of: page))
        let passing = try #require(page.block("\(kind.exampleLanguage) \(kind.rawValue) passing"))
        #expect(serverLint(kind, passing, options: page.block("text options")) == "")
    }
}

extension ServerDocumentKind {
    var exampleLanguage: String { self == .token ? "text" : "json" }
}

/// What `eplint token|report|notification` prints in gcc format for `text`, with `options`
/// (`name: value` lines for `--bundle-id`, `--environment`, `--token`).
func serverLint(_ kind: ServerDocumentKind, _ text: String, options: String? = nil) -> String {
    var serverOptions = ServerOptions()
    for line in (options ?? "").split(separator: "\n") {
        let parts = line.split(separator: ":", maxSplits: 1).map { String($0.drop { $0 == " " }) }
        switch parts[0] {
        case "bundle-id": serverOptions.bundleID = parts[1]
        case "environment": serverOptions.environment = ServerOptions.Environment(rawValue: parts[1])
        case "token": serverOptions.tokens.append(try! ServerLinter.decodeToken(Substring(parts[1])).get())
        default: Issue.record("unknown option \(parts[0])")
        }
    }
    let linter = ServerLinter(options: serverOptions)
    var diagnostics: [Diagnostic]
    if kind == .token {
        diagnostics = ServerLinter.tokenLines(text).flatMap { linter.lintToken($0.text, file: "<stdin>", range: $0.range).diagnostics }
    } else {
        diagnostics = linter.lintDocument(Array(text.utf8), file: "\(kind.rawValue).json", kind: kind).sorted(by: Diagnostic.inReportOrder)
    }
    return GCCReporter.render(diagnostics)
}
