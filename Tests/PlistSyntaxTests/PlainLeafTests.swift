import TestSupport
import Testing

@testable import PlistSyntax

/// The shortcut for the common forms of leaf content (`AppleValueGrammar.isPlainlyAccepted`)
/// against the grammars it stands in for: it may only accept what they accept.
@Suite struct PlainLeafTests {
    private static let leaves: [PlistBuilder.Element] = [.integer, .real, .date, .data, .string, .key, .true, .false]

    private static func bytes(_ text: String) -> ArraySlice<UInt8> { ArraySlice(text.utf8) }

    private static func isPlain(_ element: PlistBuilder.Element, _ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { AppleValueGrammar.isPlainlyAccepted(element, text: $0) }
    }

    @Test func commonFormsTakeTheShortcut() {
        let plain: [(PlistBuilder.Element, String)] = [
            (.integer, "0"), (.integer, "-42"), (.integer, "007"), (.integer, "999999999999999999"),
            (.real, "1.5"), (.real, "-0.25"), (.real, "3"), (.real, "1e10"), (.real, "6.02E+23"), (.real, "1.5e-3"),
            (.date, "2024-01-31T12:00:00Z"), (.date, "2024-13-32T25:61:61Z"),
            (.data, "AAEC\n\t\tAw=="), (.data, ""), (.string, "com.example.app"), (.string, ""), (.key, "CFBundleName"),
            (.true, ""), (.false, ""),
        ]
        for (element, text) in plain {
            #expect(Self.isPlain(element, text), "\(element) \(text.debugDescription)")
            #expect(AppleValueGrammar.rejection(of: element, raw: Self.bytes(text), selfClosed: false) == nil)
        }
        // Left to the grammars: some of these are accepted, some refused.
        let unplain: [(PlistBuilder.Element, String)] = [
            (.integer, " 42"), (.integer, "+1"), (.integer, "0x1F"), (.integer, "1234567890123456789"), (.integer, ""),
            (.integer, "-"),
            (.real, "1."), (.real, ".5"), (.real, "nan"), (.real, "1e"), (.real, "-"), (.real, " 1.5"),
            (.real, "1.5<!-- c -->"),
            (.date, "2024-01-31T12:00:00Z "), (.date, "24-01-31T12:00:00Z"), (.date, "2024-01-31T12:00:00"),
            (.data, "\u{E9}"), (.data, "AA<!-- c -->"), (.string, "a &amp; b"), (.string, "<![CDATA[x]]>"),
            (.true, " "),
        ]
        for (element, text) in unplain {
            #expect(!Self.isPlain(element, text), "\(element) \(text.debugDescription)")
        }
    }

    /// Every leaf of the differential test's fragments, and random text over the characters
    /// the forms are made of: the shortcut never accepts what the grammars refuse.
    @Test func shortcutAcceptsOnlyWhatTheGrammarsAccept() {
        var texts = AppleParserDifferentialTests.fragments.map { fragment -> String in
            guard let open = fragment.firstIndex(of: ">"), let close = fragment.range(of: "</", options: .backwards)
            else { return "" }
            return open < close.lowerBound ? String(fragment[fragment.index(after: open)..<close.lowerBound]) : ""
        }
        var generator = SeededGenerator(seed: 0x50_4C_2026)
        let alphabet = Array("0123456789-+.eEx:TZ &<;#\n\u{E9}")
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...24, using: &generator)
            texts.append(String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        texts += ["2024-01-31T12:00:00Z", "-2024-01-31T12:00:00Z", "1234567890123456789", "-9223372036854775808"]
        var wrong: [String] = []
        for text in texts {
            for element in Self.leaves where Self.isPlain(element, text) {
                if let refusal = AppleValueGrammar.rejection(of: element, raw: Self.bytes(text), selfClosed: false) {
                    wrong.append("<\(element.rawValue)>\(text.debugDescription): \(refusal)")
                }
            }
        }
        #expect(wrong.isEmpty, "\(generator)\n\(wrong.prefix(20).joined(separator: "\n"))")
    }
}
