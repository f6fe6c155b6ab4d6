import Foundation
import LintEngine
import Reporters
import TestSupport
import Testing

@testable import ServerSide
@testable import Signatures

/// The server-side pages (EP6xx, EP7xx) are tests too: a token block is read as standard input
/// (one token a line, `<stdin>`), a report or notification block as `report.json` or
/// `notification.json`; a `text options` block gives `--bundle-id`, `--app-apple-id`, `--environment`, `--token`,
/// `--root-certificate` (a path from the checkout, into shared/); now is 2026-01-01T00:00:00Z.
/// A `json history failing` (or `passing`, numbered as its report) block is the history the
/// report is judged against (`--history history.jsonl`): a pair of history and report.
@Suite struct ServerRulePageTests {
    typealias Page = RulePage

    /// Which kind of document a page's examples are, from its example blocks; nil for plist pages.
    static func kind(of page: Page) -> ServerDocumentKind? { page.serverKind }

    static let pages = RuleCatalog.all.map(Page.init).filter { kind(of: $0) != nil }

    @Test func everyServerRuleHasAPage() {
        let documented = Set(Self.pages.map(\.metadata.id))
        for rule in allServerRules { #expect(documented.contains(rule.id), "\(rule.id) has no page in Rules/") }
        for id in ["EP601", "EP602", "EP701", "EP702", "EP714", "EP715", "EP737"] + (730...736).map({ "EP\($0)" })
            + ["EP742", "EP743"]
        {
            #expect(RuleID(validating: id).map(documented.contains) == true)
        }
    }

    /// A page's examples of one outcome: the first (of the page's kind), then any numbered
    /// further ones (`json notification failing 2`, with `text output 2` and `text options 2`),
    /// which may be of another kind (a token rule shown on a notification's externalPurchaseToken).
    static func examples(_ page: Page, _ outcome: String) -> [(kind: ServerDocumentKind, suffix: String, text: String)]
    {
        ([""] + (2...9).map { " \($0)" }).compactMap { suffix in
            for kind in [ServerDocumentKind.token, .report, .notification] {
                if let text = page.block("\(kind.exampleLanguage) \(kind.rawValue) \(outcome)\(suffix)") {
                    return (kind, suffix, text)
                }
            }
            return nil
        }
    }

    /// The pages whose examples verify signatures: where verification cannot run (no libcrypto)
    /// they print EP742 instead, and they need shared/ for the test root. Their tests are skipped
    /// there with the reason (not passed: issue 46), and fail under EPLINT_STRICT_TESTS=1.
    static let verifyingPages: Set<String> = ["EP730", "EP731", "EP732", "EP733", "EP736"]
    static let verifying = pages.filter { verifyingPages.contains("\($0.metadata.id)") }
    static let everywhere = pages.filter { !verifyingPages.contains("\($0.metadata.id)") }

    /// Whether signatures are verified here (libcrypto on Linux, Security.framework on macOS), and
    /// always in strict mode (to fail there without it).
    static let verificationRuns: Bool = RequiredTool.strict || SignedDataVerifier.unavailability == nil

    @Test(arguments: everywhere) func failingExamplePrintsItsOutput(_ page: Page) throws {
        try checkFailingExamples(page)
    }

    @Test(
        .enabled(if: verificationRuns, "signatures are not verified on this platform or without libcrypto"),
        .requires(.serverAppleLibrary), arguments: verifying)
    func failingVerifyingExamplePrintsItsOutput(_ page: Page) throws {
        try checkFailingExamples(page)
    }

    func checkFailingExamples(_ page: Page) throws {
        let examples = Self.examples(page, "failing")
        #expect(examples.first?.kind == Self.kind(of: page))
        for example in examples {
            let expected = try #require(
                page.block("text output\(example.suffix)"),
                "failing\(example.suffix) of \(page.metadata.id) has no output block")
            #expect(
                serverLint(
                    example.kind, example.text, options: page.block("text options\(example.suffix)"),
                    history: page.block("json history failing\(example.suffix)"), page: page.metadata.id) == expected
            )
            #expect(
                expected.contains("[\(page.metadata.id)]"),
                "the failing example\(example.suffix) of \(page.metadata.id) does not trigger it")
        }
    }

    @Test(arguments: pages) func passingExamplePrintsNothing(_ page: Page) throws {
        let examples = Self.examples(page, "passing")
        #expect(examples.first?.kind == Self.kind(of: page))
        for example in examples {
            #expect(
                serverLint(
                    example.kind, example.text, options: page.block("text options\(example.suffix)"),
                    history: page.block("json history passing\(example.suffix)"), page: page.metadata.id) == "",
                "the passing example\(example.suffix) of \(page.metadata.id) reports something")
        }
    }
}

extension ServerRulePageTests {
    /// Column bugs show up when something multibyte stands before the value on its line: each
    /// member line of a failing report or notification example gets a member `"é😀一": 0, ` first
    /// (unknown members are allowed; the last character differs per line, so keys stay unique),
    /// which moves what follows by 10 scalars; findings must move with it.
    @Test(arguments: everywhere.filter { kind(of: $0) != .token }) func failingExampleWithMultibytePrefix(
        _ page: Page
    ) throws {
        try checkMultibytePrefix(page)
    }

    @Test(
        .enabled(if: verificationRuns, "signatures are not verified on this platform or without libcrypto"),
        .requires(.serverAppleLibrary), arguments: verifying)
    func failingVerifyingExampleWithMultibytePrefix(_ page: Page) throws {
        try checkMultibytePrefix(page)
    }

    func checkMultibytePrefix(_ page: Page) throws {
        let id = page.metadata.id
        let kind = try #require(Self.kind(of: page))
        let failing = try #require(page.block("\(kind.exampleLanguage) \(kind.rawValue) failing"))
        func prefix(_ line: Int) -> String { "\"é😀\(Character(Unicode.Scalar(0x4E00 + line)!))\": 0, " }
        var shifted: [Int: Int] = [:]  // line → its indentation
        let lines = failing.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            index, line -> String in
            let indent = line.prefix { $0 == " " }
            guard line.dropFirst(indent.count).hasPrefix("\""), line.contains(":") else { return String(line) }
            shifted[index + 1] = indent.count
            return indent + prefix(index) + line.dropFirst(indent.count)
        }
        let options = page.block("text options")
        let history = page.block("json history failing")
        let expected = serverLint(kind, failing, options: options, history: history, page: id).split(separator: "\n")
            .map {
                line -> String in
                let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
                guard let number = Int(parts[1]), let column = Int(parts[2]), let indent = shifted[number],
                    column > indent
                else { return String(line) }
                return "\(parts[0]):\(number):\(column + prefix(0).unicodeScalars.count):\(parts[3])"
            }
        #expect(!shifted.isEmpty)
        #expect(
            serverLint(kind, lines.joined(separator: "\n"), options: options, history: history, page: id).split(
                separator: "\n"
            ).map(String.init)
                == expected)
    }
}

/// What `eplint token|report|notification` prints in gcc format for `text`, with `options`
/// (`name: value` lines for `--bundle-id`, `--app-apple-id`, `--environment`, `--token`), judged
/// against `history` (`history.jsonl`) when given. EP742's page shows a platform that cannot
/// verify: its examples are judged as there, on every platform.
func serverLint(
    _ kind: ServerDocumentKind, _ text: String, options: String? = nil, history: String? = nil, page: RuleID? = nil
) -> String {
    // Now is fixed, as for the plist pages (EP407): 2026-01-01T00:00:00Z.
    var serverOptions = ServerOptions(now: 1_767_225_600_000)
    if page == RuleID.ep742SignatureCouldNotBeVerified {
        serverOptions.verificationUnavailable = "OpenSSL's libcrypto was not found; install libssl3"
    }
    for line in (options ?? "").split(separator: "\n") {
        let parts = line.split(separator: ":", maxSplits: 1).map { String($0.drop { $0 == " " }) }
        switch parts[0] {
        case "bundle-id": serverOptions.bundleID = parts[1]
        case "app-apple-id": serverOptions.appAppleID = Int64(parts[1])
        case "environment": serverOptions.environment = ServerOptions.Environment(rawValue: parts[1])
        case "token": serverOptions.tokens.append(try! ServerLinter.decodeToken(Substring(parts[1])).get())
        case "root-certificate":
            // Relative to the checkout, as the page shows it (`../shared/…`); the message names it so.
            let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let bytes = (try? Data(contentsOf: checkout.appendingPathComponent(parts[1]))).map { [UInt8]($0) } ?? []
            switch RootCertificateFile.roots(bytes, name: parts[1]) {
            case .success(let roots): serverOptions.rootCertificates += roots
            case .failure(let problem): Issue.record("root-certificate \(parts[1]) \(problem.message)")
            }
        default: Issue.record("unknown option \(parts[0])")
        }
    }
    var diagnostics: [Diagnostic] = []
    let accepted = history.map { _ in ReportHistory() }
    if let history, let accepted { diagnostics = accepted.read(Array(history.utf8), file: "history.jsonl") }
    let linter = ServerLinter(options: serverOptions, history: accepted)
    if kind == .token {
        diagnostics += ServerLinter.tokenLines(text).flatMap {
            linter.lintToken($0.text, file: "<stdin>", range: $0.range).diagnostics
        }
    } else {
        diagnostics += linter.lintDocument(Array(text.utf8), file: "\(kind.rawValue).json", kind: kind)
        diagnostics.sort(by: Diagnostic.inReportOrder)
    }
    return GCCReporter.render(diagnostics)
}
