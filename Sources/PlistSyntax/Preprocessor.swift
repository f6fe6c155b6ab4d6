/// The C preprocessor lines of a preprocessed Info.plist (Xcode's `INFOPLIST_PREPROCESS`):
/// conditionals are evaluated with the given macros so that eplint sees what cpp would
/// output. Nothing is ever included: an untrusted plist must not make eplint read files.
struct Preprocessor {
    enum Outcome: Equatable {
        case handled
        /// Not evaluated; the reason, for an EP007 note.
        case notEvaluated(String)
    }

    private struct Conditional {
        var parentActive: Bool
        var active: Bool
        var anyBranchTaken: Bool
    }

    private var macros: [String: String]
    private var conditionals: [Conditional] = []

    init(macros: [String: String]) { self.macros = macros }

    /// Whether text and elements at this point are in the output.
    var isActive: Bool { conditionals.last?.active ?? true }

    /// Applies one directive line (its text after the `#`).
    mutating func apply(_ directive: Substring) -> Outcome {
        var scanner = DirectiveScanner(directive)
        let name = scanner.identifier() ?? ""
        let rest = scanner.remainder
        switch name {
        case "ifdef", "ifndef":
            guard isActive else { return push(condition: false) }
            guard let macro = DirectiveScanner(rest).soleIdentifier() else {
                _ = push(condition: true)
                return .notEvaluated("#\(name) needs one macro name; its block is linted as if taken")
            }
            return push(condition: (macros[macro] != nil) == (name == "ifdef"))
        case "if":
            guard isActive else { return push(condition: false) }
            if let value = ConditionEvaluator(macros: macros).evaluate(rest) { return push(condition: value) }
            _ = push(condition: true)
            return .notEvaluated("cannot evaluate '#if\(rest.isEmpty ? "" : " ")\(rest.trimmingSpaces)'; its block is linted as if taken")
        case "elif":
            guard var top = conditionals.popLast() else { return .notEvaluated("#elif without #if; ignored") }
            defer { conditionals.append(top) }
            if top.anyBranchTaken || !top.parentActive {
                top.active = false
                return .handled
            }
            if let value = ConditionEvaluator(macros: macros).evaluate(rest) {
                top.active = value
                top.anyBranchTaken = value
                return .handled
            }
            top.active = true
            top.anyBranchTaken = true
            return .notEvaluated("cannot evaluate '#elif \(rest.trimmingSpaces)'; its block is linted as if taken")
        case "else":
            guard var top = conditionals.popLast() else { return .notEvaluated("#else without #if; ignored") }
            top.active = top.parentActive && !top.anyBranchTaken
            top.anyBranchTaken = true
            conditionals.append(top)
            return .handled
        case "endif":
            guard conditionals.popLast() != nil else { return .notEvaluated("#endif without #if; ignored") }
            return .handled
        case "define":
            guard isActive else { return .handled }
            var arguments = DirectiveScanner(rest)
            guard let macro = arguments.identifier() else { return .notEvaluated("#define needs a macro name; ignored") }
            macros[macro] = arguments.remainder.trimmingSpaces
            return .handled
        case "undef":
            guard isActive else { return .handled }
            guard let macro = DirectiveScanner(rest).soleIdentifier() else { return .notEvaluated("#undef needs one macro name; ignored") }
            macros[macro] = nil
            return .handled
        case "include", "import", "include_next":
            // Headers are never read (untrusted input must not make eplint open files).
            return .handled
        case "":
            // The null directive: a lone `#`.
            return rest.trimmingSpaces.isEmpty || !isActive ? .handled : .notEvaluated("'#\(directive.trimmingSpaces)' is not a preprocessor directive; ignored")
        case "pragma", "error", "warning", "line", "ident", "sccs", "assert", "unassert":
            return isActive ? .notEvaluated("#\(name) is not evaluated; ignored") : .handled
        default:
            return isActive ? .notEvaluated("'#\(name)' is not a preprocessor directive; ignored") : .handled
        }
    }

    private mutating func push(condition: Bool) -> Outcome {
        let parentActive = isActive
        conditionals.append(Conditional(parentActive: parentActive, active: parentActive && condition, anyBranchTaken: condition))
        return .handled
    }
}

/// `#if` expressions: integer literals, macro names (undefined ones are 0, as in cpp),
/// `defined(NAME)`, `defined NAME`, `!`, `&&`, `||` and parentheses. Anything else (for
/// example a comparison) is reported as not evaluated rather than guessed.
struct ConditionEvaluator {
    let macros: [String: String]

    func evaluate(_ expression: Substring) -> Bool? {
        guard let tokens = Self.tokenize(expression), !tokens.isEmpty else { return nil }
        var parser = Parser(tokens: tokens, macros: macros)
        guard let value = parser.parseOr(), parser.index == tokens.count else { return nil }
        return value != 0
    }

    enum Token: Equatable { case number(Int64), name(String), open, close, not, and, or }

    static func tokenize(_ text: Substring) -> [Token]? {
        var tokens: [Token] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == " " || character == "\t" { index = text.index(after: index); continue }
            let next = text.index(after: index)
            let pair = next < text.endIndex ? String([character, text[next]]) : String(character)
            if pair == "&&" { tokens.append(.and); index = text.index(after: next); continue }
            if pair == "||" { tokens.append(.or); index = text.index(after: next); continue }
            if pair == "!=" { return nil }
            switch character {
            case "(": tokens.append(.open)
            case ")": tokens.append(.close)
            case "!": tokens.append(.not)
            default:
                if character.isASCII && (character.isLetter || character == "_") {
                    var end = index
                    while end < text.endIndex, text[end].isASCII, text[end].isLetter || text[end].isNumber || text[end] == "_" { end = text.index(after: end) }
                    tokens.append(.name(String(text[index..<end])))
                    index = end
                    continue
                }
                if character.isASCII && character.isNumber {
                    var end = index
                    while end < text.endIndex, text[end].isASCII, text[end].isHexDigit || "xXuUlL".contains(text[end]) { end = text.index(after: end) }
                    guard let value = integerLiteral(text[index..<end]) else { return nil }
                    tokens.append(.number(value))
                    index = end
                    continue
                }
                return nil
            }
            index = next
        }
        return tokens
    }

    static func integerLiteral(_ text: Substring) -> Int64? {
        var digits = text
        while let last = digits.last, "uUlL".contains(last) { digits = digits.dropLast() }
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { return Int64(digits.dropFirst(2), radix: 16) }
        if digits.count > 1 && digits.hasPrefix("0") { return Int64(digits.dropFirst(), radix: 8) }
        return Int64(digits, radix: 10)
    }

    struct Parser {
        let tokens: [Token]
        let macros: [String: String]
        var index = 0

        mutating func parseOr() -> Int64? {
            guard var value = parseAnd() else { return nil }
            while index < tokens.count, tokens[index] == .or {
                index += 1
                guard let right = parseAnd() else { return nil }
                value = (value != 0 || right != 0) ? 1 : 0
            }
            return value
        }

        mutating func parseAnd() -> Int64? {
            guard var value = parseUnary() else { return nil }
            while index < tokens.count, tokens[index] == .and {
                index += 1
                guard let right = parseUnary() else { return nil }
                value = (value != 0 && right != 0) ? 1 : 0
            }
            return value
        }

        mutating func parseUnary() -> Int64? {
            guard index < tokens.count else { return nil }
            let token = tokens[index]
            index += 1
            switch token {
            case .not:
                guard let value = parseUnary() else { return nil }
                return value == 0 ? 1 : 0
            case .open:
                guard let value = parseOr(), index < tokens.count, tokens[index] == .close else { return nil }
                index += 1
                return value
            case .number(let value):
                return value
            case .name("defined"):
                let parenthesised = index < tokens.count && tokens[index] == .open
                if parenthesised { index += 1 }
                guard index < tokens.count, case .name(let macro) = tokens[index] else { return nil }
                index += 1
                if parenthesised {
                    guard index < tokens.count, tokens[index] == .close else { return nil }
                    index += 1
                }
                return macros[macro] != nil ? 1 : 0
            case .name(let macro):
                guard let definition = macros[macro] else { return 0 }
                // A macro whose value is not a plain number would need full cpp expansion.
                return ConditionEvaluator.integerLiteral(Substring(Substring(definition).trimmingSpaces))
            case .close, .and, .or:
                return nil
            }
        }
    }
}

/// Reads the words of a directive line.
struct DirectiveScanner {
    private var text: Substring

    init(_ text: Substring) { self.text = text }

    var remainder: Substring { text }

    mutating func identifier() -> String? {
        text = text.drop { $0 == " " || $0 == "\t" }
        let name = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        guard !name.isEmpty else { return nil }
        text = text.dropFirst(name.count)
        return String(name)
    }

    /// The line's only word, or nil when there is none or more than one.
    func soleIdentifier() -> String? {
        var copy = self
        guard let name = copy.identifier(), copy.remainder.trimmingSpaces.isEmpty else { return nil }
        return name
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
