import EplintBase
import TestSupport
import Testing

@testable import PlistSyntax

/// Long comments are cut from what libxml2 reads (`CommentCutter`): the parse must be the
/// parse without cutting, whatever the comment holds and wherever the reads split it.
@Suite struct CommentCuttingTests {
    /// Reads of random sizes, tiny ones among them, so that chunks split every kind of place.
    struct RandomReadsSource: ByteSource {
        let bytes: [UInt8]
        var offset = 0
        var generator: SplitMix64

        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int {
            let wanted =
                Int.random(in: 0..<10, using: &generator) == 0
                ? Int.random(in: 1...8, using: &generator) : Int.random(in: 1...90_000, using: &generator)
            let count = min(wanted, buffer.count, bytes.count - offset)
            guard count > 0 else { return 0 }
            bytes.withUnsafeBytes {
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count]))
            }
            offset += count
            return count
        }

        mutating func rewind() { offset = 0 }
    }

    /// Read in random sizes (seed odd), or in whole chunks as from a file (seed even).
    private static func parse(_ bytes: [UInt8], seed: UInt64, cutting: Bool) -> PlistDocument {
        var options = PlistParseOptions()
        options.cutsLongComments = cutting
        guard seed % 2 == 1 else { return PlistParser.parse(bytes, options: options) }
        var source = RandomReadsSource(bytes: bytes, generator: SplitMix64(seed: seed))
        do {
            return try PlistParser.parse(&source, options: options)
        } catch {
            // The source never fails a read: a throw is the parser's fault, not an empty document.
            Issue.record("seed \(seed): the parse threw \(error)")
            return PlistDocument(root: nil, problems: [], comments: [])
        }
    }

    /// Everything a parse tells, positions included.
    private static func summary(_ document: PlistDocument) -> String {
        let comments = document.comments.map {
            "\($0.range) \($0.nextElement.map { "\($0)" } ?? "-") \($0.isWhole) \($0.text.utf8.count) \($0.text.hashValue)"
        }
        return "\(document.problems)\n\(comments)\n\(document.root.map { "\($0)" } ?? "no root")"
    }

    /// A comment body of about `length` bytes from the pieces a hostile or real comment holds:
    /// text, line ends of every kind, single hyphens, multibyte characters.
    private static func body(length: Int, using generator: inout SplitMix64) -> [UInt8] {
        let mixed: [[UInt8]] = [
            Array("lorem ipsum ".utf8), Array("x".utf8), Array("-".utf8), Array("a-b".utf8), Array("\n".utf8),
            Array("\r\n".utf8),
            Array("\r".utf8), Array("\t".utf8), Array("\u{E9}".utf8), Array("\u{20AC}".utf8), Array("\u{1D11E}".utf8),
            Array("\u{6F22}\u{5B57}".utf8),
            Array("<>&'\"".utf8), Array("\u{7F}".utf8), Array("\u{FFFD}".utf8), Array(" -\u{E9}- ".utf8),
        ]
        // Dense multibyte text, where every read and every cut ends inside or next to one.
        let multibyte: [[UInt8]] = [
            Array("\u{E9}\n".utf8), Array("\u{E9}".utf8), Array("\u{20AC}".utf8), Array("\u{1D11E}".utf8),
            Array("\u{6F22}".utf8), Array("-\u{E9}".utf8),
        ]
        // Line ends, which libxml2 hands over as LF: its text is shorter than the comment.
        let lineEnds: [[UInt8]] = [
            Array("\r\n".utf8), Array("\r".utf8), Array("x\r\n".utf8), Array("\r\n\r\n\u{E9}".utf8),
        ]
        let pieces = [mixed, multibyte, lineEnds].randomElement(using: &generator)!
        var bytes: [UInt8] = []
        while bytes.count < length {
            let piece = pieces.randomElement(using: &generator)!
            // Two hyphens in a row would end (or break) the comment.
            if piece.first == UInt8(ascii: "-") && bytes.last == UInt8(ascii: "-") { continue }
            bytes += piece
            if pieces.count == mixed.count && Int.random(in: 0..<4, using: &generator) == 0 {
                bytes += Array(repeating: UInt8(ascii: "y"), count: Int.random(in: 1...4_000, using: &generator))
            }
        }
        if bytes.last == UInt8(ascii: "-") { bytes.append(UInt8(ascii: "z")) }
        return bytes
    }

    /// What may go wrong inside a long comment, somewhere past the part libxml2 keeps.
    private static let faults: [[UInt8]] = [
        Array("--".utf8), Array("-- ".utf8), Array("--->".utf8), [0x01], [0xFF], [0xC3], [0xE2, 0x82],
        [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBE],
        [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], Array("<!--".utf8),
    ]

    private static func document(using generator: inout SplitMix64) -> [UInt8] {
        var body = Self.body(length: Int.random(in: 66_000...420_000, using: &generator), using: &generator)
        if Int.random(in: 0..<3, using: &generator) == 0 {
            let fault = Self.faults.randomElement(using: &generator)!
            let at = Int.random(in: 60_000...body.count, using: &generator)
            body.insert(contentsOf: fault, at: at)
        }
        if Int.random(in: 0..<5, using: &generator) == 0 { body = Array(" eplint:disable EP203 ".utf8) + body }
        let comment =
            Array("<!--".utf8) + body + (Int.random(in: 0..<12, using: &generator) == 0 ? [] : Array("-->".utf8))
        let head = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
        let doctype = Array(
            "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
                .utf8)
        let open = Array("<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>a</string>\n".utf8)
        let after = Array("\n\t<key>SKExternalPurchase</key>\n\t<array><string>nl</string></array>\n".utf8)
        let close = Array("</dict>\n</plist>\n".utf8)
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return head + comment + Array("\n".utf8) + open + after + close
        case 1: return head + doctype + Array("  ".utf8) + comment + Array("\n".utf8) + open + after + close
        case 2: return head + open + after + close + comment + Array("\n".utf8)
        case 3:
            return head + open + Array("\t<key>B</key>\n\t<string>text".utf8) + comment + Array("more</string>".utf8)
                + after + close
        case 4:
            return head + open + Array("\t<key>C</key>\n\t<array>\n\t\t".utf8) + comment
                + Array("\n\t\t<integer>1</integer>\n\t</array>".utf8) + after + close
        // libxml2's messages name the line of an element's start tag: after the comment here.
        case 5: return head + open + comment + Array("\n\t<key>D\n\t</k>".utf8) + after + close
        case 6: return head + open + comment + Array("\n\t<array>\n\t\t<string>unclosed".utf8)
        default: return head + open + Array("\t".utf8) + comment + after + close
        }
    }

    @Test func cuttingChangesNothingTheParseTells() {
        var generator = SplitMix64(seed: 0x2026_1124)
        var cut = 0
        var whole = 0
        for round in 0..<150 {
            let bytes = Self.document(using: &generator)
            let seed = UInt64(round) &* 7_918 &+ UInt64(round % 2)
            let plain = Self.parse(bytes, seed: seed, cutting: false)
            let cutting = Self.parse(bytes, seed: seed, cutting: true)
            #expect(plain.bytesCutFromComments == 0)
            #expect(Self.summary(cutting) == Self.summary(plain), "round \(round)")
            if cutting.bytesCutFromComments > 0 { cut += 1 } else { whole += 1 }
        }
        // Both kinds were met: most comments are cut, and the faults keep some whole.
        #expect(cut > 35, "\(cut) cut, \(whole) whole")
        #expect(whole > 5, "\(cut) cut, \(whole) whole")
    }

    @Test func aLongCommentKeepsItsFirstBytesInWholeCharacters() throws {
        // 65,535 bytes of "x", then a two-byte character across the limit.
        let body =
            " " + String(repeating: "x", count: PlistComment.textLimit - 2) + "\u{E9}"
            + String(repeating: "y", count: 600_000)
        let prefix = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n"
        let bytes = Array("\(prefix)<!--\(body)-->\n<key>A</key>\n<true/>\n</dict>\n</plist>\n".utf8)
        let document = Self.parse(bytes, seed: 1, cutting: true)
        #expect(document.bytesCutFromComments > 200_000)
        #expect(document.problems.isEmpty)
        let comment = try #require(document.comments.first)
        #expect(!comment.isWhole)
        #expect(comment.text == " " + String(repeating: "x", count: PlistComment.textLimit - 2))
        #expect(comment.range.start.offset == prefix.utf8.count)
        #expect(comment.range.end.offset == prefix.utf8.count + 4 + body.utf8.count + 3)
        #expect(comment.nextElement?.start.line == 5)
    }

    /// With a tail of one byte: the last character is handed on.
    @Test func cutterHandsOnTheLastCharacterAndStopsAtTwoHyphens() {
        func plan(
            _ text: [UInt8], _ entry: CommentCutter.Entry = .init(afterHyphen: false, pendingContinuationBytes: 0)
        ) -> (CommentCutter.Plan, Bool) {
            var cutter = CommentCutter(handedTail: 1)
            cutter.begin(entry)
            let plan = text.withUnsafeBufferPointer { cutter.plan($0) }
            return (plan, cutter.isCutting)
        }
        // Cut up to the last character; that one is handed.
        #expect(plan(Array("abcdef".utf8)) == (CommentCutter.Plan(cutStart: 0, resume: 5), true))
        // A trailing hyphen is handed with the character before it.
        #expect(plan(Array("abc-".utf8)) == (CommentCutter.Plan(cutStart: 0, resume: 2), true))
        // `--`: cutting stops before the last character ahead of it.
        #expect(plan(Array("ab-c--> after".utf8)) == (CommentCutter.Plan(cutStart: 0, resume: 3), false))
        // A hyphen handed last, then one first: `--` across the chunks, nothing cut.
        #expect(
            plan(Array("-->".utf8), .init(afterHyphen: true, pendingContinuationBytes: 0)) == (
                CommentCutter.Plan(cutStart: 0, resume: 0), false
            ))
        // The rest of a character begun in the last chunk is handed first.
        #expect(
            plan([0xA9] + Array("abc".utf8), .init(afterHyphen: false, pendingContinuationBytes: 1)) == (
                CommentCutter.Plan(cutStart: 1, resume: 3), true
            ))
        // A character split by the chunk's end is handed with the last whole one.
        #expect(plan(Array("abc".utf8) + [0xE2, 0x82]) == (CommentCutter.Plan(cutStart: 0, resume: 2), true))
        // Anything libxml2 might refuse stops the cutting before it.
        #expect(
            plan(Array("abc".utf8) + [0x01] + Array("def".utf8)) == (CommentCutter.Plan(cutStart: 0, resume: 2), false))
        #expect(plan(Array("ab".utf8) + [0xEF, 0xBF, 0xBF]) == (CommentCutter.Plan(cutStart: 0, resume: 1), false))
    }
}
