import EplintBase

/// One use of a macro in the plist (the outermost, when macros expand to macros): where it
/// is, and where its expansion landed in the output.
struct MacroUse {
    var name: String
    /// Source offsets of the use (name to closing parenthesis) in its file.
    var start: Int
    var end: Int
    var file: Int
    var outputStart = -1
    var outputEnd = -1
    /// The first macro of a file other than the linted one that the expansion used (itself or
    /// one it expanded to, arguments included), and where it was defined (`Macro.site`).
    var hidden: (name: String, site: String)?
}

/// Something cpp would stop with an error at (`stopsBuild`: EP002), or that eplint cannot
/// know (EP007).
struct PreprocessorNote {
    var origin: Int
    var file: Int
    var message: String
    var stopsBuild = false
    /// A file Xcode's build reads that eplint did not (`SyntaxProblem.hidesBuildInput`).
    var hidesBuildInput = false
    /// Where clang meets it in its file, when not at `origin`: at the file's end for what is
    /// left open there (clang's first error is the first it meets).
    var metAt: Int?

    /// clang's error: `clang -E` exits non-zero, and Xcode's build stops there.
    static func buildStop(_ what: String, origin: Int, file: Int) -> PreprocessorNote {
        PreprocessorNote(
            origin: origin, file: file, message: "\(what); cpp stops with an error here, so Xcode's build fails",
            stopsBuild: true)
    }
}

/// Macro replacement as C specifies it and clang does it: object-like and function-like
/// macros, arguments expanded before substitution (not next to `#` or `##`), `#` and `##`,
/// rescanning, so a macro never expands inside itself. As in clang, a macro is disabled
/// while the tokens of its own expansion are read (a marker after them enables it again)
/// instead of C's per-token hide sets: a chain of N macros then costs O(N), not O(N²).
/// Under -traditional `#` and `##` are plain tokens and a function-like macro needs `(`
/// right after its name.
struct MacroExpander {
    let traditional: Bool
    let fileName: String
    /// `__FILE__` in an included file (by `CppToken.file`): its path as clang joined it.
    var includedFileNames: [Int: String] = [:]
    /// In `#if`: the operand of `defined` is never expanded, even when a macro produced `defined`.
    var protectsDefined = false
    private(set) var uses: [MacroUse] = []
    var notes: [PreprocessorNote] = []
    /// The first limit exceeded (EP002): nothing more is expanded, and the run ends.
    private(set) var fatal: PreprocessorNote?
    private var counter = 0
    /// What the file's expansions may still cost (`PreprocessingLimits.expansionBudget`): macros
    /// that double at every level (`#define A B B`, `#define B C C`, …) would take time and
    /// memory exponential in the number of definitions.
    private var budget: Int
    private let fullBudget: Int
    private var nesting = 0
    /// Macros whose expansion is being read, with how many times (clang's disabled macros).
    private var disabled: [String: Int] = [:]
    /// The spacing a use that expanded to nothing at the very end of a piece of text gives
    /// the next piece's first token (as it would the next token on its line).
    private var carriedSpacing = (leadingSpace: false, startOfLine: false)
    private var textGoesOn = false

    init(traditional: Bool, fileName: String, sourceBytes: Int) {
        self.traditional = traditional
        self.fileName = fileName
        fullBudget = PreprocessingLimits.expansionBudget(sourceBytes: sourceBytes)
        budget = fullBudget
        definitionAllowance = fullBudget
    }

    mutating func expand(_ input: consuming [CppToken], macros: MacroTable) -> [CppToken] {
        var output: [CppToken] = []
        expand(consume input, macros: macros, into: &output, unterminated: nil)
        return output
    }

    /// Text lines, straight into the printer (a text line's expansion is not held as well as
    /// printed). A function-like macro's use still open at the end of `input` is not an
    /// error yet (its arguments may go on after the next directive, as in cpp): it and what
    /// follows it are handed back, unexpanded.
    /// `input` is taken: when the caller holds no other reference, it is reversed in place.
    /// `goesOn`: the text was cut where it goes on (not at a directive or the end): then a
    /// function-like macro's name that the expansion leaves last waits for what follows too.
    mutating func expandText(
        _ input: consuming [CppToken], macros: MacroTable, goesOn: Bool, into printer: inout OutputPrinter
    ) -> [CppToken] {
        textGoesOn = goesOn
        defer { textGoesOn = false }
        var unterminated: [CppToken] = []
        var input = consume input
        if carriedSpacing != (false, false), let first = input.indices.first, input[first].kind != .newline,
            !input[first].startOfLine
        {
            if carriedSpacing.leadingSpace { input[first].leadingSpace = true }
            if carriedSpacing.startOfLine { input[first].startOfLine = true }
        }
        carriedSpacing = (false, false)
        expand(consume input, macros: macros, into: &printer, unterminated: &unterminated)
        return unterminated
    }

    /// A limit of eplint's is exceeded: the run ends here (EP002).
    mutating func fail(_ what: String, at token: CppToken?) {
        guard fatal == nil else { return }
        let message = PreprocessingLimits.exceeded(what).message
        fatal = PreprocessorNote(origin: token?.origin ?? 0, file: token?.file ?? 0, message: message)
    }

    /// Takes `cost` from the budget; false (and the run's failure) when it is spent.
    mutating func spend(_ cost: Int, at token: CppToken) -> Bool {
        budget -= cost
        guard budget < 0 else { return true }
        exceedBudget(at: token)
        return false
    }

    /// What the budget still allows.
    var remainingBudget: Int { max(0, budget) }

    /// What the file's definitions may still hold, in tokens: an allowance of the budget's
    /// size of its own (a long chain of definitions is then expanded whole, as clang does).
    private var definitionAllowance: Int

    /// Takes a definition's tokens from the definitions' allowance; false (and the run's
    /// failure) when it is spent.
    mutating func hold(definitionOf count: Int, at token: CppToken) -> Bool {
        definitionAllowance -= count
        guard definitionAllowance < 0 else { return true }
        fail("the macro definitions in this file hold more than \(fullBudget) tokens", at: token)
        return false
    }

    /// The run's failure: more tokens are read (held for a macro use or a directive) than the budget allows.
    mutating func exceedBudget(at token: CppToken) {
        fail("macro expansion in this file makes or reads more than \(fullBudget) tokens", at: token)
    }

    private static func endOfExpansion(_ name: String) -> CppToken {
        MacroTable.syntheticToken(name, kind: .endOfExpansion)
    }

    private mutating func enable(_ marker: CppToken) {
        disabled[marker.text, default: 1] -= 1
        if disabled[marker.text] == 0 { disabled[marker.text] = nil }
    }

    /// Reads past the ends of expansions at the top of `pending` (enabling their macros), as
    /// clang does when it looks at the next token.
    private mutating func skipEndsOfExpansions(_ pending: inout [CppToken]) {
        while let last = pending.last, last.kind == .endOfExpansion { enable(pending.removeLast()) }
    }

    private mutating func expand<Output: TokenSink>(
        _ input: consuming [CppToken], macros: MacroTable, into output: inout Output,
        unterminated: UnsafeMutablePointer<[CppToken]>?
    ) {
        guard fatal == nil else { return output.take(contentsOf: input) }
        // Nothing to expand: the tokens are handed on as they are (not copied twice).
        if nesting == 0
            && !input.indices.contains(where: {
                input[$0].kind == .identifier && !input[$0].noExpand && macros[input[$0].text] != nil
            })
        {
            return output.take(contentsOf: input)
        }
        // Each level is an argument expanded inside another's substitution (a few frames).
        guard nesting <= PreprocessingLimits.nesting else {
            fail("macro uses nested more than \(PreprocessingLimits.nesting) deep in macro arguments", at: input.first)
            return output.take(contentsOf: input)
        }
        nesting += 1
        defer {
            nesting -= 1
            if nesting == 0 { disabled.removeAll() }
        }
        // Reversed in place when the caller gave the tokens up: a megabyte line is not copied.
        var pending = consume input
        pending.reverse()
        while fatal == nil, var token = pending.popLast() {
            if token.kind == .endOfExpansion {
                enable(token)
                continue
            }
            if protectsDefined && token.kind == .identifier && token.text == "defined" {
                output.take(token)
                skipEndsOfExpansions(&pending)
                if pending.last?.isPunctuator("(") == true { output.take(pending.removeLast()) }
                skipEndsOfExpansions(&pending)
                if var operand = pending.last, operand.kind == .identifier {
                    pending.removeLast()
                    operand.noExpand = true
                    output.take(operand)
                }
                continue
            }
            guard token.kind == .identifier, !token.noExpand, let macro = macros[token.text] else {
                output.take(token)
                continue
            }
            if disabled[macro.name] != nil {
                token.noExpand = true
                output.take(token)
                continue
            }
            var arguments: [[CppToken]] = []
            var closing: CppToken?
            if macro.isFunctionLike {
                let collected: (arguments: [[CppToken]], closing: CppToken)
                switch collectArguments(
                    for: macro, name: token, from: &pending, reportingUnclosed: unterminated == nil,
                    atEndWaits: unterminated != nil && textGoesOn && nesting == 1)
                {
                case .noParenthesis:
                    output.take(token)
                    continue
                case .unclosed:
                    if let unterminated {
                        // The ends of expansions are read past: the use is read again after the
                        // directive (or with the next piece of text). Handed back in place: the
                        // use may be most of a megabyte line.
                        for waiting in pending where waiting.kind == .endOfExpansion { enable(waiting) }
                        pending.removeAll { $0.kind == .endOfExpansion }
                        pending.append(token)
                        pending.reverse()
                        swap(&unterminated.pointee, &pending)
                        return
                    }
                    output.take(token)
                    continue
                case .closed(let arguments, let closing):
                    collected = (arguments, closing)
                }
                guard let checked = checkCount(collected.arguments, of: macro, at: token) else {
                    // clang reports the error and drops the invocation's arguments.
                    output.take(token)
                    continue
                }
                arguments = checked
                closing = collected.closing
            }
            let useIndex: Int
            if token.expansion >= 0 {
                useIndex = token.expansion
            } else {
                let last = closing ?? token
                uses.append(
                    MacroUse(
                        name: macro.name, start: token.origin, end: last.origin + last.text.utf8.count, file: token.file
                    ))
                useIndex = uses.count - 1
            }
            if let site = macro.site, uses[useIndex].hidden == nil { uses[useIndex].hidden = (macro.name, site) }
            var replacement =
                macro.builtin.map { [builtinToken($0, at: token)] }
                ?? substitute(macro, arguments: arguments, macros: macros, at: token)
            guard fatal == nil, spend(replacement.count, at: token) else { break }
            for index in replacement.indices {
                // An argument expanded by a use of its own: what that use hid, this one hides.
                if case let inner = replacement[index].expansion, inner >= 0, inner != useIndex,
                    uses[useIndex].hidden == nil, let hidden = uses[inner].hidden
                {
                    uses[useIndex].hidden = hidden
                }
                replacement[index].origin = token.origin
                replacement[index].line = token.line
                replacement[index].column = token.column
                replacement[index].file = token.file
                replacement[index].expansion = useIndex
                replacement[index].verbatim = false
                if !traditional { replacement[index].startOfLine = false }
            }
            if replacement.isEmpty {
                // Like clang: the next token on the same line inherits the use's spacing.
                var next = pending.count - 1
                while next >= 0, pending[next].kind == .endOfExpansion { next -= 1 }
                if next >= 0, pending[next].kind != .newline, !pending[next].startOfLine {
                    if token.leadingSpace { pending[next].leadingSpace = true }
                    if token.startOfLine { pending[next].startOfLine = true }
                } else if next < 0, unterminated != nil {
                    // The text's next piece starts with that token.
                    carriedSpacing.leadingSpace = carriedSpacing.leadingSpace || token.leadingSpace
                    carriedSpacing.startOfLine = carriedSpacing.startOfLine || token.startOfLine
                }
                continue
            }
            replacement[0].leadingSpace = token.leadingSpace
            replacement[0].startOfLine = token.startOfLine
            disabled[macro.name, default: 0] += 1
            pending.append(Self.endOfExpansion(macro.name))
            pending.append(contentsOf: replacement.reversed())
        }
    }

    /// The arguments of a function-like macro's use, taken from `pending`; nothing is taken
    /// when no `(` follows, or when the use is not closed (cpp stops with an error).
    private enum Collected {
        case noParenthesis
        case unclosed
        case closed([[CppToken]], CppToken)
    }

    private mutating func collectArguments(
        for macro: Macro, name: CppToken, from pending: inout [CppToken], reportingUnclosed: Bool, atEndWaits: Bool
    )
        -> Collected
    {
        var look = pending.count - 1
        while look >= 0, pending[look].kind == .endOfExpansion || (!traditional && pending[look].kind == .newline) {
            look -= 1
        }
        // Nothing follows in this piece of text: its `(` may start the next.
        if look < 0 && atEndWaits { return .unclosed }
        guard look >= 0, pending[look].isPunctuator("(") else { return .noParenthesis }
        // The closing parenthesis is found first (what is read is paid for, closed or not).
        var depth = 0
        var closing = look - 1
        while closing >= 0 {
            if pending[closing].isPunctuator("(") {
                depth += 1
            } else if pending[closing].isPunctuator(")") {
                if depth == 0 { break }
                depth -= 1
            }
            closing -= 1
        }
        // Still open where the text goes on: it is read again, whole, with the next piece (the
        // preprocessor holds it against the budget meanwhile); it is paid for when it closes.
        if closing < 0 && atEndWaits { return .unclosed }
        guard spend(look - max(closing, 0) + 1, at: name) else { return .noParenthesis }
        guard closing >= 0 else {
            if reportingUnclosed {
                notes.append(
                    .buildStop(
                        "the use of macro '\(macro.name)' has no closing ')'", origin: name.origin, file: name.file))
            }
            return .unclosed
        }
        // Reading the use reads past the ends of expansions in it: their macros are enabled again.
        for index in (look + 1)..<pending.count where pending[index].kind == .endOfExpansion { enable(pending[index]) }
        var arguments: [[CppToken]] = []
        var current: [CppToken] = []
        var afterNewline = false
        let parameterCount = macro.parameterCount
        depth = 0
        for index in stride(from: look - 1, to: closing, by: -1) {
            let token = pending[index]
            if token.kind == .endOfExpansion {
                enable(token)
                continue
            }
            if token.kind == .newline && !traditional {
                afterNewline = true
                continue
            }
            var argumentToken = token
            // Under -traditional, argument tokens keep their place at the start of a line (clang).
            if !traditional && (afterNewline || argumentToken.startOfLine) {
                argumentToken.leadingSpace = true
                argumentToken.startOfLine = false
                afterNewline = false
            }
            if token.isPunctuator("(") {
                depth += 1
            } else if token.isPunctuator(")") {
                depth -= 1
            } else if token.isPunctuator(","), depth == 0, !(macro.isVariadic && arguments.count == parameterCount - 1)
            {
                arguments.append(current)
                current = []
                continue
            }
            current.append(argumentToken)
        }
        arguments.append(current)
        let closingToken = pending[closing]
        pending.removeSubrange(closing...)
        return .closed(arguments, closingToken)
    }

    private mutating func checkCount(_ arguments: [[CppToken]], of macro: Macro, at name: CppToken) -> [[CppToken]]? {
        let expected = macro.parameterCount
        var arguments = arguments
        if expected == 0, arguments.count == 1, arguments[0].allSatisfy(\.isBlank) { return [] }
        if macro.isVariadic, arguments.count == expected - 1 { arguments.append([]) }
        if arguments.count == expected { return arguments }
        let many = arguments.count > expected ? "too many" : "too few"
        notes.append(
            .buildStop(
                "\(many) arguments for macro '\(macro.name)' (\(arguments.count) given, \(expected) expected)",
                origin: name.origin, file: name.file))
        return nil
    }

    private mutating func builtinToken(_ builtin: Macro.Builtin, at name: CppToken) -> CppToken {
        switch builtin {
        case .line:
            return MacroTable.syntheticToken(String(name.line))
        case .file:
            return MacroTable.syntheticToken(
                Self.stringLiteral(includedFileNames[name.file] ?? fileName), kind: .string)
        case .counter:
            defer { counter += 1 }
            return MacroTable.syntheticToken(String(counter))
        case .date, .time:
            notes.append(
                PreprocessorNote(
                    origin: name.origin, file: name.file,
                    message: "\(name.text) is the time of the build, which eplint cannot know; a placeholder is linted")
            )
            return MacroTable.syntheticToken(builtin == .date ? "\"Jan  1 2000\"" : "\"00:00:00\"", kind: .string)
        }
    }

    /// The body with parameters replaced, `#` and `##` applied (before rescanning).
    private mutating func substitute(_ macro: Macro, arguments: [[CppToken]], macros: MacroTable, at use: CppToken)
        -> [CppToken]
    {
        let parameters = macro.parameters ?? []
        let body = macro.body
        var expanded: [Int: [CppToken]] = [:]
        var result: [CppToken] = []
        var pasteNext = false
        func parameter(_ token: CppToken) -> Int? {
            token.kind == .identifier ? parameters.firstIndex(of: token.text) : nil
        }
        func nextIsPaste(_ index: Int) -> Bool {
            !traditional && index + 1 < body.count && body[index + 1].isPunctuator("##")
        }

        var index = 0
        while index < body.count {
            let token = body[index]
            if !traditional && macro.isFunctionLike && token.isPunctuator("#"), index + 1 < body.count,
                let argument = parameter(body[index + 1])
            {
                var string = MacroTable.syntheticToken(Self.stringize(arguments[argument]), kind: .string)
                // A string is paid for by its size (a big argument stringized many times).
                guard spend(string.text.utf8.count / 16, at: use) else { break }
                string.leadingSpace = token.leadingSpace
                append([string], to: &result, paste: &pasteNext)
                index += 2
                continue
            }
            if !traditional && token.isPunctuator("##") {
                pasteNext = true
                index += 1
                continue
            }
            if let argument = parameter(token) {
                let raw = pasteNext || nextIsPaste(index)
                // GNU: `, ## __VA_ARGS__` drops the comma when there are no variable arguments.
                if pasteNext, macro.isVariadic, argument == parameters.count - 1, arguments[argument].isEmpty,
                    result.last?.isPunctuator(",") == true
                {
                    result.removeLast()
                    pasteNext = false
                    index += 1
                    continue
                }
                // GNU: `, ## __VA_ARGS__` with variable arguments pastes nothing.
                if pasteNext, macro.isVariadic, argument == parameters.count - 1, result.last?.isPunctuator(",") == true
                {
                    pasteNext = false
                }
                var inserted: [CppToken]
                if raw {
                    inserted = arguments[argument]
                } else if let done = expanded[argument] {
                    inserted = done
                } else {
                    inserted = []
                    expand(arguments[argument], macros: macros, into: &inserted, unterminated: nil)
                    expanded[argument] = inserted
                }
                if inserted.isEmpty {
                    if raw { inserted = [MacroTable.syntheticToken("", kind: .placemarker)] }
                } else {
                    inserted[0].leadingSpace = token.leadingSpace
                }
                // A body that uses a large argument many times: stop before it outgrows the budget
                // (the tokens are paid for once, with the whole replacement).
                guard result.count + inserted.count <= remainingBudget else {
                    exceedBudget(at: use)
                    break
                }
                append(inserted, to: &result, paste: &pasteNext)
            } else {
                append([token], to: &result, paste: &pasteNext)
            }
            index += 1
        }
        result.removeAll { $0.kind == .placemarker }
        return result
    }

    private mutating func append(_ tokens: [CppToken], to result: inout [CppToken], paste: inout Bool) {
        guard !tokens.isEmpty else { return }
        if paste, let left = result.popLast() {
            paste = false
            result.append(contentsOf: pasted(left, tokens[0]))
            result.append(contentsOf: tokens.dropFirst())
        } else {
            result.append(contentsOf: tokens)
        }
    }

    /// `left ## right`: one token, or both as they were when they do not form one (an error in cpp).
    private mutating func pasted(_ left: CppToken, _ right: CppToken) -> [CppToken] {
        if left.kind == .placemarker { return [right] }
        if right.kind == .placemarker { return [left] }
        let text = left.text + right.text
        // Pastes in a row make longer and longer tokens: each is paid for by its size.
        guard spend(text.utf8.count / 8, at: left) else { return [left, right] }
        var lexer = CppLexer(
            LogicalText(Array(text.utf8)), lines: LineTable(Array(text.utf8)), traditional: false, lineComments: true,
            file: 0, spellingBase: 0)
        if let token = lexer.next(), token.text == text, lexer.next() == nil {
            var made = left
            made.kind = token.kind
            made.text = text
            made.spelling = -1
            made.noExpand = false
            return [made]
        }
        notes.append(
            .buildStop(
                "pasting formed '\(text)', an invalid preprocessing token", origin: left.origin, file: left.file))
        var unpasted = right
        unpasted.leadingSpace = false
        return [left, unpasted]
    }

    /// `#x`: the argument's spelling as a string literal.
    static func stringize(_ tokens: [CppToken]) -> String {
        var text = "\""
        for (index, token) in tokens.enumerated() where !token.isBlank {
            if index > 0 && (token.leadingSpace || token.startOfLine) { text += " " }
            if token.kind == .string || token.kind == .character {
                for character in token.text.unicodeScalars {
                    if character == "\"" || character == "\\" { text += "\\" }
                    text.unicodeScalars.append(character)
                }
            } else {
                text += token.text
            }
        }
        return text + "\""
    }

    static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for character in text.unicodeScalars {
            if character == "\"" || character == "\\" { literal += "\\" }
            literal.unicodeScalars.append(character)
        }
        return literal + "\""
    }
}

/// Where expanded tokens go: an array (arguments, `#if`, `#line`) or the printer (text lines).
protocol TokenSink {
    mutating func take(_ token: CppToken)
}

extension TokenSink {
    mutating func take(contentsOf tokens: [CppToken]) {
        for token in tokens { take(token) }
    }
}

extension Array: TokenSink where Element == CppToken {
    mutating func take(_ token: CppToken) { append(token) }
    mutating func take(contentsOf tokens: [CppToken]) {
        if isEmpty { self = tokens } else { append(contentsOf: tokens) }
    }
}

extension OutputPrinter: TokenSink {
    mutating func take(_ token: CppToken) { print(token) }
}
