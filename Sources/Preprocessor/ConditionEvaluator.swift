/// Where an `#if` expression's tokens come from: a line already read (blanks skipped), or
/// the lexer itself, so that a megabyte expression without macros is never held as tokens.
protocol ConditionTokens {
    /// The expression's next token, or nil at its end.
    mutating func next() -> CppToken?
}

/// The tokens of a line read whole (after macro replacement).
struct ConditionTokenSlice: ConditionTokens {
    private let tokens: ArraySlice<CppToken>
    private var index: Int

    init(_ tokens: ArraySlice<CppToken>) {
        self.tokens = tokens
        index = tokens.startIndex
    }

    mutating func next() -> CppToken? {
        while index < tokens.endIndex {
            defer { index += 1 }
            if !tokens[index].isBlank { return tokens[index] }
        }
        return nil
    }
}

/// cpp's integer constant expressions in `#if` and `#elif`, after `defined` and macro
/// replacement: intmax_t/uintmax_t arithmetic with C's conversions, every C operator
/// including `?:` and `,`, character constants, short-circuiting (a division by zero in an
/// operand not evaluated is fine). Identifiers left over are 0.
struct ConditionEvaluator<Source: ConditionTokens> {
    typealias Value = ConditionValue

    private var source: Source
    private var current: CppToken?

    private init(_ source: Source) {
        self.source = source
        current = self.source.next()
    }

    private mutating func advance() { current = source.next() }

    /// The value, and the error cpp reports if any. Like clang: an error inside the expression
    /// makes it false; an expression followed by `,`, `:` or `)` keeps its value (clang stops
    /// there, reports "expected end of line" and uses what it has). `source` is read up to
    /// where the expression stops.
    static func evaluate(_ source: inout Source) -> (value: Bool, failure: DirectiveFailure?) {
        var evaluator = ConditionEvaluator(source)
        defer { source = evaluator.source }
        guard evaluator.current != nil else { return (false, DirectiveFailure("#if with no expression")) }
        do {
            let value = try evaluator.parse()
            // A literal too big for any integer type is clang's error after the fact: the
            // value (wrapped to 64 bits) still chooses the group.
            guard let rest = evaluator.current else { return (value.isTrue, evaluator.oversizedLiteral) }
            let failure =
                evaluator.oversizedLiteral
                ?? DirectiveFailure("token '\(rest.text)' is not valid in a preprocessor expression")
            let stopsHere = rest.kind == .punctuator && [",", ":", ")"].contains(rest.text)
            return (stopsHere && value.isTrue, failure)
        } catch let failure as DirectiveFailure {
            return (false, failure)
        } catch {
            return (false, DirectiveFailure("invalid expression"))
        }
    }

    private var oversizedLiteral: DirectiveFailure?

    /// An operator waiting for its right operand, in 4 bytes (an expression of a million
    /// `!` or `(` keeps a million). `outer`: whether the expression it belongs to is evaluated
    /// (C's short-circuit: `0 && 1/0` is no division by zero). A `?` keeps its condition, and
    /// a `:` its condition and first value, on the value stack.
    private enum Pending {
        case prefix(UInt8)
        case binary(ConditionOperator, outer: Bool)
        case comma
        case open
        case question(outer: Bool)
        case colon(outer: Bool)

        var precedence: Int {
            switch self {
            case .prefix: 20
            case .binary(let operation, _): operation.precedence
            case .colon: 1
            case .comma: 0
            case .open, .question: -1
            }
        }
    }

    /// Operator precedence with explicit stacks instead of recursive descent: parentheses,
    /// `?:` and prefix operators nested to any depth cost heap, not stack. The expression
    /// ends at the first token that cannot continue it (a `,` `:` or `)` with nothing open
    /// to take it, as clang's parser stops there).
    private mutating func parse() throws -> Value {
        var operators: [Pending] = []
        var values: [Value] = []
        var evaluated = true
        // Open parentheses and `?` not yet matched: a comma is an operator only inside them.
        var enclosing = 0

        func reduce(above minimum: Int) throws {
            while let top = operators.last, top.precedence >= minimum, top.precedence >= 0 {
                operators.removeLast()
                let right = values.removeLast()
                switch top {
                case .prefix(let operation):
                    switch operation {
                    case UInt8(ascii: "-"): values.append(Value(bits: 0 &- right.bits, isUnsigned: right.isUnsigned))
                    case UInt8(ascii: "~"): values.append(Value(bits: ~right.bits, isUnsigned: right.isUnsigned))
                    case UInt8(ascii: "!"): values.append(.bool(!right.isTrue))
                    default: values.append(right)
                    }
                case .binary(let operation, let outer):
                    let left = values.removeLast()
                    values.append(try ConditionArithmetic.apply(operation, left, right, evaluated: outer))
                    evaluated = outer
                case .comma:
                    values[values.count - 1] = right
                case .colon(let outer):
                    let whenTrue = values.removeLast()
                    let condition = values.removeLast()
                    var chosen = condition.isTrue ? whenTrue : right
                    chosen.isUnsigned = whenTrue.isUnsigned || right.isUnsigned
                    values.append(chosen)
                    evaluated = outer
                case .open, .question:
                    break
                }
            }
        }

        while true {
            // An operand: prefix operators and parentheses, then a value.
            guard let token = current else { throw DirectiveFailure("expected a value at the end of the expression") }
            advance()
            switch token.kind {
            case .punctuator where ConditionArithmetic.isPrefixOperator(token.text):
                operators.append(.prefix(token.text.utf8.first!))
                continue
            case .punctuator where token.text == "(":
                operators.append(.open)
                enclosing += 1
                continue
            case .number:
                let (value, oversized) = try ConditionArithmetic.integer(token.text)
                if oversized && oversizedLiteral == nil {
                    oversizedLiteral = DirectiveFailure(
                        "integer constant '\(token.text)' is too large for any integer type", isFatal: true)
                }
                values.append(value)
            case .character: values.append(try ConditionArithmetic.character(token.text))
            case .identifier:
                // An identifier left over is 0, but a call of an undefined macro is clang's error.
                if current?.isPunctuator("(") == true {
                    throw DirectiveFailure("function-like macro '\(token.text)' is not defined")
                }
                values.append(.int(0))
            default: throw DirectiveFailure("token '\(token.text)' is not valid in a preprocessor expression")
            }
            // After the operand: closing parentheses, then an operator (and another operand),
            // or the end of the expression.
            var ended = true
            while let next = current, next.kind == .punctuator {
                if next.text == ")" {
                    try reduce(above: 0)
                    guard case .open = operators.last else { break }
                    operators.removeLast()
                    enclosing -= 1
                    advance()
                    continue
                }
                if let operation = ConditionOperator(next.text) {
                    try reduce(above: operation.precedence)
                    let left = values[values.count - 1]
                    operators.append(.binary(operation, outer: evaluated))
                    if operation == .logicalAnd { evaluated = evaluated && left.isTrue }
                    if operation == .logicalOr { evaluated = evaluated && !left.isTrue }
                } else if next.text == "?" {
                    try reduce(above: 2)
                    operators.append(.question(outer: evaluated))
                    enclosing += 1
                    evaluated = evaluated && values[values.count - 1].isTrue
                } else if next.text == ":" {
                    try reduce(above: 0)
                    guard case .question(let outer) = operators.last else { break }
                    operators[operators.count - 1] = .colon(outer: outer)
                    enclosing -= 1
                    evaluated = outer && !values[values.count - 2].isTrue
                } else if next.text == ",", enclosing > 0 {
                    try reduce(above: 0)
                    operators.append(.comma)
                } else {
                    break
                }
                advance()
                ended = false
                break
            }
            guard ended else { continue }
            try reduce(above: 0)
            switch operators.last {
            case .open: throw DirectiveFailure("expected ')' in a preprocessor expression")
            case .question: throw DirectiveFailure("expected ':' in a '?:' expression")
            default: return values[values.count - 1]
            }
        }
    }
}

/// A value of cpp's arithmetic: intmax_t or uintmax_t.
struct ConditionValue {
    var bits: UInt64
    var isUnsigned: Bool
    var signed: Int64 { Int64(bitPattern: bits) }
    var isTrue: Bool { bits != 0 }
    static func int(_ value: Int64) -> ConditionValue {
        ConditionValue(bits: UInt64(bitPattern: value), isUnsigned: false)
    }
    static func bool(_ value: Bool) -> ConditionValue { .int(value ? 1 : 0) }
}

/// cpp's binary operators but `?:` and `,`.
enum ConditionOperator: UInt8 {
    case logicalOr, logicalAnd, bitOr, bitXor, bitAnd, equal, notEqual, less, greater, lessEqual, greaterEqual
    case shiftLeft, shiftRight, plus, minus, times, divide, remainder

    /// The operator a punctuator spells, or nil. Read from the bytes, not looked up by
    /// hashing: it runs once per token of expressions that may be megabytes long.
    init?(_ text: String) {
        let utf8 = text.utf8
        guard let first = utf8.first else { return nil }
        switch utf8.count {
        case 1:
            switch first {
            case UInt8(ascii: "|"): self = .bitOr
            case UInt8(ascii: "^"): self = .bitXor
            case UInt8(ascii: "&"): self = .bitAnd
            case UInt8(ascii: "<"): self = .less
            case UInt8(ascii: ">"): self = .greater
            case UInt8(ascii: "+"): self = .plus
            case UInt8(ascii: "-"): self = .minus
            case UInt8(ascii: "*"): self = .times
            case UInt8(ascii: "/"): self = .divide
            case UInt8(ascii: "%"): self = .remainder
            default: return nil
            }
        case 2:
            switch (first, utf8[utf8.index(after: utf8.startIndex)]) {
            case (UInt8(ascii: "|"), UInt8(ascii: "|")): self = .logicalOr
            case (UInt8(ascii: "&"), UInt8(ascii: "&")): self = .logicalAnd
            case (UInt8(ascii: "="), UInt8(ascii: "=")): self = .equal
            case (UInt8(ascii: "!"), UInt8(ascii: "=")): self = .notEqual
            case (UInt8(ascii: "<"), UInt8(ascii: "=")): self = .lessEqual
            case (UInt8(ascii: ">"), UInt8(ascii: "=")): self = .greaterEqual
            case (UInt8(ascii: "<"), UInt8(ascii: "<")): self = .shiftLeft
            case (UInt8(ascii: ">"), UInt8(ascii: ">")): self = .shiftRight
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Lowest first (all left-associative; `?:` is 1, the comma 0, prefix operators above all).
    var precedence: Int {
        switch self {
        case .logicalOr: 2
        case .logicalAnd: 3
        case .bitOr: 4
        case .bitXor: 5
        case .bitAnd: 6
        case .equal, .notEqual: 7
        case .less, .greater, .lessEqual, .greaterEqual: 8
        case .shiftLeft, .shiftRight: 9
        case .plus, .minus: 10
        case .times, .divide, .remainder: 11
        }
    }
}

/// The arithmetic and literals of cpp's expressions.
enum ConditionArithmetic {
    typealias Value = ConditionValue

    /// `+` `-` `~` `!`.
    static func isPrefixOperator(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == 1, let first = utf8.first else { return false }
        return first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: "~")
            || first == UInt8(ascii: "!")
    }

    static func apply(_ operation: ConditionOperator, _ left: Value, _ right: Value, evaluated: Bool) throws -> Value {
        let isUnsigned = left.isUnsigned || right.isUnsigned
        switch operation {
        case .logicalOr: return .bool(left.isTrue || right.isTrue)
        case .logicalAnd: return .bool(left.isTrue && right.isTrue)
        case .bitOr: return Value(bits: left.bits | right.bits, isUnsigned: isUnsigned)
        case .bitXor: return Value(bits: left.bits ^ right.bits, isUnsigned: isUnsigned)
        case .bitAnd: return Value(bits: left.bits & right.bits, isUnsigned: isUnsigned)
        case .equal: return .bool(left.bits == right.bits)
        case .notEqual: return .bool(left.bits != right.bits)
        case .less, .greater, .lessEqual, .greaterEqual:
            let order: Int
            if isUnsigned {
                order = left.bits < right.bits ? -1 : left.bits == right.bits ? 0 : 1
            } else {
                order = left.signed < right.signed ? -1 : left.signed == right.signed ? 0 : 1
            }
            switch operation {
            case .less: return .bool(order < 0)
            case .greater: return .bool(order > 0)
            case .lessEqual: return .bool(order <= 0)
            default: return .bool(order >= 0)
            }
        case .shiftLeft, .shiftRight:
            // The result has the left operand's type. As clang (APInt): the count is read as
            // unsigned, so a negative one is huge; `<<` by 64 or more is 0, `>>` by 64 or more
            // shifts by 63 (issue 46: eplint shifted a negative count the other way).
            let count = right.bits
            if operation == .shiftLeft {
                return Value(bits: count >= 64 ? 0 : left.bits << count, isUnsigned: left.isUnsigned)
            }
            let limited = min(count, 63)
            if left.isUnsigned { return Value(bits: left.bits >> limited, isUnsigned: true) }
            return .int(left.signed >> Int64(limited))
        case .plus: return Value(bits: left.bits &+ right.bits, isUnsigned: isUnsigned)
        case .minus: return Value(bits: left.bits &- right.bits, isUnsigned: isUnsigned)
        case .times: return Value(bits: left.bits &* right.bits, isUnsigned: isUnsigned)
        default:
            guard right.bits != 0 else {
                if evaluated { throw DirectiveFailure("division by zero in a preprocessor expression") }
                return .int(0)
            }
            if isUnsigned {
                return Value(
                    bits: operation == .divide ? left.bits / right.bits : left.bits % right.bits, isUnsigned: true)
            }
            if left.signed == .min && right.signed == -1 { return .int(operation == .divide ? .min : 0) }
            return .int(operation == .divide ? left.signed / right.signed : left.signed % right.signed)
        }
    }

    /// An integer literal: decimal, octal, hex or binary, with u/l/ll suffixes; `oversized`
    /// when it does not fit 64 bits (clang's error; its value wrapped, as clang keeps it).
    static func integer(_ text: String) throws -> (value: Value, oversized: Bool) {
        if let plain = plainDecimal(text) { return (.int(plain), false) }
        var digits = Substring(text)
        var isUnsigned = false
        while let last = digits.last, "uUlL".contains(last) {
            if last == "u" || last == "U" { isUnsigned = true }
            digits = digits.dropLast()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        } else if digits.hasPrefix("0b") || digits.hasPrefix("0B") {
            radix = 2
            digits = digits.dropFirst(2)
        } else if digits.count > 1 && digits.hasPrefix("0") {
            radix = 8
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.hexDigitValue.map { $0 < radix } == true }) else {
            if digits.contains(".") || (radix == 10 && (digits.contains("e") || digits.contains("E"))) {
                throw DirectiveFailure("floating constant '\(text)' in a preprocessor expression")
            }
            throw DirectiveFailure("invalid integer constant '\(text)'")
        }
        guard let value = UInt64(digits, radix: radix) else {
            var wrapped: UInt64 = 0
            for digit in digits { wrapped = wrapped &* UInt64(radix) &+ UInt64(digit.hexDigitValue!) }
            return (Value(bits: wrapped, isUnsigned: true), true)
        }
        // A decimal literal too big for intmax_t is unsigned (clang warns); so is a hex/octal one.
        return (Value(bits: value, isUnsigned: isUnsigned || value > UInt64(Int64.max)), false)
    }

    /// A decimal literal of at most 18 digits without a suffix or leading zero (it fits in
    /// intmax_t), the common case, read without the general path's string slicing.
    private static func plainDecimal(_ text: String) -> Int64? {
        let utf8 = text.utf8
        guard let first = utf8.first, utf8.count <= 18, first != UInt8(ascii: "0") || utf8.count == 1 else {
            return nil
        }
        var value: Int64 = 0
        for byte in utf8 {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// A character constant: its value as clang computes it (an int; several characters
    /// packed, the last lowest; a plain char is signed).
    static func character(_ text: String) throws -> Value {
        var bytes = Array(text.utf8)
        var wide = false
        while let first = bytes.first, first != UInt8(ascii: "'") {
            wide = true
            bytes.removeFirst()
        }
        bytes = Array(bytes.dropFirst().dropLast())
        var values: [UInt64] = []
        var index = 0
        while index < bytes.count {
            var byte = UInt64(bytes[index])
            index += 1
            if byte == UInt64(UInt8(ascii: "\\")), index < bytes.count {
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): byte = 10
                case UInt8(ascii: "t"): byte = 9
                case UInt8(ascii: "r"): byte = 13
                case UInt8(ascii: "a"): byte = 7
                case UInt8(ascii: "b"): byte = 8
                case UInt8(ascii: "f"): byte = 12
                case UInt8(ascii: "v"): byte = 11
                case UInt8(ascii: "e"): byte = 27
                case UInt8(ascii: "x"):
                    var value: UInt64 = 0
                    while index < bytes.count, let digit = Int(String(UnicodeScalar(bytes[index])), radix: 16) {
                        value = value &* 16 &+ UInt64(digit)
                        index += 1
                    }
                    byte = value
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = UInt64(escape - UInt8(ascii: "0"))
                    var count = 1
                    while count < 3, index < bytes.count, bytes[index] >= UInt8(ascii: "0"),
                        bytes[index] <= UInt8(ascii: "7")
                    {
                        value = value * 8 + UInt64(bytes[index] - UInt8(ascii: "0"))
                        index += 1
                        count += 1
                    }
                    byte = value
                default: byte = UInt64(escape)
                }
            }
            values.append(byte)
        }
        guard !values.isEmpty else { throw DirectiveFailure("empty character constant") }
        if wide { return .int(Int64(bitPattern: values.last!)) }
        if values.count == 1 { return .int(Int64(Int8(truncatingIfNeeded: values[0]))) }
        var packed: UInt32 = 0
        for value in values { packed = packed << 8 | UInt32(truncatingIfNeeded: value & 0xFF) }
        return .int(Int64(Int32(bitPattern: packed)))
    }
}
