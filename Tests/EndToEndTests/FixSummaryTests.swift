import Foundation
import Testing

/// What `--fix` says beyond `N fixed, M remaining`, as ruff says it: how many remaining findings
/// `--unsafe-fixes` would fix, and why a rename is not applied.
@Suite struct FixSummaryTests {
    /// An http link and a query (unsafe fixes), and a near-miss key whose correct spelling is
    /// already there (no rename).
    static let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <key>SKExternalPurchaseLink</key>
          <dict>
            <key>nl</key>
            <string>http://shop.example.com/nl</string>
            <key>fr</key>
            <string>https://shop.example.com/fr?a=1</string>
          </dict>
          <key>SKExternalPurchaseMultilink</key>
          <dict/>
          <key>SKExternalPurchaseMultiLink</key>
          <dict>
            <key>nl</key>
            <array><string>https://shop.example.com/nl</string></array>
          </dict>
        </dict>
        </plist>

        """

    static let withheld =
        "eplint: no fix for Info.plist:11:3 [EP005]: 'SKExternalPurchaseMultiLink' is already in the file, so renaming"
        + " would make a duplicate key; merge the two entries or remove this one\n"

    @Test func fixSaysWhatUnsafeFixesWouldFixAndWhyARenameIsNotApplied() throws {
        let directory = try Eplint.temporaryDirectory()
        try Self.text.write(to: directory.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let safe = try Eplint.run(["--fix", "Info.plist"], in: directory)
        #expect(safe.status == 1)
        #expect(
            safe.standardError
                == Self.withheld
                + "0 fixed, 4 remaining\n2 hidden fixes can be enabled with the `--unsafe-fixes` option.\n")
        let diff = try Eplint.run(["--diff", "Info.plist"], in: directory)
        #expect(diff.standardOutput.isEmpty)
        #expect(
            diff.standardError
                == Self.withheld
                + "0 would be fixed, 4 would remain\n2 hidden fixes can be enabled with the `--unsafe-fixes` option.\n")
        // With them, nothing is hidden: the unsafe fixes go in, the near miss stays, saying why.
        let unsafe = try Eplint.run(["--fix", "--unsafe-fixes", "Info.plist"], in: directory)
        #expect(unsafe.standardError.hasPrefix(Self.withheld), "\(unsafe.standardError)")
        #expect(!unsafe.standardError.contains("hidden"), "\(unsafe.standardError)")
        #expect(unsafe.standardOutput.contains("[EP005]"))
    }
}
