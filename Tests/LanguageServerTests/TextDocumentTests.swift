import Testing

@testable import LanguageServer

/// Incremental edits at positions counted in UTF-16 units or UTF-8 bytes, over text with
/// characters of one to four bytes (é is 2 bytes and 1 unit, 😀 4 bytes and 2 units).
@Suite struct TextDocumentTests {
    static let text = "<key>é😀x</key>\r\n<string>NL</string>\n"

    static func edited(_ start: (Int, Int), _ end: (Int, Int), _ new: String, _ encoding: PositionEncoding) -> String {
        var document = TextDocument(
            uri: "file:///a/Info.plist", path: "/a/Info.plist", version: 1, text: Array(text.utf8))
        let range = (Position(line: start.0, character: start.1), Position(line: end.0, character: end.1))
        let replaced = document.replace(range, with: Array(new.utf8), encoding: encoding)
        #expect(replaced)
        return String(decoding: document.text, as: UTF8.self)
    }

    @Test func utf16PositionsCountSurrogatePairsAsTwo() {
        // "<key>" is 5 units, é 1, 😀 2: x starts at 8.
        #expect(Self.edited((0, 8), (0, 9), "y", .utf16) == "<key>é😀y</key>\r\n<string>NL</string>\n")
        #expect(Self.edited((0, 5), (0, 8), "", .utf16) == "<key>x</key>\r\n<string>NL</string>\n")
        // Inside the surrogate pair: the character's start.
        #expect(Self.edited((0, 7), (0, 7), "|", .utf16) == "<key>é|😀x</key>\r\n<string>NL</string>\n")
    }

    /// A three-byte UTF-8 character (CJK, €) is one UTF-16 unit, like a two-byte one: the
    /// expected units are Swift's own count of the text's UTF-16, not eplint's.
    @Test func threeByteCharactersAreOneUTF16Unit() {
        let line = "<!-- 日本€ --><string>NL</string>"
        let text = line + "\n"
        let prefix = "<!-- 日本€ --><string>"
        let units = prefix.utf16.count
        var document = TextDocument(uri: "", path: "", version: 0, text: Array(text.utf8))
        let range = (Position(line: 0, character: units), Position(line: 0, character: units + 2))
        let replaced = document.replace(range, with: Array("nl".utf8), encoding: .utf16)
        #expect(replaced)
        #expect(String(decoding: document.text, as: UTF8.self) == text.replacingOccurrences(of: "NL", with: "nl"))
        // A finding's column (in scalars) converted back: the same unit count.
        let column = prefix.unicodeScalars.count + 1
        #expect(
            document.position(line: 1, scalarColumn: column, encoding: .utf16) == Position(line: 0, character: units))
        #expect(
            document.position(line: 1, scalarColumn: column, encoding: .utf8)
                == Position(line: 0, character: prefix.utf8.count))
    }

    @Test func utf8PositionsCountBytes() {
        // "<key>" is 5 bytes, é 2, 😀 4: x starts at 11.
        #expect(Self.edited((0, 11), (0, 12), "y", .utf8) == "<key>é😀y</key>\r\n<string>NL</string>\n")
        #expect(Self.edited((0, 5), (0, 7), "e", .utf8) == "<key>e😀x</key>\r\n<string>NL</string>\n")
    }

    @Test func editsAcrossLinesAndPastTheirEnds() {
        // CR LF ends the first line; a character past a line's end is its end.
        #expect(Self.edited((0, 100), (1, 8), "", .utf16) == "<key>é😀x</key>NL</string>\n")
        #expect(Self.edited((1, 8), (1, 10), "nl", .utf16) == "<key>é😀x</key>\r\n<string>nl</string>\n")
        // A line past the last is the end of the text.
        #expect(Self.edited((9, 0), (9, 0), "<!-- -->", .utf16) == Self.text + "<!-- -->")
        // A reversed range is the same range.
        #expect(Self.edited((1, 10), (1, 8), "fr", .utf8) == "<key>é😀x</key>\r\n<string>fr</string>\n")
    }

    @Test func findingsColumnsAreConvertedToTheEncoding() {
        let document = TextDocument(uri: "", path: "", version: 0, text: Array(Self.text.utf8))
        // Scalar column 8 is x: after <key> (5), é (1) and 😀 (1).
        #expect(document.position(line: 1, scalarColumn: 8, encoding: .utf16) == Position(line: 0, character: 8))
        #expect(document.position(line: 1, scalarColumn: 8, encoding: .utf8) == Position(line: 0, character: 11))
        #expect(document.position(line: 2, scalarColumn: 9, encoding: .utf8) == Position(line: 1, character: 8))
    }

    @Test func aChangeBeyondTheSizeLimitIsRefused() {
        var document = TextDocument(uri: "", path: "", version: 0, text: Array(Self.text.utf8))
        let huge = [UInt8](repeating: 0x20, count: TextDocument.maximumSize)
        let end = Position(line: 0, character: 0)
        let grown = document.replace((end, end), with: huge, encoding: .utf16)
        #expect(!grown)
        #expect(document.text == Array(Self.text.utf8))
        let tooLarge = document.replace(nil, with: huge + [0x20], encoding: .utf16)
        #expect(!tooLarge)
        let atTheLimit = document.replace(nil, with: huge, encoding: .utf16)
        #expect(atTheLimit)
    }
}
