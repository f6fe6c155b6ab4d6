/// clang's `-E -P` printer (PrintPreprocessedOutput): a token on a new source line starts a
/// new output line (blank lines are not kept, except the one a one-line jump gives), the
/// first token of a line is indented to its column, tokens are separated by one space where
/// the source had white space, or where they would otherwise lex as one (`- -`). Under
/// -traditional, blanks and line ends are tokens and print as they are.
struct OutputPrinter {
    private(set) var output: [UInt8] = []
    /// Where each printed token came from (a prefix header's text maps to no source offset).
    private(set) var segments: [PreprocessorPositionMap.Segment] = []
    private var currentLine = 1
    private var emittedTokensOnThisLine = false
    private var emittedDirectiveOnThisLine = false
    private var isStartOfLine = false
    private var previous: CppToken?
    private var beforePrevious: CppToken?
    private let traditional: Bool
    /// Per included file (`CppToken.file`): the plist's offset of the `#include` that brought it
    /// in, where its text maps to; absent (no offset) below a prefix header.
    var includeSites: [Int: Int] = [:]
    /// Output printed from a header's own text (not the plist's), one run per stretch of one
    /// file, with its first token's offset there: named in messages, never quoted (issue 45).
    private(set) var headerRuns: [(start: Int, end: Int, file: Int, origin: Int)] = []

    init(traditional: Bool) { self.traditional = traditional }

    /// Entering a file (a prefix header, then the plist) starts at its line 1.
    mutating func enterFile() {
        currentLine = 1
        if emittedTokensOnThisLine || emittedDirectiveOnThisLine {
            output.append(0x0A)
            emittedTokensOnThisLine = false
            emittedDirectiveOnThisLine = false
        }
    }

    /// `#line N` (clang's FileChanged, RenameFile): the next line is N, and a line with
    /// tokens on it is ended.
    mutating func renumber(to line: Int) {
        currentLine = line
        if emittedTokensOnThisLine || emittedDirectiveOnThisLine {
            output.append(0x0A)
            emittedTokensOnThisLine = false
            emittedDirectiveOnThisLine = false
        }
    }

    mutating func print(_ token: CppToken) {
        if token.kind == .newline && !traditional { return }
        if token.kind == .placemarker { return }
        isStartOfLine = isStartOfLine || token.startOfLine
        whitespace(before: token, requireSameLine: !isStartOfLine)
        if token.kind == .comment { return }
        if !token.text.isEmpty {
            record(token, use: token.expansion)
            output.append(contentsOf: token.text.utf8)
        }
        if token.kind == .newline || token.kind == .whitespace {
            currentLine += token.text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        emittedTokensOnThisLine = true
        isStartOfLine = false
    }

    /// A `#pragma` or `#ident` line, which clang passes on, on a line of its own.
    mutating func printDirective(_ name: String, _ tokens: [CppToken], at line: Int, asDirective: Bool) {
        _ = moveToLine(line, requireStartOfLine: true)
        output.append(contentsOf: Array(name.utf8))
        emittedTokensOnThisLine = true
        var first = true
        for token in tokens where !token.isBlank {
            if first || token.leadingSpace { output.append(0x20) }
            first = false
            record(token, use: -1)
            output.append(contentsOf: token.text.utf8)
        }
        if asDirective { emittedDirectiveOnThisLine = true }
    }

    private mutating func record(_ token: CppToken, use: Int) {
        let inPlist = token.file == 0
        if !inPlist {
            let end = output.count + token.text.utf8.count
            if let last = headerRuns.last, last.file == token.file,
                last.end == segments.last.map({ $0.outputStart + $0.length })
            {
                headerRuns[headerRuns.count - 1].end = end
            } else {
                headerRuns.append((output.count, end, token.file, token.origin))
            }
        }
        segments.append(
            PreprocessorPositionMap.Segment(
                outputStart: output.count, length: token.text.utf8.count,
                origin: inPlist ? token.origin : includeSites[token.file] ?? -1,
                verbatim: inPlist && token.verbatim, use: inPlist ? use : -1))
    }

    mutating func finish() -> [UInt8] {
        output.append(0x0A)
        return output
    }

    private mutating func whitespace(before token: CppToken, requireSameLine: Bool) {
        if (!requireSameLine || emittedDirectiveOnThisLine)
            && moveToLine(token, requireStartOfLine: emittedDirectiveOnThisLine)
        {
            var column = token.column
            if column == 1 && token.leadingSpace { column = 2 }
            if column <= 1 && token.isPunctuator("#") { output.append(0x20) }
            if column > 1 { output.append(contentsOf: repeatElement(0x20, count: column - 1)) }
        } else if token.leadingSpace
            || ((emittedTokensOnThisLine || emittedDirectiveOnThisLine)
                && AvoidConcatenation.needsSpace(beforePrevious, previous, token))
        {
            output.append(0x20)
        }
        beforePrevious = previous
        previous = token
    }

    private mutating func moveToLine(_ token: CppToken, requireStartOfLine: Bool) -> Bool {
        let isFirstInFile = token.startOfLine && token.line == 1
        return moveToLine(token.line, requireStartOfLine: requireStartOfLine) || isFirstInFile
    }

    /// clang's MoveToLine with line markers off and white space not minimised.
    private mutating func moveToLine(_ line: Int, requireStartOfLine: Bool) -> Bool {
        var startedNewLine = false
        if (requireStartOfLine && emittedTokensOnThisLine) || emittedDirectiveOnThisLine {
            output.append(0x0A)
            startedNewLine = true
            currentLine += 1
            emittedTokensOnThisLine = false
            emittedDirectiveOnThisLine = false
        }
        if currentLine == line {
        } else if !startedNewLine && line - currentLine == 1 {
            output.append(0x0A)
            startedNewLine = true
        } else if emittedTokensOnThisLine {
            output.append(0x0A)
            startedNewLine = true
        }
        if startedNewLine {
            emittedTokensOnThisLine = false
            emittedDirectiveOnThisLine = false
        }
        currentLine = line
        return startedNewLine
    }
}

/// clang's AvoidConcat: whether two tokens printed next to each other would lex differently,
/// so a space must go between them although the source had none.
enum AvoidConcatenation {
    private static let avoidEqual: Set<String> = [
        "!", "%", "&", "*", "+", "-", "/", "<", ">", "^", "|", "=", "<<", ">>",
    ]

    static func needsSpace(_ beforePrevious: CppToken?, _ previous: CppToken?, _ token: CppToken) -> Bool {
        guard let previous else { return false }
        // Adjacent where they were spelled: they lexed apart there, so they will again.
        if previous.spelling >= 0, token.spelling >= 0, previous.spelling + previous.text.utf8.count == token.spelling {
            return false
        }
        if previous.kind == .punctuator, avoidEqual.contains(previous.text), token.kind == .punctuator,
            token.text == "=" || token.text == "=="
        {
            return true
        }
        let first = token.text.utf8.first ?? 0
        func starts(_ character: Character) -> Bool { first == character.asciiValue! }
        switch previous.kind {
        case .identifier:
            if token.kind == .number { return !starts(".") }
            if token.kind == .identifier { return true }
            if token.kind == .string || token.kind == .character {
                // L"x", u8"x" … stay literals; a plain one after a prefix name must not join it.
                if token.text.hasPrefix("\"") || token.text.hasPrefix("'") {
                    return ["L", "u", "U", "u8"].contains(previous.text)
                }
                return true
            }
            return false
        case .number:
            return CppLexer.isIdentifierBody(first) && first != 0x24 || starts(".") || starts("+") || starts("-")
        case .punctuator:
            switch previous.text {
            case ".": return (starts(".") && beforePrevious?.isPunctuator(".") == true) || CppLexer.isDigit(first)
            case "&": return starts("&")
            case "+": return starts("+")
            case "-": return starts("-") || starts(">")
            case "/": return starts("*") || starts("/")
            case "<": return starts("<") || starts(":") || starts("%")
            case ">": return starts(">")
            case "|": return starts("|")
            case "%": return starts(">") || starts(":")
            case ":": return starts(">")
            case "#", "%:": return starts("#") || starts("@") || starts("%")
            default: return false
            }
        default:
            return false
        }
    }
}
