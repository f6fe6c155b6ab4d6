import EplintBase
import Testing

/// A line's bytes without its line end: LF, CR and CR LF each end one line.
@Suite struct LineTableTests {
    @Test(arguments: [
        ("", [""]),
        ("a", ["a"]),
        ("a\nb", ["a", "b"]),
        ("a\n", ["a", ""]),
        ("a\r\nb\rc\n", ["a", "b", "c", ""]),
        ("\r\r\n\n", ["", "", "", ""]),
        ("é\r\n\r", ["é", "", ""]),
    ])
    func linesWithoutTheirEnds(_ text: String, _ lines: [String]) {
        let bytes = Array(text.utf8)
        let table = LineTable(bytes)
        #expect(table.starts.count == lines.count)
        let read = (1...table.starts.count).map { String(decoding: bytes[table.range(ofLine: $0)], as: UTF8.self) }
        #expect(read == lines)
    }

    /// Positions on lines longer than the table's checkpoint stride are counted from the nearest
    /// checkpoint: each is the one a walk from the line's start gives, for 1- to 4-byte scalars.
    @Test func positionsOnLongLinesAreTheWalksOwn() {
        let first = String(repeating: "a\u{E9}\u{6F22}\u{1F600}<", count: 1_500)
        let second = String(repeating: "\u{1F600}x", count: 2_100)
        let text = first + "\r\n" + second + "\n" + first
        let bytes = Array(text.utf8)
        let table = LineTable(bytes)
        var offset = 0
        for (index, line) in [first, second, first].enumerated() {
            var column = 1
            var utf16Column = 1
            for scalar in line.unicodeScalars {
                let position = table.position(of: offset)
                #expect(
                    [position.line, position.column, position.utf16Column] == [index + 1, column, utf16Column],
                    "offset \(offset)")
                if position.column != column { return }
                offset += String(scalar).utf8.count
                column += 1
                utf16Column += scalar.utf16.count
            }
            offset += index == 0 ? 2 : 1
        }
    }
}
