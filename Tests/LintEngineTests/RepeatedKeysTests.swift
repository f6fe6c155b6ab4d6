import EplintBase
import LintEngine
import PlistSyntax
import TestSupport
import Testing

/// Repeated keys are found by bytes when every key is ASCII and by Swift string equality
/// otherwise; both ways must give the same answer as the plain dictionary of strings.
@Suite struct RepeatedKeysTests {
    private func entries(_ keys: [String]) -> [PlistEntry] {
        keys.map {
            PlistEntry(
                key: $0, keyRange: SourceRange(start: .start, end: .start),
                value: PlistNode(content: .notRetained(.string), range: SourceRange(start: .start, end: .start)))
        }
    }

    /// What the rule must report: every later occurrence with the first one's index.
    private func expected(_ keys: [String]) -> [Pair] {
        var first: [String: Int] = [:]
        var pairs: [Pair] = []
        for (index, key) in keys.enumerated() {
            if let original = first[key] { pairs.append(Pair(index, original)) } else { first[key] = index }
        }
        return pairs
    }

    private struct Pair: Equatable, CustomStringConvertible {
        var index: Int, firstIndex: Int
        init(_ index: Int, _ firstIndex: Int) { (self.index, self.firstIndex) = (index, firstIndex) }
        var description: String { "\(index)->\(firstIndex)" }
    }

    private func found(_ keys: [String]) -> [Pair] {
        RepeatedKeys.find(in: entries(keys)).map { Pair($0.index, $0.firstIndex) }
    }

    @Test func asciiKeys() {
        #expect(found([]) == [])
        #expect(found(["a"]) == [])
        #expect(found(["a", "b", "a", "a", "c", "b"]) == [Pair(2, 0), Pair(3, 0), Pair(5, 1)])
        #expect(found(["", ""]) == [Pair(1, 0)])
        #expect(found(["Key", "key", "KEY"]) == [])
    }

    /// Many keys, some repeated, in an order that makes the probes wrap around the table.
    @Test func manyKeys() {
        var generator = SeededGenerator(seed: 0x52_4B_2026)
        let keys = (0..<20_000).map { _ in "Entry\(Int.random(in: 0..<15_000, using: &generator))" }
        let result = found(keys)
        #expect(result == expected(keys), "\(generator)")
        #expect(!result.isEmpty)
    }

    /// A non-ASCII key can equal an ASCII one as Swift strings (U+212A KELVIN SIGN is "K";
    /// "é" precomposed equals "e" + U+0301): the dict is then compared as strings.
    @Test func nonASCIIKeysCompareAsStrings() {
        let keys = ["K", "\u{212A}", "caf\u{E9}", "cafe\u{301}", "plain", "plain"]
        #expect(found(keys) == expected(keys))
        #expect(found(keys) == [Pair(1, 0), Pair(3, 2), Pair(5, 4)])
    }
}
