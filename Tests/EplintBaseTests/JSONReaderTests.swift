import EplintBase
import Foundation
import Testing

/// The JSON reader against RFC 8259 and against Foundation's JSONSerialization as an oracle.
@Suite struct JSONReaderTests {
    func read(_ text: String) -> JSONReader.Result { JSONReader.read(Array(text.utf8)) }

    func error(_ bytes: [UInt8]) -> String? {
        JSONReader.read(bytes).error.map { "\($0.position.line):\($0.position.column) \($0.message)" }
    }

    @Test func valuesKeepTheirPositionsInScalarsAndUTF16() throws {
        let result = read("{\n\t\"é😀\": [1, \"x\"],\r\n  \"b\": {\"c\": null}\n}")
        let root = try #require(result.root)
        guard case .object(let members) = root.value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["é😀", "b"])
        let array = members[0].value
        #expect((array.range.start.line, array.range.start.column, array.range.start.utf16Column) == (2, 8, 9))
        guard case .array(let items) = array.value else {
            Issue.record("not an array")
            return
        }
        #expect((items[1].range.start.column, items[1].range.end.column) == (12, 15))
        let c = try #require(members[1].value.member("c"))
        #expect((c.value.range.start.line, c.value.range.start.column) == (3, 14))
        #expect(c.value.range.start.offset == Array("{\n\t\"é😀\": [1, \"x\"],\r\n  \"b\": {\"c\": ".utf8).count)
    }

    @Test func stringsDecodeEscapesAndSurrogatePairs() throws {
        let root = try #require(read(#"["a\"\\\/\b\f\n\r\t", "\u00e9\uD83D\uDE00"]"#).root)
        guard case .array(let items) = root.value else {
            Issue.record("not an array")
            return
        }
        #expect(items.map(\.string) == ["a\"\\/\u{8}\u{C}\n\r\t", "é😀"])
    }

    @Test func duplicateKeysAreReportedWithBothPlaces() throws {
        let result = read("{\"a\": 1,\n \"x\": {\"b\": 1, \"b\": 2},\n \"a\": 3}")
        #expect(result.error == nil)
        #expect(
            result.duplicates.map {
                "\($0.keyPath) \($0.range.start.line):\($0.range.start.column) first \($0.first.start.line):\($0.first.start.column)"
            }
                == ["x.b 2:16 first 2:8", "a 3:2 first 1:2"])
    }

    @Test func syntaxErrorsSayWhatAndWhere() {
        #expect(error(Array("".utf8)) == "1:1 empty document: expected a JSON value")
        #expect(error(Array("{\"a\": 1,}".utf8)) == "1:9 unexpected '}': expected a string key")
        #expect(error(Array("[1,]".utf8)) == "1:4 unexpected ']': expected a JSON value")
        #expect(error(Array("[01]".utf8)) == "1:3 a number must not have a leading zero")
        #expect(error(Array("[1,\n 2".utf8)) == "2:3 unexpected end of input: unterminated array")
        #expect(error(Array("{\"a\": \"b".utf8)) == "1:9 unexpected end of input: unterminated string")
        #expect(error(Array("// c\n{}".utf8)) == "1:1 unexpected '/': expected a JSON value")
        #expect(error(Array("{} {}".utf8)) == "1:4 unexpected '{' after the JSON value")
        #expect(error(Array("[\"\\ud800\"]".utf8)) == "1:9 unpaired surrogate \\uD800")
        #expect(error(Array("[\"a\tb\"]".utf8)) == "1:4 control character byte 0x09 in a string must be escaped")
        #expect(error(Array("[tru]".utf8)) == "1:5 unexpected ']': expected 'true'")
        #expect(error(Array("[NaN]".utf8)) == "1:2 unexpected 'N': expected a JSON value")
    }

    @Test func invalidUTF8IsPlacedAtItsByte() {
        #expect(error([0x5B, 0x22, 0xC3, 0xA9, 0xFF, 0x22, 0x5D]) == "1:4 invalid UTF-8 (byte 0xFF)")
        #expect(error([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D]) == "1:3 invalid UTF-8 (byte 0xC0)")
        #expect(
            error([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D])
                == "1:3 invalid UTF-8 (overlong form, surrogate or beyond U+10FFFF)")
        #expect(error([0x5B, 0x22, 0xE2, 0x82]) == "1:3 invalid UTF-8 (a sequence cut short by the end of input)")
        #expect(error([0x5B, 0xC3, 0xA9, 0x5D]) == "1:2 unexpected byte 0xC3: expected a JSON value")
    }

    @Test func deepNestingIsBoundedNotACrash() {
        let depth = 100_000
        let deep =
            [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        #expect(error(deep) == "1:\(JSONReader.maximumDepth + 1) nesting deeper than \(JSONReader.maximumDepth) levels")
        let allowed =
            String(repeating: "{\"a\":", count: JSONReader.maximumDepth) + "1"
            + String(repeating: "}", count: JSONReader.maximumDepth)
        #expect(read(allowed).error == nil)
    }

    @Test func hugeNumbersAreKeptAsWritten() throws {
        let digits = String(repeating: "9", count: 100_000)
        let root = try #require(read("[\(digits), 1e999999, -0.5E-3, 9223372036854775807, 9223372036854775808]").root)
        guard case .array(let items) = root.value else {
            Issue.record("not an array")
            return
        }
        guard case .number(let first) = items[0].value else {
            Issue.record("not a number")
            return
        }
        #expect(first == digits)
        #expect(items.map(\.integer) == [nil, nil, nil, Int64.max, nil])
        #expect(items[4].typeName == "an integer")
    }

    @Test func truncatedDocumentsAreAllErrors() {
        let document = Array(
            #"{"requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad", "n": [1.5e3, true, null, "é😀"]}"#.utf8)
        for length in 0..<document.count {
            #expect(JSONReader.read(Array(document[..<length])).error != nil, "prefix of \(length) bytes accepted")
        }
        #expect(JSONReader.read(document).error == nil)
    }

    /// Foundation agrees on what is JSON (for documents without duplicate keys, which it resolves
    /// silently; and without trailing commas, which swift-foundation accepts against RFC 8259).
    @Test func agreesWithJSONSerialization() {
        let cases = [
            "{}", "[]", "0", "-0", "1.0e+2", "\"\\u0000\"", "{\"a\"}", "[.5]", "[1.]", "[-]", "[\"\\x\"]",
            "[true false]",
            "\u{FEFF}[1]", " \t\r\n[1] \n", "[1e5]", "{\"a\":{\"b\":[{}]}}", "[\"\u{7F}\"]", "nul", "[\"\\uDC00\"]",
        ]
        for text in cases {
            let ours = read(text).error == nil
            let foundation =
                (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
            #expect(ours == foundation, "\(text.debugDescription): eplint \(ours), Foundation \(foundation)")
        }
    }
}

extension JSONReaderTests {
    /// JSON Lines (or any whitespace-separated values) are handed over one at a time, up to an error.
    @Test func sequenceHandsOverEachValueThenStopsAtAnError() {
        var seen: [String] = []
        let error = JSONReader.readSequence(Array("{\"a\": 1}\n[2]\n\n3 x".utf8)) { value in
            seen.append("\(value.range.start.line):\(value.typeName)")
            return true
        }
        #expect(seen == ["1:an object", "2:an array", "4:an integer"])
        #expect(error?.position.line == 4 && error?.position.column == 3)
        var count = 0
        #expect(
            JSONReader.readSequence(Array("1 2 3".utf8)) { _ in
                count += 1
                return count < 2
            } == nil)
        #expect(count == 2)
        #expect(JSONReader.readSequence(Array("  \n".utf8)) { _ in true } == nil)
    }
}
