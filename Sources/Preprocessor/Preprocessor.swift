import EplintBase

/// What the C preprocessor made of a plist: the text Xcode's build reads, where each part
/// of it came from, and what eplint has to say about the preprocessing itself.
package struct PreprocessedText: Sendable {
    /// cpp's output, UTF-8.
    package var text: [UInt8]
    package var map: PreprocessorPositionMap
    /// EP007 (`.unevaluatedDirective`) and EP010 (`.preprocessorComment`) findings, at
    /// positions in the source, in source order.
    package var problems: [SyntaxProblem]
    /// Flags of `PreprocessingOptions.flags` that do not change what eplint lints.
    package var ignoredFlags: [String]
    /// Where each directive line of the plist (taken or not) has its `#`, in order.
    package var directiveLines: [SourcePosition]
    /// EP002: a limit of eplint's exceeded, or an error that certainly fails the build, where
    /// it happened; then the file is not linted (the text is what was made up to there).
    package var fatalProblem: SyntaxProblem?
}

/// `cc -E -P -x c -Wno-trigraphs` as Xcode runs it on an Info.plist (see `PreprocessorRun`).
/// Nothing is read here: a quoted `#include` or `#import` is followed through
/// `PreprocessingOptions.includeReader` (within `PreprocessingLimits`), a `<…>` one never.
package enum CPreprocessor {
    static let directiveNames: Set<String> = [
        "if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif", "define", "undef", "include", "import",
        "include_next", "pragma", "error", "warning", "line",
    ]

    /// Whether a line of the text is a directive (`#` and a directive's name, blanks
    /// allowed around the `#`): then Xcode must have preprocessed the file.
    package static func hasDirectiveLine(_ text: [UInt8]) -> Bool {
        var index = 0
        let count = text.count
        while index < count {
            var cursor = index
            while cursor < count, text[cursor] == 0x20 || text[cursor] == 0x09 { cursor += 1 }
            if cursor < count, text[cursor] == UInt8(ascii: "#") {
                cursor += 1
                while cursor < count, text[cursor] == 0x20 || text[cursor] == 0x09 { cursor += 1 }
                let start = cursor
                while cursor < count, CppLexer.isIdentifierBody(text[cursor]) { cursor += 1 }
                if directiveNames.contains(String(decoding: text[start..<cursor], as: UTF8.self)) { return true }
            }
            while index < count, text[index] != 0x0A, text[index] != 0x0D { index += 1 }
            index += 1
        }
        return false
    }

    /// Whether preprocessing `source` with `options` can depend on `options.platform`: only
    /// where `TARGET_`, which begins every platform macro's name, is spelled in the file, a
    /// prefix header, a definition or a flag, or where one of them may include a file, which is
    /// not read here. (A name pasted by `##` from pieces that do not spell it is not seen.)
    package static func mayReadPlatformMacros(_ source: [UInt8], options: PreprocessingOptions) -> Bool {
        func spells(_ word: String, _ bytes: [UInt8]) -> Bool {
            let word = Array(word.utf8)
            guard bytes.count >= word.count else { return false }
            return (0...(bytes.count - word.count)).contains { start in
                bytes[start] == word[0] && bytes[start..<(start + word.count)].elementsEqual(word)
            }
        }
        let texts = [source] + options.prefixHeaders.map(\.text)
        return texts.contains { spells("TARGET_", $0) }
            || (options.includeReader != nil && texts.contains { spells("include", $0) || spells("import", $0) })
            || (options.definitions + options.flags).contains { $0.contains("TARGET_") }
    }

    /// The flags of `options` that change nothing eplint lints (for `--verbose`).
    package static func ignoredFlags(_ options: PreprocessingOptions) -> [String] {
        run([], fileName: "", options: options).ignoredFlags
    }

    /// Preprocesses a plist's decoded text (UTF-8). `fileName` is what `__FILE__` gives.
    /// `textPiece`: how many tokens of text are expanded and printed at once (tests make it
    /// tiny to show that where text is cut changes nothing).
    package static func run(
        _ source: [UInt8], fileName: String, options: PreprocessingOptions, textPiece: Int = 4_096
    ) -> PreprocessedText {
        var run = PreprocessorRun(source: source, fileName: fileName, options: options, textPiece: textPiece)
        return run.run()
    }
}

/// One run of the preprocessor over a plist and its prefix headers.
struct PreprocessorRun {
    private struct Conditional {
        /// Its `#if`, where clang names an unterminated one.
        var hash: CppToken
        var parentActive: Bool
        /// One of the group's branches was taken (or is being).
        var taken: Bool
        var active: Bool
        var sawElse = false
    }

    private let source: [UInt8]
    private let sourceLines: LineTable
    private let options: PreprocessingOptions
    private let traditional: Bool
    private var lineComments = true
    private var macros: MacroTable
    private var expander: MacroExpander
    private var printer: OutputPrinter
    private var conditionals: [Conditional] = []
    private var notes: [PreprocessorNote] = []
    private var commentProblems: [SyntaxProblem] = []
    private var ignoredFlags: [String] = []
    /// Prefix headers (1…) and included files (after them, in the order read).
    private var headerLines: [Int: (path: String, lines: LineTable)] = [:]
    private let fileName: String
    /// Per file: where clang meets it, as offsets from the first file it reads (a prefix
    /// header is read before the plist, an included file at its `#include`): notes are
    /// ordered by it (`firstBuildStop`).
    private var readingOrder: [Int: [Int]] = [:]
    private var nextIncludedFile = 1
    private var includeDepth = 0
    private var includedFiles = 0
    private var includedBytes = 0
    /// Identities of the files `#pragma once` or `#import` keep from being read again.
    private var readOnce: Set<String> = []
    private var fileIdentities: [Int: String] = [:]
    /// The `#if`s of the files that include the one being read: its `#endif` cannot close them.
    private var conditionalFloor = 0
    /// Included files whose text is all inside `#ifndef NAME`: clang reads such a file again
    /// only while NAME is not defined (its multiple-include optimisation).
    private var includeGuards: [String: String] = [:]
    /// The included file `read` goes on with, once its `#include` is done.
    private var entering: OpenFile?
    private var nextSpellingBase = 0
    private var directiveLines: [Int] = []
    private var pushedMacros: [String: [Macro?]] = [:]
    /// The `#if` being evaluated names what eplint takes a guess at (a target macro, a
    /// `__has_…` test): an error in it may be eplint's guess, not the build's (EP007).
    private var guessedInCondition = false

    /// Tokens of text expanded and printed at once (more while a macro use waits: `printPiece`).
    private let textPiece: Int

    init(source: [UInt8], fileName: String, options: PreprocessingOptions, textPiece: Int) {
        self.textPiece = textPiece
        self.fileName = fileName
        self.source = source
        sourceLines = LineTable(source)
        self.options = options
        traditional = options.isTraditional
        macros = MacroTable(
            traditional: traditional, platform: options.predefinesPlatformMacros ? options.platform : nil)
        expander = MacroExpander(
            traditional: traditional, fileName: fileName,
            sourceBytes: source.count + options.prefixHeaders.reduce(0) { $0 + $1.text.count })
        printer = OutputPrinter(traditional: traditional)
    }

    private var isActive: Bool { conditionals.last?.active ?? true }

    mutating func run() -> PreprocessedText {
        applyCommandLine()
        nextIncludedFile = options.prefixHeaders.count + 1
        for (index, header) in options.prefixHeaders.enumerated() where !stopped {
            let lines = LineTable(header.text)
            headerLines[index + 1] = (header.path, lines)
            readingOrder[index + 1] = [index + 1]
            process(LogicalText(header.text), lines: lines, file: index + 1)
        }
        printer.enterFile()
        if !stopped { process(LogicalText(source), lines: sourceLines, file: 0) }
        // The definitions are done with: their memory is given back before the results are made.
        macros = MacroTable(traditional: traditional)
        let text = printer.finish()
        return PreprocessedText(
            text: text, map: positionMap(), problems: problems(), ignoredFlags: ignoredFlags,
            directiveLines: directiveLines.map(sourceLines.position(of:)),
            fatalProblem: (expander.fatal ?? firstBuildStop()).map { problem(.unsupported, $0) })
    }

    /// The run ends at a limit; an error that fails the build lets it go on, as cpp does.
    private var stopped: Bool { expander.fatal != nil }

    // MARK: Command line

    /// `-D`, `-U` in order (definitions first, as Xcode passes them), and the flags that
    /// change the language; anything else is listed as ignored.
    private mutating func applyCommandLine() {
        var arguments = options.definitions.map { "-D" + $0 } + options.flags
        arguments.reverse()
        while let argument = arguments.popLast() {
            if argument == "-D" || argument == "-U" {
                guard let value = arguments.popLast() else {
                    ignoredFlags.append(argument)
                    continue
                }
                arguments.append(argument + value)
                continue
            }
            if argument.hasPrefix("-D") {
                let body = argument.dropFirst(2)
                let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let definition = parts.count == 2 ? "\(parts[0]) \(parts[1])" : "\(body) 1"
                let tokens = lex(definition)
                if case .success(let macro) = MacroTable.parseDefinition(tokens, traditional: traditional) {
                    macros.define(macro)
                } else {
                    ignoredFlags.append(argument)
                }
            } else if argument.hasPrefix("-U") {
                macros.undefine(String(argument.dropFirst(2)))
            } else if argument == "-traditional" || argument == "-traditional-cpp" {
                continue
            } else if ["-ansi", "-std=c89", "-std=c90", "-std=iso9899:1990"].contains(argument) {
                // C89 has no // comments.
                lineComments = false
            } else if ["-E", "-P", "-Wno-trigraphs", "-w"].contains(argument) {
                continue
            } else if argument == "-x" {
                _ = arguments.popLast()
            } else {
                ignoredFlags.append(argument)
                if ["-include", "-imacros", "-I", "-isystem", "-iquote", "-o"].contains(argument),
                    let value = arguments.popLast()
                {
                    ignoredFlags.append(value)
                }
            }
        }
    }

    private mutating func lex(_ text: String) -> [CppToken] {
        let bytes = Array(text.utf8)
        var lexer = CppLexer(
            LogicalText(bytes), lines: LineTable(bytes), traditional: traditional, lineComments: lineComments,
            file: -1, spellingBase: reserveSpelling(bytes.count))
        var tokens: [CppToken] = []
        while let token = lexer.next() { tokens.append(token) }
        return tokens
    }

    private mutating func reserveSpelling(_ count: Int) -> Int {
        defer { nextSpellingBase += count + 1 }
        return nextSpellingBase
    }

    // MARK: Lines

    /// A file being read: its lexer, what waits to be printed, and what its end does. Included
    /// files are read from a stack of these, not by recursion (a level of it took 47 KB of stack
    /// in a debug build, and eplint runs on 512 KiB stacks).
    private struct OpenFile {
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
    private mutating func process(_ text: LogicalText, lines: LineTable, file: Int) {
        var files = [open(text, lines: lines, file: file)]
        while !files.isEmpty {
            if let included = read(&files[files.count - 1]) {
                files.append(included)
            } else {
                close(files.removeLast())
            }
        }
    }

    private mutating func open(
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
    private mutating func read(_ current: inout OpenFile) -> OpenFile? {
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

    private mutating func close(_ closing: OpenFile) {
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
    private func holdsTooMuch(_ count: Int) -> Bool { count > Self.ordinaryLine && count > expander.remainingBudget }

    private static let ordinaryLine = 4_096

    /// The directives that may take a group left out so far.
    private static func mayTakeGroup(_ name: String) -> Bool {
        name == "elif" || name == "elifdef" || name == "elifndef"
    }

    private func namesMacro(_ token: CppToken) -> Bool { token.kind == .identifier && macros.isDefined(token.text) }

    /// Expands and prints a piece of text that goes on after it; what to hold before the next
    /// piece: twice what waits (a use still open), so that a long use is read again only a
    /// logarithmic number of times.
    private mutating func printPiece(_ pending: inout [CppToken]) -> Int {
        flush(&pending, goesOn: true)
        return max(textPiece, 2 * pending.count)
    }

    /// Expands and prints the text read so far. A macro use whose arguments are not closed
    /// yet stays pending; at the end of the file it is cpp's error, and cpp prints nothing
    /// from it on.
    private mutating func flush(_ pending: inout [CppToken], atEnd: Bool = false, goesOn: Bool = false) {
        guard !pending.isEmpty else { return }
        if traditional { Self.joinBlanks(&pending) }
        var text: [CppToken] = []
        swap(&text, &pending)
        let unterminated = expander.expandText(consume text, macros: macros, goesOn: goesOn, into: &printer)
        pending = unterminated
        if atEnd, let name = unterminated.first {
            fail(
                "the use of macro '\(name.text)' has no closing ')' before the end of the file (cpp prints nothing from here on)",
                at: name, metAt: Int.max)
            pending.removeAll()
        }
    }

    /// clang's keep-whitespace lexer makes one token of blanks and line ends together; the
    /// token after a line end is at the start of a line. In place: the text may be a macro
    /// use of megabytes waiting for its `)`, joined again with each piece.
    private static func joinBlanks(_ tokens: inout [CppToken]) {
        var kept = 0
        var sawLineEnd = false
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .whitespace || token.kind == .newline {
                if kept > 0, tokens[kept - 1].kind == .whitespace || tokens[kept - 1].kind == .newline,
                    tokens[kept - 1].expansion < 0
                {
                    tokens[kept - 1].text += token.text
                    tokens[kept - 1].kind = .whitespace
                    tokens[kept - 1].verbatim = false
                } else {
                    tokens[kept] = token
                    kept += 1
                }
                if token.kind == .newline { sawLineEnd = true }
                continue
            }
            tokens[kept] = token
            if sawLineEnd { tokens[kept].startOfLine = true }
            sawLineEnd = false
            kept += 1
        }
        tokens.removeSubrange(kept...)
    }

    /// Under -traditional, directives are read without blank tokens (as clang does): a blank
    /// becomes the next token's leading space; comments vanish.
    private static func withoutBlankTokens(_ tokens: ArraySlice<CppToken>) -> [CppToken] {
        var result: [CppToken] = []
        var space = false
        for token in tokens {
            if token.kind == .whitespace {
                space = true
                continue
            }
            if token.kind == .comment { continue }
            var placed = token
            if space { placed.leadingSpace = true }
            space = false
            result.append(placed)
        }
        return result
    }

    private func commentProblem(_ comment: CppLexer.Comment) -> SyntaxProblem {
        let message =
            comment.isLineComment
            ? "the C preprocessor treats '//' as a comment and drops the rest of this line; add -traditional to INFOPLIST_OTHER_PREPROCESSOR_FLAGS (or `preprocessor-flags: [-traditional]`)"
            : "the C preprocessor treats '/*' as the start of a comment and drops everything up to the next '*/'; write the '*' as &#42; to keep it"
        return SyntaxProblem(
            kind: .preprocessorComment, message: message, position: sourceLines.position(of: comment.origin))
    }

    // MARK: Directives

    private mutating func note(_ message: String, at token: CppToken) {
        notes.append(PreprocessorNote(origin: token.origin, file: token.file, message: message))
    }

    /// clang's error: Xcode's build stops (EP002; the first in the files' order is reported).
    private mutating func fail(_ what: String, at token: CppToken, metAt: Int? = nil) {
        var error = PreprocessorNote.buildStop(what, origin: token.origin, file: token.file)
        error.metAt = metAt
        notes.append(error)
    }

    /// The error clang meets first: prefix headers are read before the plist.
    private func firstBuildStop() -> PreprocessorNote? {
        func met(_ note: PreprocessorNote) -> [Int] {
            (readingOrder[note.file] ?? [Int.max]) + [note.metAt ?? note.origin]
        }
        return (notes + expander.notes).filter(\.stopsBuild).min { met($0).lexicographicallyPrecedes(met($1)) }
    }

    private mutating func directive(
        _ line: ArraySlice<CppToken>, hash: CppToken, lexer: inout CppLexer, streamed: inout StreamedCondition?
    ) {
        let tokens = traditional ? Self.withoutBlankTokens(line)[...] : line
        guard let nameIndex = tokens.firstIndex(where: { !$0.isBlank }) else { return }
        let nameToken = tokens[nameIndex]
        let rest = tokens[(nameIndex + 1)...]
        // Made only for the directives that read them.
        var arguments: [CppToken] { rest.filter { !$0.isBlank } }
        let name = nameToken.kind == .identifier ? nameToken.text : ""
        switch name {
        case "if":
            push(isActive ? condition(rest, at: hash, directive: "#if", streamed: &streamed) : false, at: hash)
        case "ifdef", "ifndef":
            push(
                isActive ? definedTest(arguments, at: hash, directive: "#\(name)") == (name == "ifdef") : false,
                at: hash)
        case "elif", "elifdef", "elifndef":
            guard conditionals.count > conditionalFloor, var top = conditionals.popLast() else {
                if isActive { fail("#\(name) without #if", at: hash) }
                return
            }
            if top.sawElse { fail("#\(name) after #else", at: hash) }
            if !top.parentActive || top.taken {
                top.active = false
            } else {
                conditionals.append(top)
                let value: Bool
                switch name {
                case "elif": value = condition(rest, at: hash, directive: "#elif", streamed: &streamed)
                default: value = definedTest(arguments, at: hash, directive: "#\(name)") == (name == "elifdef")
                }
                top = conditionals.removeLast()
                top.active = value
                top.taken = value
            }
            conditionals.append(top)
        case "else":
            guard conditionals.count > conditionalFloor, var top = conditionals.popLast() else {
                if isActive { fail("#else without #if", at: hash) }
                return
            }
            if top.sawElse { fail("#else after #else", at: hash) }
            top.active = top.parentActive && !top.taken
            top.taken = true
            top.sawElse = true
            conditionals.append(top)
        case "endif":
            if conditionals.count > conditionalFloor {
                conditionals.removeLast()
            } else if isActive {
                fail("#endif without #if", at: hash)
            }
        default:
            guard isActive else { return }
            activeDirective(
                name, nameToken: nameToken, arguments: arguments, rest: Array(rest), hash: hash, lexer: &lexer)
        }
    }

    private mutating func activeDirective(
        _ name: String, nameToken: CppToken, arguments: [CppToken], rest: [CppToken],
        hash: CppToken, lexer: inout CppLexer
    ) {
        switch name {
        case "define":
            switch MacroTable.parseDefinition(rest, traditional: traditional) {
            case .success(let macro):
                // Definitions are held for the whole run: they are paid for too.
                if expander.hold(definitionOf: macro.body.count, at: hash) { macros.define(macro) }
            case .failure(let failure): fail("#define: \(failure.message)", at: hash)
            }
        case "undef":
            guard let macro = arguments.first, macro.kind == .identifier else {
                fail("#undef needs a macro name", at: hash)
                return
            }
            macros.undefine(macro.text)
        case "include", "import", "include_next", "embed":
            guard let first = arguments.first else {
                fail("#\(name) needs a file name (\"FILE\" or <FILE>)", at: hash)
                return
            }
            // clang's errors, whatever the run reads: `#include ""`, and a quote never closed.
            if first.kind == .string, first.text == "\"\"" {
                fail("#\(name) \"\": empty filename", at: hash)
                return
            }
            if first.text.hasPrefix("\""), first.kind != .string {
                fail("#\(name) \(first.text): expected \"FILENAME\" or <FILENAME> (the quote is not closed)", at: hash)
                return
            }
            if name == "include" || name == "import", first.kind == .string, let reader = options.includeReader {
                include(String(first.text.dropFirst().dropLast()), directive: name, hash: hash, reader: reader)
                return
            }
            let header = arguments.map(\.text).joined()
            // The SDK's headers (<…>) are where eplint cannot look; a quoted file clang finds
            // next to the plist or fails the build without, but this run reads no file.
            let why =
                first.isPunctuator("<")
                ? "it names a header of the SDK or of a search path, which eplint cannot see"
                : first.kind == .string
                    ? "this run reads no file a plist names (clang reads it, and stops the build if it is not found)"
                    : "eplint follows only a quoted name or <…> as written, not one a macro makes"
            note("#\(name) \(header) is not followed\(place(of: hash)): \(why); what it defines is unknown", at: hash)
        case "line":
            let expanded = expander.expand(arguments, macros: macros)
            guard let number = expanded.first, number.kind == .number, let line = Int(number.text) else {
                fail("#line needs a line number", at: hash)
                return
            }
            // clang reads the number as a 32-bit unsigned and fails beyond it; eplint's line
            // arithmetic then stays far from Int's bounds (`#line 9223372036854775807` trapped).
            guard line <= Int(UInt32.max) else {
                fail(
                    "#line \(number.text) is beyond 4294967295: #line directive requires a positive integer argument",
                    at: hash)
                return
            }
            let physical = hash.line - lexer.lineDelta
            lexer.lineDelta = line - (physical + 1)
            printer.renumber(to: line)
        case "error":
            fail(
                "#error\(rest.isEmpty ? "" : " " + rest.filter { !$0.isBlank }.map(\.text).joined(separator: " "))",
                at: hash)
        case "ident", "sccs":
            // clang passes `#ident "text"` on (for #sccs too).
            if let text = arguments.first, text.kind == .string {
                printer.printDirective("#ident", [text], at: hash.line, asDirective: false)
            }
        case "warning", "assert", "unassert":
            break
        case "pragma":
            let words = arguments.map(\.text)
            // #pragma push_macro("NAME") / pop_macro("NAME"): the definition is saved and restored.
            if let verb = words.first, verb == "push_macro" || verb == "pop_macro", arguments.count >= 4,
                arguments[2].kind == .string
            {
                let name = String(arguments[2].text.dropFirst().dropLast())
                if verb == "push_macro" {
                    pushedMacros[name, default: []].append(macros[name])
                } else if let saved = pushedMacros[name]?.popLast() {
                    if let saved { macros.define(saved) } else { macros.undefine(name) }
                }
                return
            }
            // Pragmas clang handles itself print nothing; the rest are passed on.
            // `#pragma GCC error "…"` is clang's error, as `#error` is.
            if words.first == "GCC", words.dropFirst().first == "error" {
                fail("#pragma \(words.joined(separator: " "))", at: hash)
            }
            if words.first == "once", let identity = fileIdentities[hash.file] { readOnce.insert(identity) }
            let handled = ["once", "mark", "push_macro", "pop_macro", "message", "poison"]
            if words.first.map(handled.contains) == true
                || (words.first == "GCC"
                    && words.dropFirst().first.map(
                        ["system_header", "poison", "dependency"].contains) == true)
                || (words.first == "clang"
                    && words.dropFirst().first.map(["diagnostic", "assume_nonnull"].contains) == false)
            {
                return
            }
            printer.printDirective("#pragma", arguments, at: hash.line, asDirective: true)
        case "":
            if nameToken.kind == .number {
                // A line marker, `# 12 "file"`: like #line.
                activeDirective(
                    "line", nameToken: nameToken, arguments: [nameToken] + arguments, rest: rest, hash: hash,
                    lexer: &lexer)
                return
            }
            fail("'#\(nameToken.text)' is not a preprocessor directive", at: hash)
        default:
            fail("'#\(name)' is not a preprocessor directive", at: hash)
        }
    }

    /// Where a directive is, for a note: nothing in the plist, else the header.
    private func place(of hash: CppToken) -> String {
        guard hash.file > 0, let path = headerLines[hash.file]?.path else { return "" }
        return hash.file <= options.prefixHeaders.count ? " (in prefix header \(path))" : " (in \(path))"
    }

    /// `#include "name"`: clang looks for it in the including file's folder first, then in
    /// the `-iquote`, `-I`, `-isystem` and `-idirafter` folders; not found, it is a fatal error. The included text is
    /// preprocessed where the directive is; its positions map to the plist's `#include` that
    /// brought it in (to the plist's start below a prefix header), and a note in it names
    /// the file and line.
    private mutating func include(_ name: String, directive: String, hash: CppToken, reader: IncludeReader) {
        let including = hash.file == 0 ? fileName : headerLines[hash.file]?.path ?? ""
        let folder = including.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(including[...$0]) } ?? ""
        var path = name.hasPrefix("/") ? name : folder + name
        guard includeDepth < PreprocessingLimits.includeDepth else {
            expander.fail(
                "quoted includes nested more than \(PreprocessingLimits.includeDepth) deep (\(path); a header that includes itself without a guard?)",
                at: hash)
            return
        }
        guard includedFiles < PreprocessingLimits.includedFiles else {
            expander.fail("more than \(PreprocessingLimits.includedFiles) files read by quoted includes", at: hash)
            return
        }
        var outcome = reader.read(path, PreprocessingLimits.includedBytes - includedBytes)
        // Then the -iquote, -I, -isystem and -idirafter folders, in that order, as clang looks.
        if outcome == .missing && !name.hasPrefix("/") {
            for folder in Self.searchFolders(options.flags) {
                let candidate = (folder.hasSuffix("/") ? folder : folder + "/") + name
                let found = reader.read(candidate, PreprocessingLimits.includedBytes - includedBytes)
                guard found == .missing else {
                    (outcome, path) = (found, candidate)
                    break
                }
            }
        }
        switch outcome {
        case .missing:
            // (clang -E goes on after it, and so does its output.)
            fail("'\(name)' file not found (at \(path))", at: hash)
        case .tooLarge:
            expander.fail(
                "quoted includes read more than \(PreprocessingLimits.includedBytes) bytes (\(path))", at: hash)
        case .refused(let why):
            note(
                "#\(directive) \"\(name)\" is not followed\(place(of: hash)): \(why); what it defines is unknown",
                at: hash)
        case .read(let bytes, let identity):
            // Not entered again: no change of file for the printer either.
            guard !readOnce.contains(identity), !(includeGuards[identity].map(macros.isDefined) ?? false) else {
                return
            }
            if directive == "import" { readOnce.insert(identity) }
            includedFiles += 1
            includedBytes += bytes.count
            let file = nextIncludedFile
            nextIncludedFile += 1
            let lines = LineTable(bytes)
            headerLines[file] = (path, lines)
            fileIdentities[file] = identity
            readingOrder[file] = (readingOrder[hash.file] ?? [Int.max]) + [hash.origin]
            if let site = hash.file == 0 ? hash.origin : printer.includeSites[hash.file] {
                printer.includeSites[file] = site
            }
            expander.includedFileNames[file] = path
            printer.renumber(to: 1)
            includeDepth += 1
            entering = open(
                LogicalText(bytes), lines: lines, file: file, exit: (identity, bytes, lineAfter: hash.line + 1))
        }
    }

    /// The folders clang searches for a quoted include after the including file's own, in its
    /// order: `-iquote`, then `-I`, then `-isystem`, then `-idirafter` (each as `-I DIR` or `-IDIR`).
    static func searchFolders(_ flags: [String]) -> [String] {
        let kinds = ["-iquote", "-I", "-isystem", "-idirafter"]
        var found: [String: [String]] = [:]
        var index = 0
        while index < flags.count {
            let flag = flags[index]
            // The longest spelling first: `-isystem` is not `-I` followed by "system".
            if let kind = kinds.sorted(by: { $0.count > $1.count }).first(where: { flag.hasPrefix($0) }) {
                if flag == kind {
                    index += 1
                    if index < flags.count { found[kind, default: []].append(flags[index]) }
                } else {
                    found[kind, default: []].append(String(flag.dropFirst(kind.count)))
                }
            }
            index += 1
        }
        return kinds.flatMap { found[$0] ?? [] }
    }

    /// NAME when all of a file's tokens are inside one `#ifndef NAME` (or `#if !defined(NAME)`)
    /// group without `#else` or `#elif`: clang does not enter the file again once NAME is defined.
    static func includeGuard(of bytes: [UInt8], traditional: Bool) -> String? {
        var lexer = CppLexer(
            LogicalText(bytes), lines: LineTable(bytes), traditional: traditional, lineComments: true, file: -1,
            spellingBase: 0)
        var line: [CppToken] = []
        var guardName: String?
        var depth = 0
        var closed = false
        while let token = lexer.next() {
            if token.kind != .newline {
                if !token.isBlank { line.append(token) }
                continue
            }
            defer { line.removeAll(keepingCapacity: true) }
            guard let first = line.first else { continue }
            if closed { return nil }
            let isDirective = first.isPunctuator("#") || first.isPunctuator("%:")
            let name = isDirective && line.count > 1 ? line[1].text : ""
            if guardName == nil {
                let words = line.dropFirst(2).map(\.text)
                if name == "ifndef", words.count == 1 {
                    guardName = words[0]
                } else if name == "if", words.count >= 3, words[0] == "!", words[1] == "defined" {
                    let rest = Array(words.dropFirst(2))
                    guard rest.count == 1 || (rest.count == 3 && rest[0] == "(" && rest[2] == ")") else { return nil }
                    guardName = rest.count == 1 ? rest[0] : rest[1]
                } else {
                    return nil
                }
                depth = 1
                continue
            }
            switch name {
            case "if", "ifdef", "ifndef": depth += 1
            case "else", "elif", "elifdef", "elifndef": if depth == 1 { return nil }
            case "endif":
                depth -= 1
                closed = depth == 0
            default: break
            }
        }
        // (A last line without its line end.)
        if !line.isEmpty {
            let isEndif = line.count > 1 && line[1].text == "endif"
            if closed || !isEndif || depth != 1 { return nil }
            closed = true
        }
        return closed ? guardName : nil
    }

    private mutating func push(_ condition: Bool, at hash: CppToken) {
        let parent = isActive
        conditionals.append(
            Conditional(hash: hash, parentActive: parent, taken: parent && condition, active: parent && condition))
    }

    private static let featureTests: Set<String> = [
        "__has_include", "__has_include_next", "__has_feature", "__has_extension", "__has_attribute", "__has_builtin",
        "__has_c_attribute", "__has_cpp_attribute", "__has_declspec_attribute", "__has_warning", "__has_embed",
        "__is_target_os",
        "__is_target_arch", "__is_target_vendor", "__is_target_environment", "__has_constexpr_builtin",
        "__is_target_variant_os", "__is_target_variant_environment", "__is_identifier", "__building_module",
    ]

    private mutating func isDefined(_ name: String, at token: CppToken) -> Bool {
        if MacroTable.targetMacros.contains(name) && !macros.isDefined(name) { noteUnknownTargetMacro(name, at: token) }
        return macros.isDefined(name) || Self.featureTests.contains(name)
    }

    private mutating func noteUnknownTargetMacro(_ name: String, at token: CppToken) {
        // An Xcode whose clang predefines none: undefined, as eplint takes it, and known to be.
        if !options.predefinesPlatformMacros && TargetPlatform.macroNames.contains(name) { return }
        guessedInCondition = true
        if TargetPlatform.macroNames.contains(name) {
            note(
                "\(name) is set by the platform the Info.plist is built for, which this run does not know "
                    + "(an Xcode target, --platform or platform: in .eplint.yml tells it); taken as undefined",
                at: token)
        } else {
            note(
                "\(name) is defined or not by the build machine's and target's compiler, which eplint cannot know; taken as undefined",
                at: token)
        }
    }

    private mutating func definedTest(_ arguments: [CppToken], at hash: CppToken, directive: String) -> Bool {
        guard let name = arguments.first, name.kind == .identifier else {
            fail("\(directive) needs a macro name", at: hash)
            return false
        }
        return isDefined(name.text, at: hash)
    }

    /// An `#if`/`#elif` expression's value; on an error, false (as cpp's output has it).
    /// For an `#if` or `#elif` line whose expression (the rest of the line in `lexer`) names
    /// no macro, `defined`, feature test or target macro: its spelling for messages. Then it
    /// is evaluated as it is lexed (nothing to replace); nil: it must be read whole.
    private func plainCondition(after lexer: CppLexer) -> String? {
        var probe = ConditionLexerLine(lexer: lexer)
        var tokens: [CppToken] = []
        while let token = probe.next() {
            if token.kind == .identifier,
                macros.isDefined(token.text) || token.text == "defined" || Self.featureTests.contains(token.text)
                    || MacroTable.targetMacros.contains(token.text)
            {
                return nil
            }
            // Enough for `spelled`, which cuts at 200 bytes.
            if tokens.count <= 201 { tokens.append(token) }
        }
        return Self.spelled(tokens[...])
    }

    private mutating func condition(
        _ tokens: ArraySlice<CppToken>, at hash: CppToken, directive: String, streamed: inout StreamedCondition?
    ) -> Bool {
        guessedInCondition = false
        if streamed != nil {
            let (value, failure) = ConditionEvaluator.evaluate(&streamed!.rest)
            return report(value, failure, quoted: streamed!.quoted, at: hash, directive: directive)
        }
        let line = tokens.containsBlank ? tokens.filter { !$0.isBlank }[...] : tokens
        let quoted = Self.spelled(line)
        // Nothing to expand, replace or note (no macro, `defined` or feature test: every hostile
        // line without macros): the tokens are evaluated where they are, not copied.
        if !line.containsIdentifier(where: {
            macros.isDefined($0) || $0 == "defined" || Self.featureTests.contains($0)
                || MacroTable.targetMacros.contains($0)
        }) {
            return evaluate(line, quoted: quoted, at: hash, directive: directive)
        }
        let words = Array(line)
        // __has_include(<X.h>) and the like: their operands are not macro-expanded. (Each
        // step below copies the tokens only when it changes them: a line can be megabytes.)
        let special = words.containsIdentifier {
            Self.featureTests.contains($0) || MacroTable.targetMacros.contains($0)
        }
        var prepared: [CppToken] = special ? [] : words
        var index = special ? 0 : words.count
        while index < words.count {
            let token = words[index]
            if token.kind == .identifier, Self.featureTests.contains(token.text), index + 1 < words.count,
                words[index + 1].isPunctuator("(")
            {
                var depth = 0
                var end = index + 1
                while end < words.count {
                    if words[end].isPunctuator("(") { depth += 1 }
                    if words[end].isPunctuator(")") {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    end += 1
                }
                let test = Self.spelled(words[index...min(end, words.count - 1)])
                let subject =
                    token.text.hasPrefix("__has_include")
                    ? "whether that header exists where Xcode looks" : "what the build's compiler answers"
                note("'\(test)' cannot be evaluated: eplint cannot know \(subject); taken as 0", at: hash)
                guessedInCondition = true
                prepared.append(Self.number(false, like: token))
                index = end + 1
                continue
            }
            // (The operand of `defined` gets its note when evaluated.)
            let afterDefined =
                prepared.last?.text == "defined"
                || (prepared.last?.isPunctuator("(") == true && prepared.dropLast().last?.text == "defined")
            if token.kind == .identifier, !afterDefined, MacroTable.targetMacros.contains(token.text),
                !macros.isDefined(token.text)
            {
                noteUnknownTargetMacro(token.text, at: hash)
            }
            prepared.append(token)
            index += 1
        }
        // Given up, so that the expander reverses its copy in place (a line can be megabytes).
        _ = consume words
        expander.protectsDefined = true
        let expanded = expander.expand(consume prepared, macros: macros)
        expander.protectsDefined = false
        // `defined NAME` and `defined(NAME)`, also where a macro produced them.
        let hasDefined = expanded.containsIdentifier { $0 == "defined" }
        var evaluated: [CppToken] = hasDefined ? [] : expanded
        index = hasDefined ? 0 : expanded.count
        while index < expanded.count {
            let token = expanded[index]
            guard token.kind == .identifier && token.text == "defined" else {
                evaluated.append(token)
                index += 1
                continue
            }
            var next = index + 1
            let parenthesised = next < expanded.count && expanded[next].isPunctuator("(")
            if parenthesised { next += 1 }
            guard next < expanded.count, expanded[next].kind == .identifier,
                !parenthesised || (next + 1 < expanded.count && expanded[next + 1].isPunctuator(")"))
            else {
                // An error only where clang's parser gets to it (it may stop before).
                var invalid = token
                invalid.kind = .other
                evaluated.append(invalid)
                index += 1
                continue
            }
            evaluated.append(Self.number(isDefined(expanded[next].text, at: hash), like: token))
            index = next + (parenthesised ? 2 : 1)
        }
        return evaluate(evaluated[...], quoted: quoted, at: hash, directive: directive)
    }

    /// The value of an `#if` expression after replacement; its errors are reported with `quoted`.
    private mutating func evaluate(_ tokens: ArraySlice<CppToken>, quoted: String, at hash: CppToken, directive: String)
        -> Bool
    {
        var source = ConditionTokenSlice(tokens)
        let (value, failure) = ConditionEvaluator.evaluate(&source)
        return report(value, failure, quoted: quoted, at: hash, directive: directive)
    }

    private mutating func report(
        _ value: Bool, _ failure: DirectiveFailure?, quoted: String, at hash: CppToken, directive: String
    ) -> Bool {
        let line = quoted.isEmpty ? directive : "\(directive) \(quoted)"
        if let failure, failure.isFatal || !guessedInCondition {
            fail("'\(line)': \(failure.message)", at: hash)
        } else if let failure {
            note(
                "cannot evaluate '\(line)' with what eplint took it to be: \(failure.message); the build may stop here, and eplint \(value ? "takes" : "leaves out") this group",
                at: hash)
        }
        return value
    }

    private static func number(_ value: Bool, like token: CppToken) -> CppToken {
        var made = token
        made.kind = .number
        made.text = value ? "1" : "0"
        return made
    }

    /// The tokens as written, cut after 200 bytes (a message quotes a hostile line briefly).
    private static func spelled(_ tokens: ArraySlice<CppToken>) -> String {
        var text = ""
        for (index, token) in tokens.enumerated() {
            if index > 0 && token.leadingSpace { text += " " }
            text += token.text
            if text.utf8.count > 200 { return String(text.prefix(200)) + "…" }
        }
        return text
    }

    // MARK: Results

    private mutating func problems() -> [SyntaxProblem] {
        var found = commentProblems
        for note in notes + expander.notes where note.file >= 0 && !note.stopsBuild {
            found.append(problem(.unevaluatedDirective, note))
        }
        return found.sorted { $0.position.offset < $1.position.offset }
    }

    /// A note in a prefix header is reported at the plist's start, one in an included file at
    /// the plist's `#include` that brought it in; either names the header's line.
    private func problem(_ kind: SyntaxProblem.Kind, _ note: PreprocessorNote) -> SyntaxProblem {
        if note.file > 0, let header = headerLines[note.file] {
            let line = header.lines.line(of: note.origin)
            let site = printer.includeSites[note.file].map(sourceLines.position(of:)) ?? .start
            return SyntaxProblem(kind: kind, message: "\(header.path):\(line): \(note.message)", position: site)
        }
        return SyntaxProblem(
            kind: kind, message: note.message, position: note.file == 0 ? sourceLines.position(of: note.origin) : .start
        )
    }

    private func positionMap() -> PreprocessorPositionMap {
        let segments = printer.segments
        var outputRanges = Array(repeating: (start: Int.max, end: -1), count: expander.uses.count)
        for segment in segments where segment.use >= 0 {
            outputRanges[segment.use].start = min(outputRanges[segment.use].start, segment.outputStart)
            outputRanges[segment.use].end = max(outputRanges[segment.use].end, segment.outputStart + segment.length)
        }
        let output = printer.output
        var expansions: [PreprocessorPositionMap.Expansion] = []
        var expansionOutput: [(start: Int, end: Int)] = []
        for (index, use) in expander.uses.enumerated() where use.file == 0 && outputRanges[index].end >= 0 {
            let range = outputRanges[index]
            let text = String(decoding: output[range.start..<range.end], as: UTF8.self)
            let useRange = SourceRange(
                start: sourceLines.position(of: use.start), end: sourceLines.position(of: use.end))
            expansions.append(PreprocessorPositionMap.Expansion(name: use.name, use: useRange, text: text))
            expansionOutput.append(range)
        }
        var outputLineStarts = [0]
        for (offset, byte) in output.enumerated() where byte == 0x0A { outputLineStarts.append(offset + 1) }
        return PreprocessorPositionMap(
            segments: segments, lines: sourceLines, expansions: expansions, expansionOutput: expansionOutput,
            outputLineStarts: outputLineStarts)
    }
}

/// An `#if` or `#elif` expression that needs no replacement, left in the lexer to be
/// evaluated as it is read, and its spelling for messages.
struct StreamedCondition {
    var rest: ConditionLexerLine
    let quoted: String
}
