import Foundation
import LintEngine
import TestSupport
import Testing

/// Each plist rule's page says whether and how eplint fixes its findings (`- **Fix:**`); a
/// fixable rule's page shows the fixed text, which `--fix` must write byte for byte, however
/// the file is stored.
@Suite struct RulePageFixTests {
    typealias Page = RulePageTests.Page

    static func declaredFix(_ page: Page) -> String? {
        page.metadata.documentation.split(separator: "\n").first { $0.hasPrefix("- **Fix:** ") }
            .map { String($0.dropFirst("- **Fix:** ".count)) }
    }

    static let fixable = RulePageTests.pages.filter { declaredFix($0).map { !$0.hasPrefix("none") } ?? false }

    @Test(arguments: RulePageTests.pages) func everyPageSaysWhetherItsRuleIsFixed(_ page: Page) throws {
        let declared = try #require(Self.declaredFix(page), "\(page.metadata.id) has no '- **Fix:**' line")
        let failing = Array(try #require(page.block("xml fix-input") ?? page.block("xml failing")).utf8)
        // A move's page pairs its example with an entitlements file (`xml fix-entitlements`).
        let found =
            page.block("xml fix-entitlements").map { pairedDiagnostics(failing, Array($0.utf8)) }
            ?? diagnostics(failing)
        let fixes = found.filter { $0.rule == page.metadata.id }.compactMap(\.fix).filter(\.proposesEdits)
        if declared.hasPrefix("none") {
            #expect(fixes.isEmpty, "\(page.metadata.id) says it has no fix but proposes one")
            #expect(page.block("xml fixed") == nil)
            #expect(page.metadata.fix == nil, "the catalogue gives \(page.metadata.id) a fix")
        } else {
            let applicability = try #require(FixApplicability(rawValue: String(declared.prefix { $0.isLetter })))
            #expect(
                !fixes.isEmpty && fixes.allSatisfy { $0.applicability == applicability },
                "\(page.metadata.id): \(fixes)")
            #expect(page.block("xml fixed") != nil, "\(page.metadata.id) shows no fixed text")
            // What `eplint rules` shows is what the rule proposes.
            #expect(
                page.metadata.fix == applicability,
                "the catalogue says \(page.metadata.fixName) for \(page.metadata.id)")
        }
    }

    /// The server-side rules fix nothing (`--fix` lints plists), and the catalogue says so.
    @Test func serverRulesHaveNoFixInTheCatalogue() {
        let server = RuleCatalog.all.filter { RulePage($0).serverKind != nil }
        #expect(server.count > 20)
        #expect(server.allSatisfy { $0.fix == nil }, "\(server.filter { $0.fix != nil }.map(\.id))")
    }

    static let singleFile = fixable.filter { $0.block("xml fix-entitlements") == nil }
    static let moves = fixable.filter { $0.block("xml fix-entitlements") != nil }

    @Test(arguments: singleFile, Storage.all) func fixWritesThePagesFixedText(_ page: Page, _ storage: Storage) throws {
        let input = storage.bytes(try #require(page.block("xml fix-input") ?? page.block("xml failing")))
        let expected = storage.bytes(try #require(page.block("xml fixed")))
        let outcome = fixOutcome(input, allowing: .unsafe)
        #expect(outcome.refusals.isEmpty)
        #expect(outcome.bytes == expected, "\(page.metadata.id) \(storage)")
        #expect(!outcome.findings.contains { $0.rule == page.metadata.id })
        // Fixing again changes nothing.
        #expect(fixOutcome(outcome.bytes, allowing: .unsafe).bytes == outcome.bytes)
    }

    @Test(arguments: singleFile) func unsafeFixesWaitForTheirFlag(_ page: Page) throws {
        let input = Array(try #require(page.block("xml fix-input") ?? page.block("xml failing")).utf8)
        let safeOnly = fixOutcome(input, allowing: .safe)
        let isSafe = Self.declaredFix(page)!.hasPrefix("safe")
        #expect((safeOnly.bytes != input) == isSafe, "\(page.metadata.id)")
    }

    /// A move writes both files as the page shows them, each in its own storage: the Info.plist
    /// as `storage`, the entitlements file another way (what moves follows the file it lands in).
    @Test(arguments: moves, Storage.all.indices) func moveWritesThePagesFixedFiles(_ page: Page, _ index: Int) throws {
        let (infoStorage, entitlementsStorage) = (Storage.all[index], Storage.all[(index + 7) % Storage.all.count])
        let info = infoStorage.bytes(try #require(page.block("xml fix-input") ?? page.block("xml failing")))
        let entitlements = entitlementsStorage.bytes(try #require(page.block("xml fix-entitlements")))
        let outcome = moveOutcome(info, entitlements, allowing: .unsafe)
        #expect(outcome.refusals.isEmpty)
        #expect(
            outcome.infoPlist == infoStorage.bytes(try #require(page.block("xml fixed"))),
            "\(page.metadata.id) \(infoStorage)")
        #expect(
            outcome.entitlements == entitlementsStorage.bytes(try #require(page.block("xml fixed-entitlements"))),
            "\(page.metadata.id) \(entitlementsStorage)")
        #expect(!outcome.findings.contains { $0.rule == page.metadata.id })
        // Moving again changes nothing, and without --unsafe-fixes nothing moves.
        let again = moveOutcome(outcome.infoPlist, outcome.entitlements, allowing: .unsafe)
        #expect(again.infoPlist == outcome.infoPlist && again.entitlements == outcome.entitlements && !again.changed)
        #expect(!moveOutcome(info, entitlements, allowing: .safe).changed)
    }
}
