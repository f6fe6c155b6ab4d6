import Foundation
import TestSupport
import Testing

@testable import XcodeProject

/// The reader against Foundation's `PropertyListSerialization` (CoreFoundation's own
/// old-style parser, on Linux too): the same tree for every project.pbxproj of the corpus,
/// and for the grammar's corners.
@Suite struct OpenStepReaderTests {
    static let corpus = SharedData.Item.xcodeproj.url

    static let pbxprojFiles: [String] = {
        guard let walker = FileManager.default.enumerator(atPath: corpus.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix("project.pbxproj") }.sorted()
    }()

    /// Foundation's value as the reader's shape: strings, data, arrays, dictionaries.
    static func converted(_ value: Any) -> OpenStepValue? {
        switch value {
        case let text as String: return .string(text)
        case let data as Data: return .data(Array(data))
        case let items as [Any]:
            let converted = items.compactMap(Self.converted)
            return converted.count == items.count ? .array(converted) : nil
        case let dictionary as [String: Any]:
            var result = OpenStepDictionary()
            for key in dictionary.keys.sorted() {
                guard let value = converted(dictionary[key]!) else { return nil }
                result.set(key, value)
            }
            return .dictionary(result)
        default: return nil
        }
    }

    /// Dictionaries compared without their order (Foundation does not keep it).
    static func sameTree(_ left: OpenStepValue, _ right: OpenStepValue) -> Bool {
        switch (left, right) {
        case (.dictionary(let a), .dictionary(let b)):
            return a.count == b.count && a.keys.allSatisfy { key in b[key].map { sameTree(a[key]!, $0) } ?? false }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { sameTree($0, $1) }
        default:
            return left == right
        }
    }

    static func foundation(_ bytes: [UInt8]) -> OpenStepValue? {
        guard let value = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        else { return nil }
        return converted(value)
    }

    @Test(.requires(.xcodeproj))
    func everyCorpusProjectReadsAsFoundationReadsIt() throws {
        for file in Self.pbxprojFiles {
            let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(file)))
            let expected = try #require(Self.foundation(bytes), "Foundation cannot read \(file)")
            let read = try OpenStepReader.parse(bytes)
            #expect(Self.sameTree(read, expected), "\(file) reads differently from Foundation")
        }
    }

    @Test(arguments: [
        "// !$*UTF8*$!\n{ a = b; }",
        "{ \"quoted key\" = \"with \\\"escapes\\\" \\\\ \\n \\t \\a \\b \\f \\v \\r done\"; }",
        "{ single = 'it''s'; }",
        "{ path = Source/Foo.m; url = http://x.org/a-b_c$d:e; }",
        "{ list = (a, \"b c\", (nested), {k = v;}, ); empty = (); }",
        "{ data = <0fA1 2b3c>; empty = <>; }",
        "{ /* block\n comment */ a = /* inside */ b; // line comment\n c = d; }",
        "{ unicode = \"\\U00e9\\U20AC \\UD83D\\UDE00\"; octal = \"\\101\\351\\377\"; raw = \"Δ ü\"; }",
        "{ a = b; a = c; }",
        "\u{FEFF}{ bom = yes; }",
        "(one, two)",
        "{ unterminated = \"abc; }",
        "{ missing = semicolon }",
        "{ odd = <abc>; }",
        "{ a = b; } trailing",
    ])
    func gramarCornersMatchFoundation(_ text: String) throws {
        let bytes = Array(text.utf8)
        let expected = Self.foundation(bytes)
        let read = try? OpenStepReader.parse(bytes)
        if let expected {
            let value = try #require(read, "eplint rejects what Foundation reads: \(text)")
            #expect(Self.sameTree(value, expected), "\(text)")
        } else {
            #expect(read == nil, "eplint reads what Foundation rejects: \(text)")
        }
    }

    @Test func errorsSayWhereReadingStopped() {
        #expect(throws: OpenStepError(message: "expected ';' after the value of \"b\"", line: 4)) {
            try OpenStepReader.parse(Array("{\na = x;\nb = c\n}".utf8))
        }
        #expect(throws: OpenStepError(message: "unterminated quoted string", line: 2)) {
            try OpenStepReader.parse(Array("{\na = \"x;\n}".utf8))
        }
    }
}
