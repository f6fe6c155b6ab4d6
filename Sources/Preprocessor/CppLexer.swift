import EplintBase

/// clang's preprocessing lexer over one file: identifiers, pp-numbers, string and character
/// literals (an unterminated one runs to the line's end as one token, so `Don't` hides the
/// rest of its line from macros and comments), punctuators, comments.
struct CppLexer {
    struct Comment {
        var origin: Int
        var isLineComment: Bool
    }

    private let text: LogicalText
    /// Where a `/*` with no `*/` starts (clang's error where it is read outside a skipped group).
    private(set) var unterminatedComment: Int?
    private let lines: LineTable
    private let traditional: Bool
    private let lineComments: Bool
    private let file: Int
    /// Added to logical offsets to make spellings of different files distinct.
    private let spellingBase: Int
    private var index = 0
    private var atStartOfLine = true
    private var leadingSpace = false
    /// The line (0-based) of the last token made.
    private var lineHint = 0
    /// Comments met since the last `takeComments()`.
    private(set) var comments: [Comment] = []
    /// `#line` moves the line numbers the printer and `__LINE__` see.
    var lineDelta = 0

    init(_ text: LogicalText, lines: LineTable, traditional: Bool, lineComments: Bool, file: Int, spellingBase: Int) {
        self.text = text
        self.lines = lines
        self.traditional = traditional
        self.lineComments = lineComments
        self.file = file
        self.spellingBase = spellingBase
    }

    mutating func takeComments() -> [Comment] {
        defer { comments.removeAll() }
        return comments
    }

    private func byte(_ offset: Int) -> UInt8 { offset < text.bytes.count ? text.bytes[offset] : 0 }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    static func isIdentifierBody(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39) }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The next token, or nil at the end of the file.
    mutating func next() -> CppToken? {
        let bytes = text.bytes
        while index < bytes.count {
            let start = index
            let current = bytes[index]
            if current == 0x20 || current == 0x09 || current == 0x0B || current == 0x0C {
                while index < bytes.count,
                    bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0B || bytes[index] == 0x0C
                { index += 1 }
                if traditional { return make(.whitespace, start) }
                leadingSpace = true
                continue
            }
            if current == 0x0A {
                index += 1
                let token = make(.newline, start)
                atStartOfLine = true
                leadingSpace = false
                return token
            }
            if current == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
                comments.append(Comment(origin: text.origin(start), isLineComment: false))
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && byte(index + 1) == UInt8(ascii: "/"))
                { index += 1 }
                let terminated = index < bytes.count
                if !terminated { unterminatedComment = text.origin(start) }
                index = min(bytes.count, index + 2)
                // Unterminated, clang's keep-whitespace lexer returns the rest of the file as one unknown token.
                if traditional { return make(terminated ? .comment : .other, start) }
                leadingSpace = true
                continue
            }
            if current == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "/") && lineComments && !traditional {
                comments.append(Comment(origin: text.origin(start), isLineComment: true))
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                leadingSpace = true
                continue
            }
            return lexToken(start)
        }
        return nil
    }

    private mutating func lexToken(_ start: Int) -> CppToken {
        let bytes = text.bytes
        let current = bytes[index]
        // Encoding prefixes of literals: L, u, U, u8.
        if current == UInt8(ascii: "L") || current == UInt8(ascii: "U") || current == UInt8(ascii: "u") {
            var quote = index + 1
            if current == UInt8(ascii: "u") && byte(quote) == UInt8(ascii: "8") { quote += 1 }
            if byte(quote) == UInt8(ascii: "\"") || byte(quote) == UInt8(ascii: "'") {
                index = quote
                return lexLiteral(start, quote: bytes[quote])
            }
        }
        if Self.isIdentifierStart(current) {
            if current >= 0x80 {
                let scalar = UnicodeIdentifiers.scalar(in: bytes, at: index)
                guard UnicodeIdentifiers.canStart(scalar.value) else {
                    index += scalar.length
                    return make(.other, start)
                }
            }
            skipIdentifierBody()
            return make(.identifier, start)
        }
        if Self.isDigit(current) || (current == UInt8(ascii: ".") && Self.isDigit(byte(index + 1))) {
            index += 1
            while index < bytes.count {
                let body = bytes[index]
                let previous = bytes[index - 1]
                if body == UInt8(ascii: "+") || body == UInt8(ascii: "-"),
                    previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") || previous == UInt8(ascii: "p")
                        || previous == UInt8(ascii: "P")
                {
                    index += 1
                } else if body == UInt8(ascii: ".") {
                    index += 1
                } else if Self.isIdentifierBody(body) && body != 0x24 {
                    let before = index
                    skipIdentifierBody(number: true)
                    if index == before { break }
                } else {
                    break
                }
            }
            return make(.number, start)
        }
        if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") { return lexLiteral(start, quote: current) }
        if let length = Self.punctuatorLength(bytes, at: index) {
            index += length
            return make(.punctuator, start)
        }
        index += 1
        return make(.other, start)
    }

    /// The rest of an identifier or pp-number: ASCII letters, digits, `_`, `$`, and any
    /// non-ASCII character but Unicode white space.
    private mutating func skipIdentifierBody(number: Bool = false) {
        let bytes = text.bytes
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 {
                let scalar = UnicodeIdentifiers.scalar(in: bytes, at: index)
                guard UnicodeIdentifiers.canContinue(scalar.value) else { return }
                index += scalar.length
            } else if Self.isIdentifierBody(byte) && !(number && byte == 0x24) {
                index += 1
            } else {
                return
            }
        }
    }

    /// A string or character literal; unterminated, it runs to the line's end and is `other`
    /// (clang: "missing terminating ' character", and the line's rest is one unknown token).
    private mutating func lexLiteral(_ start: Int, quote: UInt8) -> CppToken {
        let bytes = text.bytes
        index += 1
        while index < bytes.count {
            let body = bytes[index]
            if body == quote {
                index += 1
                return make(quote == UInt8(ascii: "\"") ? .string : .character, start)
            }
            if body == 0x0A { break }
            if body == UInt8(ascii: "\\") && index + 1 < bytes.count && bytes[index + 1] != 0x0A { index += 1 }
            index += 1
        }
        return make(.other, start)
    }

    /// The length of the punctuator at `index` (longest match), or nil. Compared byte by
    /// byte: it runs once per punctuator of a file that may be megabytes of them.
    static func punctuatorLength(_ bytes: [UInt8], at index: Int) -> Int? {
        let count = bytes.count
        let first = bytes[index]
        // No punctuator has a NUL: past the end reads as one and matches nothing.
        let second: UInt8 = index + 1 < count ? bytes[index + 1] : 0
        let third: UInt8 = index + 2 < count ? bytes[index + 2] : 0
        if first == UInt8(ascii: "%") && second == UInt8(ascii: ":") && third == UInt8(ascii: "%")
            && index + 3 < count && bytes[index + 3] == UInt8(ascii: ":")
        {
            return 4
        }
        if (first == UInt8(ascii: ".") && second == UInt8(ascii: ".") && third == UInt8(ascii: "."))
            || ((first == UInt8(ascii: "<") || first == UInt8(ascii: ">")) && second == first
                && third == UInt8(ascii: "="))
        {
            return 3
        }
        if isTwoBytePunctuator(first, second) { return 2 }
        return oneBytePunctuators[Int(first)] ? 1 : nil
    }

    /// `->` `++` `--` `<<` `>>` `<=` `>=` `==` `!=` `&&` `||` `*=` `/=` `%=` `+=` `-=` `&=` `^=` `|=` `##` `<:` `:>` `<%` `%>` `%:`.
    private static func isTwoBytePunctuator(_ first: UInt8, _ second: UInt8) -> Bool {
        let equals = second == UInt8(ascii: "=")
        switch first {
        case UInt8(ascii: "<"):
            return equals || second == UInt8(ascii: "<") || second == UInt8(ascii: ":") || second == UInt8(ascii: "%")
        case UInt8(ascii: ">"): return equals || second == UInt8(ascii: ">")
        case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "^"):
            return equals
        case UInt8(ascii: "%"): return equals || second == UInt8(ascii: ">") || second == UInt8(ascii: ":")
        case UInt8(ascii: "+"): return equals || second == UInt8(ascii: "+")
        case UInt8(ascii: "-"): return equals || second == UInt8(ascii: "-") || second == UInt8(ascii: ">")
        case UInt8(ascii: "&"): return equals || second == UInt8(ascii: "&")
        case UInt8(ascii: "|"): return equals || second == UInt8(ascii: "|")
        case UInt8(ascii: "#"): return second == UInt8(ascii: "#")
        case UInt8(ascii: ":"): return second == UInt8(ascii: ">")
        default: return false
        }
    }

    private static let oneBytePunctuators: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "[](){}.&*+-~!/%<>^|?:;=,#".utf8 { table[Int(byte)] = true }
        return table
    }()

    /// The spelling of every one-byte ASCII token, made once: most tokens of a hostile line
    /// are one byte, and decoding each anew was a tenth of the run.
    private static let oneByteSpellings: [String] = (0..<128).map { String(decoding: [UInt8($0)], as: UTF8.self) }

    private static func spelling(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String {
        if end - start == 1, bytes[start] < 0x80 { return oneByteSpellings[Int(bytes[start])] }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private mutating func make(_ kind: CppToken.Kind, _ start: Int) -> CppToken {
        let origin = text.origin(start)
        let lastOrigin = text.origin(index - 1)
        let line = lines.line(of: origin, after: &lineHint)
        var token = CppToken(
            kind: kind, text: Self.spelling(text.bytes, start, index), origin: origin,
            spelling: spellingBase + start, line: line + lineDelta, column: origin - lines.starts[line - 1] + 1)
        token.leadingSpace = leadingSpace
        token.startOfLine = atStartOfLine
        token.verbatim = lastOrigin - origin == index - 1 - start
        token.file = file
        // clang, keeping blanks (-traditional): blanks that a line splice runs into or through print after one more space.
        if kind == .whitespace
            && (!token.verbatim || (start > 0 && text.bytes[start - 1] != 0x0A && origin - text.origin(start - 1) > 1))
        {
            token.leadingSpace = true
        }
        if kind != .newline {
            atStartOfLine = false
            leadingSpace = false
        }
        return token
    }
}

/// The rest of a directive line, read from the lexer; it ends at the line's end, which it
/// reads. Under -traditional, blanks are tokens: they are read past as directives read them
/// (white space becomes the next token's leading space; comments vanish).
struct ConditionLexerLine: ConditionTokens {
    private(set) var lexer: CppLexer
    private var ended = false

    init(lexer: CppLexer) { self.lexer = lexer }

    mutating func next() -> CppToken? {
        var space = false
        while !ended, var token = lexer.next(), token.kind != .newline {
            if token.kind == .whitespace {
                space = true
                continue
            }
            if token.kind == .comment { continue }
            if space { token.leadingSpace = true }
            return token
        }
        ended = true
        return nil
    }

    mutating func skipToLineEnd() {
        while next() != nil {}
    }
}
