// Directives: `#define`, `#undef`, `#line`, `#pragma`, `#error`, and the dispatch to the
// conditionals and includes.
extension PreprocessorRun {
    mutating func note(_ message: String, at token: CppToken) {
        notes.append(PreprocessorNote(origin: token.origin, file: token.file, message: message))
    }

    /// clang's error: Xcode's build stops (EP002; the first in the files' order is reported).
    mutating func fail(_ what: String, at token: CppToken, metAt: Int? = nil) {
        var error = PreprocessorNote.buildStop(what, origin: token.origin, file: token.file)
        error.metAt = metAt
        notes.append(error)
    }

    /// The error clang meets first: prefix headers are read before the plist.
    func firstBuildStop() -> PreprocessorNote? {
        func met(_ note: PreprocessorNote) -> [Int] {
            (readingOrder[note.file] ?? [Int.max]) + [note.metAt ?? note.origin]
        }
        return (notes + expander.notes).filter(\.stopsBuild).min { met($0).lexicographicallyPrecedes(met($1)) }
    }

    mutating func directive(
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

    mutating func activeDirective(
        _ name: String, nameToken: CppToken, arguments: [CppToken], rest: [CppToken],
        hash: CppToken, lexer: inout CppLexer
    ) {
        switch name {
        case "define":
            switch MacroTable.parseDefinition(rest, traditional: traditional) {
            case .success(var macro):
                if hash.file > 0, let header = headerLines[hash.file] {
                    macro.site = "at \(header.path):\(header.lines.line(of: hash.origin))"
                }
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
    func place(of hash: CppToken) -> String {
        guard hash.file > 0, let path = headerLines[hash.file]?.path else { return "" }
        return hash.file <= options.prefixHeaders.count ? " (in prefix header \(path))" : " (in \(path))"
    }

    /// Under -traditional, directives are read without blank tokens (as clang does): a blank
    /// becomes the next token's leading space; comments vanish.
    static func withoutBlankTokens(_ tokens: ArraySlice<CppToken>) -> [CppToken] {
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
}
