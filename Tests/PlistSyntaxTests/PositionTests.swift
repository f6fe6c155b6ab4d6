import EplintBase
import Foundation
import TestSupport
import Testing

@testable import PlistSyntax

/// Positions of `<` of every top-level key and value, as "line:column/utf16Column".
private func keyPositions(_ text: String, encodeAs encode: (String) -> [UInt8] = { Array($0.utf8) }) -> [String] {
    let document = PlistParser.parse(encode(text), options: PlistParseOptions(retention: .everything))
    #expect(document.fatalProblem == nil, "\(document.problems)")
    guard let entries = document.root?.dictionaryEntries else { return [] }
    return entries.flatMap { entry in
        [entry.keyRange.start, entry.value.range.start].map { "\($0.line):\($0.column)/\($0.utf16Column)" }
    }
}

private func utf16(_ text: String, bigEndian: Bool, bom: Bool) -> [UInt8] {
    var bytes: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
    for unit in text.utf16 {
        let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        bytes += bigEndian ? pair : pair.reversed()
    }
    return bytes
}

@Suite struct PositionTests {
    let plain = "<plist>\n<dict>\n\t<key>A</key>\t<string>x</string>\n</dict>\n</plist>\n"

    @Test func tabsCountOneColumn() {
        #expect(keyPositions(plain) == ["3:2/2", "3:15/15"])
    }

    @Test func lineEndsCRLFAndCR() {
        #expect(keyPositions(plain.replacingOccurrences(of: "\n", with: "\r\n")) == ["3:2/2", "3:15/15"])
        #expect(keyPositions(plain.replacingOccurrences(of: "\n", with: "\r")) == ["3:2/2", "3:15/15"])
    }

    @Test func multibyteAndEmojiBeforeTheElement() {
        let text = "<plist><dict><key>é</key><string>😀</string><key>b</key><!-- 😀é --><true/></dict></plist>"
        // <key>é</key> is 12 scalars, <string>😀</string> 18 (19 UTF-16 units).
        #expect(keyPositions(text) == ["1:14/14", "1:26/26", "1:44/45", "1:67/69"])
    }

    @Test func utf16WithAndWithoutBOM() {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist><dict>\n<key>😀</key><string>x</string></dict></plist>"
        let expected = ["3:1/1", "3:13/14"]
        #expect(keyPositions(text) { utf16($0, bigEndian: false, bom: true) } == expected)
        #expect(keyPositions(text) { utf16($0, bigEndian: true, bom: true) } == expected)
        #expect(keyPositions(text) { utf16($0, bigEndian: false, bom: false) } == expected)
        #expect(keyPositions(text) { utf16($0, bigEndian: true, bom: false) } == expected)
    }

    @Test func utf8BOMIsNotAColumn() {
        #expect(keyPositions("\u{FEFF}<dict><key>a</key><false/></dict>") == ["1:7/7", "1:19/19"])
    }

    @Test func positionsSurviveChunkBoundariesAndShrinking() {
        // Far more than one 256 KiB chunk, so libxml2 shrinks its buffer many times.
        var text = "<plist>\n<dict>\n"
        for index in 0..<40_000 { text += "\t<key>k\(index)</key>\r\n\t<string>é\(index)</string>\n" }
        text += "\t<key>last</key> <string>x</string>\n</dict>\n</plist>\n"
        let positions = keyPositions(text)
        #expect(positions.count == 80_002)
        #expect(positions.suffix(2) == ["80003:2/2", "80003:18/18"])
        #expect(positions[2 * 39_999] == "80001:2/2")
    }
}

@Suite struct DecodedTextWindowTests {
    /// Any order of queries gives what a fresh forward scan gives (CR, CRLF, LF, multibyte).
    @Test func backwardQueriesAgreeWithForwardScans() {
        let text = Array("ab\r\ncdé\rx😀y\n\nz\r\n".utf8)
        func fresh(_ offset: Int) -> SourcePosition {
            var window = DecodedTextWindow()
            window.append(text)
            return window.position(at: offset)
        }
        var window = DecodedTextWindow()
        window.append(text)
        let order = [10, 3, 12, 0, 7, 6, text.count, 1, 11, 4, 9]
        for offset in order { #expect(window.position(at: offset) == fresh(offset), "offset \(offset)") }
        #expect(fresh(4) == SourcePosition(offset: 4, line: 2, column: 1, utf16Column: 1))
        #expect(fresh(10) == SourcePosition(offset: 10, line: 3, column: 2, utf16Column: 2))
        #expect(fresh(14) == SourcePosition(offset: 14, line: 3, column: 3, utf16Column: 4))
    }
}

@Suite struct ByteCountTests {
    /// The 16-at-a-time counts agree with a byte-by-byte count for every range of a text
    /// dense in CR, LF and CR LF, including ranges shorter than one vector and block ends.
    @Test func vectorCountsAgreeWithPlainCounts() {
        var generator = SeededGenerator(seed: 0x42_43_2026)
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x41, 0x20]
        let text = (0..<9_000).map { _ in alphabet.randomElement(using: &generator)! }
        text.withUnsafeBufferPointer { buffer in
            let ranges = [
                (0, 0), (0, 1), (3, 18), (5, 21), (0, 4_080), (1, 4_097), (17, 9_000), (0, 9_000), (8_990, 9_000),
            ]
            for (from, to) in ranges {
                let slice = text[from..<to]
                #expect(
                    ByteCount.occurrences(of: 0x0A, in: buffer, from, to) == slice.filter { $0 == 0x0A }.count,
                    "\(generator)")
                #expect(
                    ByteCount.occurrences(of: 0x0D, in: buffer, from, to) == slice.filter { $0 == 0x0D }.count,
                    "\(generator)")
                let pairs = zip(slice, slice.dropFirst()).filter { $0 == 0x0D && $1 == 0x0A }.count
                #expect(
                    ByteCount.pairs(buffer, from, to, first: 0x0D, second: 0x0A) == pairs,
                    "\(from)..<\(to), \(generator)")
            }
        }
    }

    /// A window cut at a landmark (fewer bytes than asked) still positions every later byte
    /// as a fresh scan does.
    @Test func cuttingTheWindowKeepsPositions() {
        let line = Array("\t<key>é</key>\r\n".utf8)
        let text = (0..<20_000).flatMap { _ in line }
        var window = DecodedTextWindow()
        window.append(text)
        var reference = DecodedTextWindow()
        reference.append(text)
        for step in 1...20 {
            let offset = step * 14_999
            #expect(window.position(at: offset) == reference.position(at: offset))
            window.discard(before: offset - 70_000)
            #expect(window.position(at: offset - 3) == reference.position(at: offset - 3), "step \(step)")
        }
    }
}
