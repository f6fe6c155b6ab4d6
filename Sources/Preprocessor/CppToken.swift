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

    var kind: Kind
    var text: String
    /// Byte offset in the decoded text of the file it was spelled in (for a macro's tokens:
    /// where the macro was used).
    var origin: Int
    /// Where it was spelled, in one space for all files and definitions; two tokens whose
    /// spellings touch were adjacent in the source. -1: made by `#` or `##`.
    var spelling: Int
    /// Line and byte column (1-based) the printer places it at: for a macro's tokens, the use.
    var line: Int
    var column: Int
    var leadingSpace = false
    var startOfLine = false
    /// Spelled exactly as in the source (no line splice inside): an output byte maps to the same byte of the source.
    var verbatim = true
    /// Painted: an identifier that named a macro while inside that macro's expansion.
    var noExpand = false
    /// The outermost macro use this token came from (index into the expansions), or -1.
    var expansion = -1
    /// 0: the plist itself; 1…: a prefix header.
    var file = 0

    func isPunctuator(_ spelling: String) -> Bool { kind == .punctuator && text == spelling }
    var isBlank: Bool { kind == .whitespace || kind == .comment || kind == .newline }
}

/// Translation phases 1 and 2 (line ends made `\n`, `\`-newline splices removed), keeping
/// for every byte its offset in the file.
struct LogicalText {
    var bytes: [UInt8] = []
    var origins: [Int] = []

    init(_ source: [UInt8]) {
        bytes.reserveCapacity(source.count)
        origins.reserveCapacity(source.count)
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
                bytes.append(0x0A)
                origins.append(index)
                index += index + 1 < count && source[index + 1] == 0x0A ? 2 : 1
                continue
            }
            bytes.append(byte)
            origins.append(index)
            index += 1
        }
    }
}
