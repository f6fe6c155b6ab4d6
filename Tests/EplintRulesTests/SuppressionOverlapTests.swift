import Testing

/// Directives whose ranges nest and overlap: a finding is suppressed by the first directive
/// in the file that names its rule and covers it, and only that one counts as used.
@Suite struct SuppressionOverlapTests {
    @Test func theFirstCoveringDirectiveTakesTheFinding() {
        let text = plist(
            """
            <!-- eplint:disable-next EP203 -->
            <key>SKExternalPurchaseMultiLink</key>
            <dict>
            <key>nl</key>
            <array>
            <!-- eplint:disable-next EP203 -->
            <string>https://x.com/?a</string>
            </array>
            <!-- eplint:disable EP203 EP201 -->
            <key>fr</key><array><string>http://x.com/?b</string></array>
            </dict>
            <key>SKExternalPurchase</key><array><string>nl</string><string>fr</string></array>
            """)
        // Line 9's directive sits inside line 4's range, which took the finding of line 10.
        // Line 12's range overlaps line 4's end: line 13's EP203 goes to line 4's directive
        // (first in the file), its EP201 to line 12's, whose EP203 then suppresses nothing.
        #expect(
            lint(text) == [
                "Info.plist:9:1: warning: eplint suppression of EP203 suppresses nothing; remove it [EP008]",
                "Info.plist:12:1: warning: eplint suppression of EP203 suppresses nothing; remove it [EP008]",
            ])
    }

    /// Without the directives the same text has the three findings they suppress.
    @Test func theFindingsExistWithoutTheDirectives() {
        let text = plist(
            """
            <key>SKExternalPurchaseMultiLink</key>
            <dict>
            <key>nl</key>
            <array>
            <string>https://x.com/?a</string>
            </array>
            <key>fr</key><array><string>http://x.com/?b</string></array>
            </dict>
            <key>SKExternalPurchase</key><array><string>nl</string><string>fr</string></array>
            """)
        #expect(findings(text) == ["8:1 EP203", "10:21 EP201", "10:21 EP203"])
    }
}
