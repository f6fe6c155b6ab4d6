import EplintBase

// The command line: definitions, undefinitions and the flags that change the language.
extension PreprocessorRun {
    /// `-D`, `-U` in order (definitions first, as Xcode passes them), and the flags that
    /// change the language; anything else is listed as ignored.
    mutating func applyCommandLine() {
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
                if case .success(var macro) = MacroTable.parseDefinition(tokens, traditional: traditional) {
                    macro.site = options.repositoryDefinitions[argument].map { "by \($0)" }
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

    mutating func lex(_ text: String) -> [CppToken] {
        let bytes = Array(text.utf8)
        var lexer = CppLexer(
            LogicalText(bytes), lines: LineTable(bytes), traditional: traditional, lineComments: lineComments,
            file: -1, spellingBase: reserveSpelling(bytes.count))
        var tokens: [CppToken] = []
        while let token = lexer.next() { tokens.append(token) }
        return tokens
    }

    mutating func reserveSpelling(_ count: Int) -> Int {
        defer { nextSpellingBase += count + 1 }
        return nextSpellingBase
    }
}
