import EplintBase
import Testing

/// Every report in JSON and SARIF is written by `JSONValue`: its escaping and layout, whole.
@Suite struct JSONValueTests {
    @Test func escapesWhatRFC8259AndJavaScriptNeedAndCopiesTheRest() {
        let text =
            "q\" b\\ n\n r\r rn\r\n t\t nul\u{0} us\u{1F} del\u{7F} ls\u{2028} ps\u{2029} e\u{301} \u{20AC}\u{1F600} {}"
        let document = JSONValue.object([
            ("text", .string(text)),
            ("key \"quoted\"", .array([.integer(-3), .bool(true), .null, .object([]), .array([])])),
            ("lazy", .elements(count: 2) { .array([.integer($0)]) }),
        ])
        let expected = """
            {
              "text": "q\\" b\\\\ n\\n r\\r rn\\r\\n t\\t nul\\u0000 us\\u001f del\u{7F} ls\\u2028 ps\\u2029 e\u{301} \u{20AC}\u{1F600} {}",
              "key \\"quoted\\"": [
                -3,
                true,
                null,
                {},
                []
              ],
              "lazy": [
                [
                  0
                ],
                [
                  1
                ]
              ]
            }

            """
        #expect(Array(document.serialized().utf8) == Array(expected.utf8))
    }

    @Test func nestingDeeperThanThePaddingKeptIndentsTwoSpacesALevel() {
        var value = JSONValue.null
        for _ in 0..<40 { value = .array([value]) }
        let lines = value.serialized().split(separator: "\n")
        #expect(lines.count == 81)
        #expect(lines[40] == Substring(String(repeating: " ", count: 80) + "null"))
    }

    /// Writing is a recursion: a value as deep as the JSON reader lets a payload be (256 levels;
    /// `eplint token --format json` writes a token's payload) is written on a test's thread,
    /// which has 512 KiB on macOS.
    @Test func aValueAsDeepAsTheJSONReaderAllowsIsWritten() {
        var value = JSONValue.integer(1)
        for level in 0..<256 { value = level % 2 == 0 ? .array([value]) : .object([("k", value)]) }
        let lines = value.serialized().split(separator: "\n")
        #expect(lines.count == 2 * 256 + 1)
        #expect(lines[256] == Substring(String(repeating: " ", count: 2 * 256) + "1"))
    }
}
