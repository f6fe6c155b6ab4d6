import Foundation
import Testing
@testable import PlistSyntax

/// A big file's session runs on a second thread, fed with recorded events. These tests
/// parse the same bytes on one thread and on two (from the first byte, and switching in
/// the middle) and require the same document: values, positions, problems, comments.
@Suite struct PipelineTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let storeKitKeys: Set<String> = ["SKExternalPurchase", "SKExternalPurchaseLink", "SKExternalPurchaseMultiLink"]

    /// Everything the parser produced, as text (reflection shows every stored field).
    private func parsed(_ bytes: [UInt8], retention: PlistParseOptions.Retention, secondThreadAfter: Int) -> String {
        let options = PlistParseOptions(retention: retention, secondThreadAfter: secondThreadAfter)
        var output = ""
        dump(PlistParser.parse(bytes, options: options), to: &output)
        return output
    }

    private func expectSameBothWays(_ bytes: [UInt8], _ label: String, switchingAt: [Int] = [0],
                                    retentions: [PlistParseOptions.Retention] = [.everything, .topLevelKeys(storeKitKeys)]) {
        for retention in retentions {
            let direct = parsed(bytes, retention: retention, secondThreadAfter: .max)
            for threshold in switchingAt {
                #expect(parsed(bytes, retention: retention, secondThreadAfter: threshold) == direct, "\(label), second thread after \(threshold)")
            }
        }
    }

    static func fixtures() -> [URL] {
        let directories = ["Tests/EndToEndTests/Golden", "Examples", "Tests/Fuzz/Regressions"].map { root.appendingPathComponent($0) }
        return directories.flatMap { directory -> [URL] in
            let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
            return files.filter { ["plist", "entitlements"].contains($0.pathExtension) }
        }.sorted { $0.path < $1.path }
    }

    /// Every fixture, whole and with the edits that reach each kind of event (errors,
    /// comments, entities, misplaced text, preprocessor lines, CDATA, processing
    /// instructions), cut short, and with CR line ends.
    @Test func fixturesAndTheirEditsGiveTheSameDocument() throws {
        let fixtures = Self.fixtures()
        #expect(fixtures.count > 10)
        let insertions = ["<integer>12x</integer>", "<!-- note -->", "&custom;", "misplaced", "\n#if FLAG\n", "\n#endif\n",
                          "<![CDATA[x]]>", "<?pi x?>", "<key>k</key>", "</dict>", "<date>2020-13-01T00:00:00Z</date>", "é😀"]
        for file in fixtures {
            let bytes = try [UInt8](Data(contentsOf: file))
            expectSameBothWays(bytes, file.lastPathComponent)
            expectSameBothWays(Array(bytes.prefix(bytes.count * 2 / 3)), "\(file.lastPathComponent) cut")
            expectSameBothWays(bytes.map { $0 == 0x0A ? 0x0D : $0 }, "\(file.lastPathComponent) CR")
            for (index, insertion) in insertions.enumerated() {
                var edited = bytes
                edited.insert(contentsOf: Array(insertion.utf8), at: bytes.count * (index + 1) / (insertions.count + 2))
                expectSameBothWays(edited, "\(file.lastPathComponent) + \(insertion)")
            }
        }
    }

    /// A file of several megabytes switches to two threads partway; problems placed
    /// late are found at the same place either way.
    @Test func bigFilesSwitchingMidwayGiveTheSameDocument() {
        var entries = ""
        for index in 0..<12_000 {
            entries += "\t<key>Entry\(index)</key>\n\t<dict>\n\t\t<key>Name</key>\n\t\t<string>é \(index) &amp; more</string>\n"
            entries += "\t\t<key>Count</key>\n\t\t<integer>\(index)</integer>\n\t\t<key>Payload</key>\n\t\t<data>\n\t\tAAEC\n\t\t</data>\n\t</dict>\n"
        }
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        let storeKit = "\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>kr</string>\n\t</array>\n"
        let tail = "</dict>\n</plist>\n"
        let late = ["", "\t<!-- late comment -->\n", "\t<key>Bad</key><integer>1.5</integer>\n", "\tstray\n", "\t<key>E</key><string>&nope;</string>\n"]
        for insertion in late {
            let text = head + entries + insertion + storeKit + tail
            #expect(text.utf8.count > 2 << 20)
            // As eplint parses: only the StoreKit values are kept (the rest would make the
            // comparison itself the slow part).
            expectSameBothWays(Array(text.utf8), "big + \(insertion)", switchingAt: [0, 1 << 20], retentions: [.topLevelKeys(Self.storeKitKeys)])
        }
    }
}
