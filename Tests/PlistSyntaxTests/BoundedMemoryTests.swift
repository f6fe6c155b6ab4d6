import EplintBase
import Preprocessor
import Testing

@testable import PlistSyntax

/// What the parser remembers of a big hostile file: the root dict keeps only the entries a
/// caller needs and every occurrence of a repeated key; a long comment keeps where it starts.
@Suite struct BoundedMemoryTests {
    private static func plist(_ body: String) -> [UInt8] {
        Array("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n".utf8)
    }

    private static func entries(
        _ bytes: [UInt8], keeping keys: Set<String> = ["Kept"],
        alsoKeeping predicate: (@Sendable (String) -> Bool)? = nil
    ) -> [String] {
        let options = PlistParseOptions(retention: .topLevelKeys(keys), keepsTopLevelEntry: predicate)
        let document = PlistParser.parse(bytes, options: options)
        return (document.root?.dictionaryEntries ?? []).map {
            "\($0.key)@\($0.keyRange.start.line):\($0.keyRange.start.column)"
        }
    }

    /// Filler keys enough for the root dict to stop keeping every entry.
    private static let filler = (0..<PlistBuilder.topLevelEntriesKeptWhole).map { "\t<key>Key\($0)</key>\n\t<true/>\n" }
        .joined()
    private static let fillerLines = 2 * PlistBuilder.topLevelEntriesKeptWhole

    @Test func rootDictKeepsOnlyTheEntriesAsked() {
        let body = Self.filler + "\t<key>Kept</key>\n\t<string>v</string>\n\t<key>Near</key>\n\t<false/>\n"
        #expect(
            Self.entries(Self.plist(body), alsoKeeping: { $0 == "Near" }) == [
                "Kept@\(Self.fillerLines + 4):2", "Near@\(Self.fillerLines + 6):2",
            ])
        // Retaining everything still keeps every entry, and a smaller root dict keeps them all.
        #expect(
            PlistParser.parse(Self.plist(body)).root?.dictionaryEntries?.count == PlistBuilder.topLevelEntriesKeptWhole
                + 2)
        #expect(
            Self.entries(Self.plist("\t<key>A</key>\n\t<true/>\n\t<key>Kept</key>\n\t<true/>\n")) == [
                "A@4:2", "Kept@6:2",
            ])
    }

    @Test func everyOccurrenceOfARepeatedKeyIsKept() {
        let last = PlistBuilder.topLevelEntriesKeptWhole - 1
        let body =
            Self.filler
            + "\t<key>Key17</key>\n\t<false/>\n\t<key>Other</key>\n\t<true/>\n\t<key>Key\(last)</key>\n\t<true/>\n\t<key>Key17</key>\n\t<true/>\n"
        // In document order, as the rules expect.
        let end = Self.fillerLines
        #expect(
            Self.entries(Self.plist(body)) == [
                "Key17@38:2", "Key\(last)@\(end + 2):2", "Key17@\(end + 4):2", "Key\(last)@\(end + 8):2",
                "Key17@\(end + 10):2",
            ])
    }

    @Test func secondReadingAlsoWorksThroughAutomaticPreprocessing() throws {
        // Read once to spot the directive, then again (repeated keys), then whole for cpp.
        let body = "#if 1\n" + Self.filler + "\t<key>Key17</key>\n\t<false/>\n#endif\n"
        var source = BytesSource(Self.plist(body))
        let options = PlistParseOptions(retention: .topLevelKeys(["Kept"]))
        let (document, preprocessed) = try PlistParser.parse(
            &source, options: options, preprocessing: PreprocessingOptions(mode: .auto), fileName: "Info.plist")
        #expect(preprocessed != nil)
        #expect(document.fatalProblem == nil)
        #expect(document.root?.dictionaryEntries?.map(\.key) == ["Key17", "Key17"])
    }

    @Test func keysEqualAsStringsRepeatEvenWhenTheirBytesDiffer() {
        // U+212A KELVIN SIGN is canonically equivalent to "K".
        let body = Self.filler + "\t<key>K</key>\n\t<true/>\n\t<key>\u{212A}</key>\n\t<true/>\n"
        #expect(
            Self.entries(Self.plist(body), keeping: []) == [
                "K@\(Self.fillerLines + 4):2", "\u{212A}@\(Self.fillerLines + 6):2",
            ])
    }

    @Test func hashSetFindsWhatItHolds() {
        var set = KeyHashSet()
        var allNew = true
        for hash in stride(from: UInt64(0), to: 100_000, by: 3) {
            allNew = set.insert(hash &* 0x9E37_79B9_7F4A_7C15) && allNew
        }
        #expect(allNew)
        #expect(set.count == 33_334)
        let again = set.insert(0)
        #expect(!again)
        #expect(set.contains(3 &* 0x9E37_79B9_7F4A_7C15))
        #expect(!set.contains(4 &* 0x9E37_79B9_7F4A_7C15))
    }

    @Test func longCommentKeepsItsStart() throws {
        // Longer than the text kept behind libxml2's cursor and than one read.
        let filler = String(repeating: "comment text ", count: 80_000)
        let bytes = Self.plist(
            "\t<key>A</key>\n\t<true/>\n  <!-- eplint:disable EP203 \(filler)-->\n\t<key>B</key>\n\t<true/>\n")
        let document = PlistParser.parse(bytes)
        let comment = try #require(document.comments.first)
        #expect(comment.range.start == SourcePosition(offset: 76, line: 6, column: 3, utf16Column: 3))
        #expect(comment.range.end.line == 6)
        #expect(comment.range.end.offset == 76 + 4 + " eplint:disable EP203 ".utf8.count + filler.utf8.count + 3)
        // Only the first bytes of its text: libxml2 was not handed the rest.
        #expect(comment.isWhole == false)
        #expect(comment.text == String(" eplint:disable EP203 \(filler)".utf8.prefix(PlistComment.textLimit))!)
        #expect(document.bytesCutFromComments > 0)
        #expect(comment.nextElement?.start.line == 7)
    }
}
