import EplintBase

// Reading: each file a lexer on a stack, line by line; a directive line goes to `directive`,
// text is held and printed in pieces.
extension PreprocessorRun {
    /// A file being read: its lexer, what waits to be printed, and what its end does. Included
    /// files are read from a stack of these, not by recursion (a level of it took 47 KB of stack
    /// in a debug build, and eplint runs on 512 KiB stacks).
    struct OpenFile {
        var lexer: CppLexer
        var pending: [CppToken] = []
        var atEnd = false
        // Under -traditional, clang takes an indented `#` line for text when it is the file's
        // first line or comes right after a directive line (its keep-whitespace lexer has
        // already left the line's start when it meets the `#`).
        var afterDirective = true
        var flushAt: Int
        let file: Int
        let depthAtStart: Int
        let floorOfIncluder: Int
        /// An included file's: its bytes and identity (for its guard), and the includer's line
        /// after the `#include`, where the printer goes on.
        var exit: (identity: String, bytes: [UInt8], lineAfter: Int)?
    }

    /// Reads a file and the files it includes, each where its `#include` is.
    mutating func process(_ text: LogicalText, lines: LineTable, file: Int) {
        var files = [open(text, lines: lines, file: file)]
        while !files.isEmpty {
            if let included = read(&files[files.count - 1]) {
                files.append(included)
            } else {
                close(files.removeLast())
            }
        }
    }

    mutating func open(
        _ text: LogicalText, lines: LineTable, file: Int,
        exit: (identity: String, bytes: [UInt8], lineAfter: Int)? = nil
    ) -> OpenFile {
        let lexer = CppLexer(
            text, lines: lines, traditional: traditional, lineComments: lineComments, file: file,
            spellingBase: reserveSpelling(text.bytes.count))
        defer { conditionalFloor = conditionals.count }
        return OpenFile(
            lexer: lexer, flushAt: textPiece, file: file, depthAtStart: conditionals.count,
            floorOfIncluder: conditionalFloor, exit: exit)
    }

    /// Reads `current` to its end (or a stop), or up to a quoted include, which it returns.
    mutating func read(_ current: inout OpenFile) -> OpenFile? {
        var line: [CppToken] = []
        while !current.atEnd && !stopped {
            line.removeAll(keepingCapacity: true)
            // An `#if`/`#elif` expression left in the lexer, evaluated as it is read.
            var streamed: StreamedCondition?
            // Whether the line's first token (but blanks) is `#`, once it is read; the line is
            // text, cut in pieces; part of it may be printed already.
            var startsWithHash: Bool?
            var significantTokens = 0
            var printedPart = false
            while true {
                guard let token = current.lexer.next() else {
                    current.atEnd = true
                    break
                }
                if token.kind == .newline {
                    line.append(token)
                    break
                }
                if startsWithHash == nil && token.kind != .whitespace && token.kind != .comment {
                    startsWithHash = token.isPunctuator("#") || token.isPunctuator("%:")
                }
                let isText = startsWithHash == false
                // What is never read is not held: the rest of a text line or of a directive
                // line in a group that is left out (but `#elif`, which may take it; under
                // -traditional, where blanks are tokens, directive lines are kept).
                if line.count >= 2 && !isActive
                    && (isText || (!traditional && !Self.mayTakeGroup(line[1].text)))
                {
                    continue
                }
                line.append(token)
                if !token.isBlank { significantTokens += 1 }
                if isText && isActive && holdsTooMuch(current.pending.count + line.count) {
                    // Held for a macro use that waits for its closing parenthesis, or a line
                    // of macro names with nowhere to cut it: paid for as it is read.
                    expander.exceedBudget(at: current.pending.first ?? line[0])
                    break
                }
                if isText && isActive && current.pending.count + line.count >= current.flushAt {
                    // After a token that is no macro's name, what follows cannot change how the
                    // text before it expands (a use still open is handed back); under
                    // -traditional, not after a blank (blanks in a row are joined).
                    if !namesMacro(token) && !token.isBlank {
                        if current.pending.isEmpty { swap(&current.pending, &line) } else { current.pending += line }
                        line.removeAll(keepingCapacity: true)
                        current.flushAt = printPiece(&current.pending)
                        printedPart = true
                    }
                } else if startsWithHash == true && holdsTooMuch(line.count) {
                    // A directive line is held whole (but a plain `#if`): it is paid for as it is read.
                    expander.exceedBudget(at: line[0])
                    break
                }
                // `#if` and `#elif` whose expression needs no replacement are evaluated from the
                // lexer: a megabyte expression is never held as tokens.
                if significantTokens == 2, startsWithHash == true, token.kind == .identifier,
                    token.text == "if" || token.text == "elif",
                    // (Under -traditional an indented `#` right after a directive line is text.)
                    !(traditional && current.afterDirective && line[0].kind == .whitespace),
                    let quoted = plainCondition(after: current.lexer)
                {
                    streamed = StreamedCondition(rest: ConditionLexerLine(lexer: current.lexer), quoted: quoted)
                    break
                }
            }
            let comments = current.lexer.takeComments()
            if stopped { break }
            if line.isEmpty && !printedPart { break }
            let first = line.firstIndex { $0.kind != .whitespace && $0.kind != .comment }
            let indentedAfterDirective = traditional && current.afterDirective && line.first?.kind == .whitespace
            current.afterDirective = false
            if let first, !printedPart, line[first].isPunctuator("#") || line[first].isPunctuator("%:"),
                !indentedAfterDirective
            {
                current.afterDirective = true
                if current.file == 0 { directiveLines.append(line[first].origin) }
                // Under -traditional the blanks before the '#' are printed (clang keeps them).
                if isActive && traditional { current.pending += line[..<first].filter { $0.kind == .whitespace } }
                flush(&current.pending)
                // A slice: a hostile directive line is not copied once more.
                let body = line[(first + 1)...].dropLast(line.last?.kind == .newline ? 1 : 0)
                directive(body, hash: line[first], lexer: &current.lexer, streamed: &streamed)
                if var rest = streamed?.rest {
                    // The lexer goes on after the line (read up to where the expression stopped).
                    rest.skipToLineEnd()
                    current.lexer = rest.lexer
                    // Comments on the directive line are not the next line's.
                    _ = current.lexer.takeComments()
                }
                // A quoted include is read next; this file goes on after it.
                if let included = entering {
                    entering = nil
                    return included
                }
            } else if isActive {
                // Taken whole when nothing waits: a megabyte line is not copied once more.
                if current.pending.isEmpty { swap(&current.pending, &line) } else { current.pending += line }
                if current.file == 0 {
                    for comment in comments { commentProblems.append(commentProblem(comment)) }
                }
                // Many short lines are printed in pieces too, cut after a line's last token
                // (but blanks, which go with the next piece) when it is no macro's name (whose
                // `(` may be on the next line).
                if current.pending.count >= current.flushAt,
                    let cut = current.pending.lastIndex(where: { !$0.isBlank }),
                    !namesMacro(current.pending[cut])
                {
                    let blanks = Array(current.pending[(cut + 1)...])
                    current.pending.removeSubrange((cut + 1)...)
                    current.flushAt = printPiece(&current.pending)
                    current.pending += blanks
                }
            }
        }
        return nil
    }

    mutating func close(_ closing: OpenFile) {
        var current = closing
        // What is left open at the end, in the order clang reports it there: the comment, the
        // conditionals (innermost first), then the macro use.
        if let origin = current.lexer.unterminatedComment, isActive {
            var error = PreprocessorNote.buildStop(
                "a comment ('/*') has no '*/' before the end of the file", origin: origin, file: current.file)
            error.metAt = Int.max - 2
            notes.append(error)
        }
        flush(&current.pending, atEnd: true)
        if conditionals.count > current.depthAtStart {
            let unclosed = conditionals.count - current.depthAtStart
            fail(
                "this conditional has no #endif before the end of the file"
                    + (unclosed > 1 ? " (nor \(unclosed - 1) enclosing it)" : ""),
                at: conditionals[conditionals.count - 1].hash, metAt: Int.max - 1)
            conditionals.removeLast(unclosed)
        }
        conditionalFloor = current.floorOfIncluder
        if let exit = current.exit {
            includeDepth -= 1
            // clang knows a guard once it has read the file to its end (not while it includes itself).
            if includeGuards[exit.identity] == nil,
                let guardName = Self.includeGuard(of: exit.bytes, traditional: traditional)
            {
                includeGuards[exit.identity] = guardName
            }
            // clang's printer starts a line at each change of file, and numbers from there.
            printer.renumber(to: exit.lineAfter)
        }
    }

    /// Whether tokens held for a line (or a macro use waiting for its `)`) outgrow the budget;
    /// a line of ordinary length never does, even when the budget is nearly spent.
    func holdsTooMuch(_ count: Int) -> Bool { count > Self.ordinaryLine && count > expander.remainingBudget }

    static let ordinaryLine = 4_096

    /// The directives that may take a group left out so far.
    static func mayTakeGroup(_ name: String) -> Bool {
        name == "elif" || name == "elifdef" || name == "elifndef"
    }

    func namesMacro(_ token: CppToken) -> Bool { token.kind == .identifier && macros.isDefined(token.text) }

    func commentProblem(_ comment: CppLexer.Comment) -> SyntaxProblem {
        let message =
            comment.isLineComment
            ? "the C preprocessor treats '//' as a comment and drops the rest of this line; add -traditional to INFOPLIST_OTHER_PREPROCESSOR_FLAGS (or `preprocessor-flags: [-traditional]`)"
            : "the C preprocessor treats '/*' as the start of a comment and drops everything up to the next '*/'; write the '*' as &#42; to keep it"
        return SyntaxProblem(
            kind: .preprocessorComment, message: message, position: sourceLines.position(of: comment.origin))
    }
}
