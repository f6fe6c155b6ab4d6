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
}

/// Something cpp would stop with an error at, or that eplint cannot know (EP007).
struct PreprocessorNote {
    var origin: Int
    var file: Int
    var message: String
}

/// Macro replacement as C specifies it and clang does it: object-like and function-like
/// macros, arguments expanded before substitution (not next to `#` or `##`), `#` and `##`,
/// rescanning with hide sets, so a macro never expands inside itself. Under -traditional
/// `#` and `##` are plain tokens and a function-like macro needs `(` right after its name.
struct MacroExpander {
    let traditional: Bool
    let fileName: String
    /// In `#if`: the operand of `defined` is never expanded, even when a macro produced `defined`.
    var protectsDefined = false
    private(set) var uses: [MacroUse] = []
    var notes: [PreprocessorNote] = []
    private var counter = 0
    /// Tokens the expansions of one run of text (or one directive) may still produce. Macros
    /// that double at every level (`#define A B B`, `#define B C C`, …) would take time and
    /// memory exponential in the number of definitions; past the budget eplint expands
    /// nothing more there (EP007).
    private var budget = 0
    private var budgetNoted = false
    private var nesting = 0
    static let expansionBudget = 1 << 16

    init(traditional: Bool, fileName: String) {
        self.traditional = traditional
        self.fileName = fileName
    }

    mutating func expand(_ input: [CppToken], macros: MacroTable) -> [CppToken] {
        expand(input, macros: macros, unterminated: nil)
    }

    /// Text lines: a function-like macro's use still open at the end of `input` is not an
    /// error yet (its arguments may go on after the next directive, as in cpp): it and what
    /// follows it are handed back in `unterminated`, unexpanded.
    mutating func expandText(_ input: [CppToken], macros: MacroTable) -> (output: [CppToken], unterminated: [CppToken]) {
        var unterminated: [CppToken] = []
        let output = expand(input, macros: macros, unterminated: &unterminated)
        return (output, unterminated)
    }

    private mutating func expand(_ input: [CppToken], macros: MacroTable, unterminated: UnsafeMutablePointer<[CppToken]>?) -> [CppToken] {
        if nesting == 0 {
            budget = Self.expansionBudget + 4 * input.count
            budgetNoted = false
        }
        nesting += 1
        defer { nesting -= 1 }
        var output: [CppToken] = []
        output.reserveCapacity(input.count)
        var pending = Array(input.reversed())
        while var token = pending.popLast() {
            if protectsDefined && token.kind == .identifier && token.text == "defined" {
                output.append(token)
                if pending.last?.isPunctuator("(") == true { output.append(pending.removeLast()) }
                if var operand = pending.last, operand.kind == .identifier {
                    pending.removeLast()
                    operand.noExpand = true
                    output.append(operand)
                }
                continue
            }
            guard token.kind == .identifier, !token.noExpand, let macro = macros[token.text] else {
                output.append(token)
                continue
            }
            if token.hideSet.contains(macro.name) {
                token.noExpand = true
                output.append(token)
                continue
            }
            guard budget > 0 else {
                if !budgetNoted {
                    budgetNoted = true
                    notes.append(PreprocessorNote(origin: token.origin, file: token.file,
                                                  message: "macro expansion produces more than \(Self.expansionBudget) tokens here; eplint expands no more macros from here to the next directive (cpp would go on, at length)"))
                }
                token.noExpand = true
                output.append(token)
                continue
            }
            var arguments: [[CppToken]] = []
            var closing: CppToken?
            if macro.isFunctionLike {
                let collected: (arguments: [[CppToken]], closing: CppToken)
                switch collectArguments(for: macro, name: token, from: &pending, reportingUnclosed: unterminated == nil) {
                case .noParenthesis:
                    output.append(token)
                    continue
                case .unclosed:
                    if let unterminated {
                        unterminated.pointee = [token] + pending.reversed()
                        return output
                    }
                    output.append(token)
                    continue
                case .closed(let arguments, let closing):
                    collected = (arguments, closing)
                }
                guard let checked = checkCount(collected.arguments, of: macro, at: token) else {
                    // clang reports the error and drops the invocation's arguments.
                    output.append(token)
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
                uses.append(MacroUse(name: macro.name, start: token.origin, end: last.origin + last.text.utf8.count, file: token.file))
                useIndex = uses.count - 1
            }
            var hideSet = token.hideSet
            if let closing { hideSet.formIntersection(closing.hideSet) }
            hideSet.insert(macro.name)
            var replacement = macro.builtin.map { [builtinToken($0, at: token)] } ?? substitute(macro, arguments: arguments, macros: macros)
            budget = max(0, budget - replacement.count)
            for index in replacement.indices {
                replacement[index].origin = token.origin
                replacement[index].line = token.line
                replacement[index].column = token.column
                replacement[index].file = token.file
                replacement[index].expansion = useIndex
                replacement[index].verbatim = false
                if !traditional { replacement[index].startOfLine = false }
                replacement[index].hideSet.formUnion(hideSet)
            }
            if replacement.isEmpty {
                // Like clang: the next token on the same line inherits the use's spacing.
                if let next = pending.indices.last, pending[next].kind != .newline, !pending[next].startOfLine {
                    if token.leadingSpace { pending[next].leadingSpace = true }
                    if token.startOfLine { pending[next].startOfLine = true }
                }
            } else {
                replacement[0].leadingSpace = token.leadingSpace
                replacement[0].startOfLine = token.startOfLine
            }
            pending.append(contentsOf: replacement.reversed())
        }
        return output
    }

    /// The arguments of a function-like macro's use, taken from `pending`; nil (and nothing
    /// taken) when no `(` follows, or when the use is not closed (cpp stops with an error).
    private enum Collected {
        case noParenthesis
        case unclosed
        case closed([[CppToken]], CppToken)
    }

    private mutating func collectArguments(for macro: Macro, name: CppToken, from pending: inout [CppToken], reportingUnclosed: Bool)
        -> Collected {
        var look = pending.count - 1
        if !traditional { while look >= 0, pending[look].kind == .newline { look -= 1 } }
        guard look >= 0, pending[look].isPunctuator("(") else { return .noParenthesis }
        var taken: [CppToken] = []
        while pending.count - 1 >= look { taken.append(pending.removeLast()) }
        var arguments: [[CppToken]] = []
        var current: [CppToken] = []
        var depth = 0
        var afterNewline = false
        let parameterCount = macro.parameters?.count ?? 0
        while let token = pending.popLast() {
            taken.append(token)
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
                if depth == 0 {
                    arguments.append(current)
                    return .closed(arguments, token)
                }
                depth -= 1
            } else if token.isPunctuator(","), depth == 0, !(macro.isVariadic && arguments.count == parameterCount - 1) {
                arguments.append(current)
                current = []
                continue
            }
            current.append(argumentToken)
        }
        pending.append(contentsOf: taken.reversed())
        if reportingUnclosed {
            notes.append(PreprocessorNote(origin: name.origin, file: name.file,
                                          message: "the use of macro '\(macro.name)' has no closing ')'; cpp stops with an error here"))
        }
        return .unclosed
    }

    private mutating func checkCount(_ arguments: [[CppToken]], of macro: Macro, at name: CppToken) -> [[CppToken]]? {
        let expected = macro.parameters?.count ?? 0
        var arguments = arguments
        if expected == 0, arguments.count == 1, arguments[0].allSatisfy(\.isBlank) { return [] }
        if macro.isVariadic, arguments.count == expected - 1 { arguments.append([]) }
        if arguments.count == expected { return arguments }
        let many = arguments.count > expected ? "too many" : "too few"
        notes.append(PreprocessorNote(origin: name.origin, file: name.file,
                                      message: "\(many) arguments for macro '\(macro.name)' (\(arguments.count) given, \(expected) expected); cpp stops with an error here"))
        return nil
    }

    private mutating func builtinToken(_ builtin: Macro.Builtin, at name: CppToken) -> CppToken {
        switch builtin {
        case .line:
            return MacroTable.syntheticToken(String(name.line))
        case .file:
            return MacroTable.syntheticToken(Self.stringLiteral(fileName), kind: .string)
        case .counter:
            defer { counter += 1 }
            return MacroTable.syntheticToken(String(counter))
        case .date, .time:
            notes.append(PreprocessorNote(origin: name.origin, file: name.file,
                                          message: "\(name.text) is the time of the build, which eplint cannot know; a placeholder is linted"))
            return MacroTable.syntheticToken(builtin == .date ? "\"Jan  1 2000\"" : "\"00:00:00\"", kind: .string)
        }
    }

    /// The body with parameters replaced, `#` and `##` applied (before rescanning).
    private mutating func substitute(_ macro: Macro, arguments: [[CppToken]], macros: MacroTable) -> [CppToken] {
        let parameters = macro.parameters ?? []
        let body = macro.body
        var expanded: [Int: [CppToken]] = [:]
        var result: [CppToken] = []
        var pasteNext = false
        func parameter(_ token: CppToken) -> Int? { token.kind == .identifier ? parameters.firstIndex(of: token.text) : nil }
        func nextIsPaste(_ index: Int) -> Bool { !traditional && index + 1 < body.count && body[index + 1].isPunctuator("##") }

        var index = 0
        while index < body.count {
            let token = body[index]
            if !traditional && macro.isFunctionLike && token.isPunctuator("#"), index + 1 < body.count, let argument = parameter(body[index + 1]) {
                var string = MacroTable.syntheticToken(Self.stringize(arguments[argument]), kind: .string)
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
                   result.last?.isPunctuator(",") == true {
                    result.removeLast()
                    pasteNext = false
                    index += 1
                    continue
                }
                // GNU: `, ## __VA_ARGS__` with variable arguments pastes nothing.
                if pasteNext, macro.isVariadic, argument == parameters.count - 1, result.last?.isPunctuator(",") == true {
                    pasteNext = false
                }
                var inserted: [CppToken]
                if raw {
                    inserted = arguments[argument]
                } else if let done = expanded[argument] {
                    inserted = done
                } else {
                    inserted = expand(arguments[argument], macros: macros)
                    expanded[argument] = inserted
                }
                if inserted.isEmpty {
                    if raw { inserted = [MacroTable.syntheticToken("", kind: .placemarker)] }
                } else {
                    inserted[0].leadingSpace = token.leadingSpace
                }
                // A body that uses a large argument many times: stop before it outgrows the budget.
                guard inserted.count <= budget - result.count else {
                    budget = 0
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
        var lexer = CppLexer(LogicalText(Array(text.utf8)), lines: LineTable(Array(text.utf8)), traditional: false, lineComments: true,
                             file: 0, spellingBase: 0)
        if let token = lexer.next(), token.text == text, lexer.next() == nil {
            var made = left
            made.kind = token.kind
            made.text = text
            made.spelling = -1
            made.noExpand = false
            return [made]
        }
        notes.append(PreprocessorNote(origin: left.origin, file: left.file,
                                      message: "pasting formed '\(text)', an invalid preprocessing token; cpp stops with an error here"))
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
