import Foundation
import Testing

/// Rule IDs in eplint's code are generated constants (`RuleID.ep203UrlHasQuery`, each rule type's
/// generated `id`), so an ID cannot be misspelt or lack its page. This test keeps it so: no
/// hand-written Swift file under Sources/ (Generated/ folders are the generator's) may hold a
/// string literal whose whole text is a rule ID, `EP` and three digits, as in `RuleID("EP203")`,
/// `rule: "EP203"`, `x ? "EP001" : "EP002"` or `rule.rawValue == "EP002"`. An ID inside longer
/// text is prose (a message's or help's "e.g. EP203"), as is anything in a comment.
@Suite struct RuleIDLiteralTests {
    static let sources = GeneratedFilesTests.packageDirectory + "/Sources"

    @Test func noHandWrittenSourceSpellsARuleID() throws {
        let files = FileManager.default.enumerator(atPath: Self.sources)?.compactMap { $0 as? String } ?? []
        let swiftFiles = files.filter { $0.hasSuffix(".swift") && !$0.split(separator: "/").contains("Generated") }
        #expect(swiftFiles.count > 100, "found only \(swiftFiles.count) Swift files under \(Self.sources)")
        for path in swiftFiles.sorted() {
            let text = try String(contentsOfFile: Self.sources + "/" + path, encoding: .utf8)
            for literal in Self.ruleIDLiterals(in: text) {
                Issue.record(
                    """
                    Sources/\(path):\(literal.line): "\(literal.text)" spells a rule ID; \
                    use its generated constant (RuleID.\(literal.text.lowercased())…)
                    """)
            }
        }
    }

    /// The rule itself, on the forms it must and must not catch.
    @Test func theRuleCatchesIDLiteralsAndLeavesProseAlone() {
        let flagged = """
            let a = RuleID("EP001")
            let b = RuleID(kind == .malformed ? "EP001" : "EP002")
            let c = diagnostics.contains { $0.rule.rawValue == "EP203" }
            let d = #"EP204"#
            let e = "value \\(x ? "EP205" : "")"
            """
        #expect(Self.ruleIDLiterals(in: flagged).map(\.text) == ["EP001", "EP001", "EP002", "EP203", "EP204", "EP205"])
        #expect(Self.ruleIDLiterals(in: flagged).map(\.line) == [1, 2, 2, 3, 4, 5])
        let prose = """
            // RuleID("EP001") in a comment
            /* "EP002" in a /* nested */ block comment */
            let help = "A rule ID such as EP203, or a rule name."
            let quoted = "a \\"EP204\\" in quotes"
            let lines = \"""
                "EP205"
                \"""
            let name = "EP000.md", prefix = "EP", long = "EP2031"
            """
        #expect(Self.ruleIDLiterals(in: prose).isEmpty)
    }

    /// The string literals of Swift source (comments skipped) whose whole text is a rule ID, with
    /// their lines. A literal inside an interpolation is a literal of its own.
    static func ruleIDLiterals(in source: String) -> [(text: String, line: Int)] {
        var lexer = LiteralLexer(bytes: Array(source.utf8))
        lexer.code()
        return lexer.literals.filter { literal in
            literal.text.utf8.count == 5 && literal.text.hasPrefix("EP")
                && literal.text.dropFirst(2).allSatisfy { ("0"..."9").contains($0) }
        }
    }
}

/// Just enough of Swift's lexical grammar to find string literals: comments (nested), plain,
/// multi-line and raw (`#"…"#`) strings, escapes and interpolations.
private struct LiteralLexer {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var literals: [(text: String, line: Int)] = []

    private func at(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private func starts(with text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return index + utf8.count <= bytes.count && Array(bytes[index..<index + utf8.count]) == utf8
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
    }

    /// Code up to the end, or to the `)` that closes an interpolation when `inInterpolation`.
    mutating func code(inInterpolation: Bool = false) {
        var depth = 0
        while let byte = at(0) {
            if starts(with: "//") {
                while let next = at(0), next != UInt8(ascii: "\n") { advance() }
            } else if starts(with: "/*") {
                blockComment()
            } else if byte == UInt8(ascii: "(") {
                depth += 1
                advance()
            } else if byte == UInt8(ascii: ")") {
                if inInterpolation && depth == 0 { return advance() }
                depth -= 1
                advance()
            } else if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"") {
                var hashes = 0
                while at(hashes) == UInt8(ascii: "#") { hashes += 1 }
                guard at(hashes) == UInt8(ascii: "\"") else {
                    advance(max(hashes, 1))
                    continue
                }
                advance(hashes)
                string(hashes: hashes)
            } else {
                advance()
            }
        }
    }

    private mutating func blockComment() {
        var depth = 0
        while at(0) != nil {
            if starts(with: "/*") {
                depth += 1
                advance(2)
            } else if starts(with: "*/") {
                depth -= 1
                advance(2)
                if depth == 0 { return }
            } else {
                advance()
            }
        }
    }

    /// From the opening quote; records the literal's text (an interpolation stands as `\(…)`).
    private mutating func string(hashes: Int) {
        let start = line
        let multiline = starts(with: "\"\"\"")
        let delimiter = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
        let escape = "\\" + String(repeating: "#", count: hashes)
        advance(multiline ? 3 : 1)
        var text: [UInt8] = []
        while let byte = at(0) {
            if starts(with: delimiter) {
                advance(delimiter.utf8.count)
                break
            } else if starts(with: escape) {
                advance(escape.utf8.count)
                if at(0) == UInt8(ascii: "(") {
                    advance()
                    code(inInterpolation: true)
                    text += Array("\\(…)".utf8)
                } else {
                    text += Array(escape.utf8) + (at(0).map { [$0] } ?? [])
                    advance()
                }
            } else {
                text.append(byte)
                advance()
            }
        }
        literals.append((String(decoding: text, as: UTF8.self), start))
    }
}
