import Testing

/// EP404/EP405 moves beyond the pages' examples: what the rule knows of the destination, and
/// the cost of many moves.
@Suite struct MoveFixTests {
    static func plist(_ body: String, lineEnd: String = "\n") -> [UInt8] {
        Array(
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n" + body
                + "</dict>\n</plist>\n")
                .replacingOccurrences(of: "\n", with: lineEnd).utf8)
    }

    /// An entitlement eplint does not know, already in the entitlements file: which value is
    /// meant is not one answer, so nothing moves, and the reason names the file.
    @Test func noMoveOverAKeyTheDestinationHas() throws {
        let info = Self.plist("\t<key>com.apple.developer.storekit.future-thing</key>\n\t<true/>\n")
        let entitlements = Self.plist("\t<key>com.apple.developer.storekit.future-thing</key>\n\t<false/>\n")
        let finding = try #require(pairedDiagnostics(info, entitlements).first { $0.rule.rawValue == "EP404" })
        #expect(
            finding.fix?.withheldBecause == "App.entitlements already has com.apple.developer.storekit.future-thing")
        #expect(!moveOutcome(info, entitlements, allowing: .unsafe).changed)
    }

    /// A source without indentation into a CRLF file indented with two spaces: the moved lines
    /// take the destination's indentation and line ends.
    @Test func movedLinesTakeTheDestinationsLayout() throws {
        let info = Self.plist(
            "<key>com.apple.developer.storekit.external-purchase</key>\n<true/>\n"
                + "<key>SKExternalPurchase</key>\n<array>\n<string>nl</string>\n</array>\n")
        let entitlements = Self.plist(
            "  <key>com.apple.developer.team-identifier</key>\n  <string>T</string>\n", lineEnd: "\r\n")
        let outcome = moveOutcome(info, entitlements, allowing: .unsafe)
        #expect(outcome.refusals.isEmpty)
        #expect(
            outcome.entitlements
                == Self.plist(
                    "  <key>com.apple.developer.team-identifier</key>\n  <string>T</string>\n"
                        + "  <key>com.apple.developer.storekit.external-purchase</key>\n  <true/>\n", lineEnd: "\r\n"))
        #expect(
            outcome.infoPlist == Self.plist("<key>SKExternalPurchase</key>\n<array>\n<string>nl</string>\n</array>\n"))
    }

    /// 2,000 entitlements in the Info.plist move to the entitlements file in one round, each
    /// found and placed in time independent of the others (no scan of a file per move).
    // A hang guard, not a timing: under a full parallel run on two cores the test can wait a
    // minute for a thread before it starts (it failed so), while it takes seconds alone.
    @Test(.timeLimit(.minutes(10))) func manyMovesStayLinear() {
        let keys = (0..<2_000).map { "com.apple.developer.storekit.k\($0)" }
        let info = Self.plist(keys.map { "\t<key>\($0)</key>\n\t<true/>\n" }.joined())
        let entitlements = Self.plist("\t<key>com.apple.developer.team-identifier</key>\n\t<string>T</string>\n")
        let outcome = moveOutcome(info, entitlements, allowing: .unsafe)
        #expect(outcome.refusals.isEmpty)
        #expect(outcome.fixed.count == keys.count)
        // Compared first: a failing comparison of such arrays would print a megabyte.
        let emptied = outcome.infoPlist == Self.plist("")
        let filled =
            outcome.entitlements
            == Self.plist(
                "\t<key>com.apple.developer.team-identifier</key>\n\t<string>T</string>\n"
                    + keys.map { "\t<key>\($0)</key>\n\t<true/>\n" }.joined())
        #expect(emptied && filled)
    }
}
