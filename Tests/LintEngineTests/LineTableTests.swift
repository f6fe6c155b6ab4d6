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
}
