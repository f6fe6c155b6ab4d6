/// One preprocessing token, as clang's lexer makes it, with what the output printer and the
/// position map need to know about where it came from.
struct CppToken {
    enum Kind: UInt8 {
        case identifier, number, string, character, punctuator
        /// A character no other kind takes, or an unterminated ' or " literal (to the line's end).
        case other
        /// Under -traditional only: blanks and comments are tokens (clang's keep-whitespace mode).
        case whitespace, comment
        /// A line end (not printed in standard mode: the printer follows line numbers).
        case newline
        /// What an empty macro argument leaves next to `##`.
        case placemarker
        /// Inside the macro expander only: the end of a macro's replacement tokens (`text` is
        /// the macro's name), where the macro is enabled again.
        case endOfExpansion
    }

    // Stored compactly (40 bytes instead of 80): a hostile line holds millions of tokens, and
    // the expander keeps a few copies of them. Offsets and lines fit 32 bits (inputs are far
    // below 2 GiB); the flags share one byte. The properties read and write plain `Int`s and `Bool`s.
    var text: String
    /// Byte offset in the decoded text of the file it was spelled in (for a macro's tokens:
    /// where the macro was used).
    @Clamped<Int32> var origin: Int
    /// Where it was spelled, in one space for all files and definitions; two tokens whose
    /// spellings touch were adjacent in the source. -1: made by `#` or `##`.
    @Clamped<Int32> var spelling: Int
    /// Line and byte column (1-based) the printer places it at: for a macro's tokens, the use.
    @Clamped<Int32> var line: Int
    @Clamped<Int32> var column: Int
    /// The outermost macro use this token came from (index into the expansions), or -1.
    @Clamped<Int32> var expansion = -1
    /// 0: the plist itself; 1…: a prefix header.
    @Clamped<Int16> var file = 0
    var kind: Kind
    private var flags: Flags = .verbatim

    private struct Flags: OptionSet {
        var rawValue: UInt8
        static let leadingSpace = Flags(rawValue: 1)
        static let startOfLine = Flags(rawValue: 2)
        static let verbatim = Flags(rawValue: 4)
        static let noExpand = Flags(rawValue: 8)

        mutating func set(_ flag: Flags, _ on: Bool) { if on { insert(flag) } else { remove(flag) } }
    }

    init(kind: Kind, text: String, origin: Int, spelling: Int, line: Int, column: Int) {
        self.kind = kind
        self.text = text
        self.origin = origin
        self.spelling = spelling
        self.line = line
        self.column = column
    }

    var leadingSpace: Bool {
        get { flags.contains(.leadingSpace) }
        set { flags.set(.leadingSpace, newValue) }
    }
    var startOfLine: Bool {
        get { flags.contains(.startOfLine) }
        set { flags.set(.startOfLine, newValue) }
    }
    /// Spelled exactly as in the source (no line splice inside): an output byte maps to the same byte of the source.
    var verbatim: Bool {
        get { flags.contains(.verbatim) }
        set { flags.set(.verbatim, newValue) }
    }
    /// Painted: an identifier that named a macro while inside that macro's expansion.
    var noExpand: Bool {
        get { flags.contains(.noExpand) }
        set { flags.set(.noExpand, newValue) }
    }

    func isPunctuator(_ spelling: String) -> Bool { kind == .punctuator && text == spelling }
    var isBlank: Bool { kind == .whitespace || kind == .comment || kind == .newline }
}

/// An `Int` kept in a narrower integer (clamped to its range), to keep `CppToken` small.
@propertyWrapper
struct Clamped<Storage: FixedWidthInteger> {
    private var stored: Storage
    init(wrappedValue: Int) { stored = Storage(clamping: wrappedValue) }
    var wrappedValue: Int {
        get { Int(stored) }
        set { stored = Storage(clamping: newValue) }
    }
}

extension RandomAccessCollection where Element == CppToken {
    /// Whether an identifier's spelling passes `test`. The tokens are read in place:
    /// `contains(where:)` copied each one (a retain and a release of its text), and a hostile
    /// line has millions.
    func containsIdentifier(where test: (String) -> Bool) -> Bool {
        for index in indices where self[index].kind == .identifier {
            if test(self[index].text) { return true }
        }
        return false
    }

    var containsBlank: Bool { indices.contains { self[$0].isBlank } }
}

/// Translation phases 1 and 2 (line ends made `\n`, `\`-newline splices removed), keeping
/// for every byte its offset in the file: as the places where that offset jumps ahead (a CR
/// LF, a splice), not one offset a byte, which took eight times the file.
struct LogicalText {
    var bytes: [UInt8] = []
    /// Logical offsets from which the file offset is `offset + delta`, in order.
    private var jumps: [(offset: Int, delta: Int)] = []

    init(_ source: [UInt8]) {
        bytes.reserveCapacity(source.count)
        var index = 0
        let count = source.count
        while index < count {
            let byte = source[index]
            if byte == UInt8(ascii: "\\") {
                // clang splices a backslash, blanks and a line end (with a warning for the blanks).
                var next = index + 1
                while next < count, source[next] == 0x20 || source[next] == 0x09 { next += 1 }
                if next < count, source[next] == 0x0A || source[next] == 0x0D {
                    index = next + (source[next] == 0x0D && next + 1 < count && source[next + 1] == 0x0A ? 2 : 1)
                    continue
                }
            }
            if byte == 0x0D {
                append(0x0A, from: index)
                index += index + 1 < count && source[index + 1] == 0x0A ? 2 : 1
                continue
            }
            append(byte, from: index)
            index += 1
        }
    }

    private mutating func append(_ byte: UInt8, from origin: Int) {
        let delta = origin - bytes.count
        if delta != (jumps.last?.delta ?? 0) { jumps.append((bytes.count, delta)) }
        bytes.append(byte)
    }

    /// The file offset of the logical byte at `offset`.
    func origin(_ offset: Int) -> Int {
        var low = 0
        var high = jumps.count
        while low < high {
            let middle = (low + high) / 2
            if jumps[middle].offset <= offset { low = middle + 1 } else { high = middle }
        }
        return offset + (low == 0 ? 0 : jumps[low - 1].delta)
    }
}
