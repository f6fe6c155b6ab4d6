/// cpp's integer constant expressions in `#if` and `#elif`, after `defined` and macro
/// replacement: intmax_t/uintmax_t arithmetic with C's conversions, every C operator
/// including `?:` and `,`, character constants, short-circuiting (a division by zero in an
/// operand not evaluated is fine). Identifiers left over are 0.
struct ConditionEvaluator {
    struct Value {
        var bits: UInt64
        var isUnsigned: Bool
        var signed: Int64 { Int64(bitPattern: bits) }
        var isTrue: Bool { bits != 0 }
        static func int(_ value: Int64) -> Value { Value(bits: UInt64(bitPattern: value), isUnsigned: false) }
        static func bool(_ value: Bool) -> Value { .int(value ? 1 : 0) }
    }

    private let tokens: [CppToken]
    private var index = 0

    init(_ tokens: [CppToken]) { self.tokens = tokens.filter { !$0.isBlank } }

    /// The value, and the error cpp reports if any. Like clang: an error inside the expression
    /// makes it false; an expression followed by `,`, `:` or `)` keeps its value (clang stops
    /// there, reports "expected end of line" and uses what it has).
    static func evaluate(_ tokens: [CppToken]) -> (value: Bool, failure: DirectiveFailure?) {
        var evaluator = ConditionEvaluator(tokens)
        guard !evaluator.tokens.isEmpty else { return (false, DirectiveFailure("#if with no expression")) }
        do {
            // A comma is an operator only inside parentheses.
            let value = try evaluator.conditional(evaluated: true)
            guard let rest = evaluator.current else { return (value.isTrue, nil) }
            let failure = DirectiveFailure("token '\(rest.text)' is not valid in a preprocessor expression")
            let stopsHere = rest.kind == .punctuator && [",", ":", ")"].contains(rest.text)
            return (stopsHere && value.isTrue, failure)
        } catch let failure as DirectiveFailure {
            return (false, failure)
        } catch {
            return (false, DirectiveFailure("invalid expression"))
        }
    }

    private var current: CppToken? { index < tokens.count ? tokens[index] : nil }

    private mutating func accept(_ spelling: String) -> Bool {
        guard let current, current.isPunctuator(spelling) else { return false }
        index += 1
        return true
    }

    private mutating func comma(evaluated: Bool) throws -> Value {
        var value = try conditional(evaluated: evaluated)
        while accept(",") { value = try conditional(evaluated: evaluated) }
        return value
    }

    private mutating func conditional(evaluated: Bool) throws -> Value {
        let condition = try binary(0, evaluated: evaluated)
        guard accept("?") else { return condition }
        let whenTrue = try comma(evaluated: evaluated && condition.isTrue)
        guard accept(":") else { throw DirectiveFailure("expected ':' in a '?:' expression") }
        let whenFalse = try conditional(evaluated: evaluated && !condition.isTrue)
        var chosen = condition.isTrue ? whenTrue : whenFalse
        chosen.isUnsigned = whenTrue.isUnsigned || whenFalse.isUnsigned
        return chosen
    }

    private static let levels: [[String]] = [
        ["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", ">", "<=", ">="], ["<<", ">>"], ["+", "-"], ["*", "/", "%"],
    ]

    private mutating func binary(_ level: Int, evaluated: Bool) throws -> Value {
        guard level < Self.levels.count else { return try unary(evaluated: evaluated) }
        var left = try binary(level + 1, evaluated: evaluated)
        while let current, current.kind == .punctuator, Self.levels[level].contains(current.text) {
            index += 1
            let operation = current.text
            let rightEvaluated = operation == "&&" ? evaluated && left.isTrue : operation == "||" ? evaluated && !left.isTrue : evaluated
            let right = try binary(level + 1, evaluated: rightEvaluated)
            left = try Self.apply(operation, left, right, evaluated: evaluated)
        }
        return left
    }

    private static func apply(_ operation: String, _ left: Value, _ right: Value, evaluated: Bool) throws -> Value {
        let isUnsigned = left.isUnsigned || right.isUnsigned
        switch operation {
        case "||": return .bool(left.isTrue || right.isTrue)
        case "&&": return .bool(left.isTrue && right.isTrue)
        case "|": return Value(bits: left.bits | right.bits, isUnsigned: isUnsigned)
        case "^": return Value(bits: left.bits ^ right.bits, isUnsigned: isUnsigned)
        case "&": return Value(bits: left.bits & right.bits, isUnsigned: isUnsigned)
        case "==": return .bool(left.bits == right.bits)
        case "!=": return .bool(left.bits != right.bits)
        case "<", ">", "<=", ">=":
            let order: Int
            if isUnsigned {
                order = left.bits < right.bits ? -1 : left.bits == right.bits ? 0 : 1
            } else {
                order = left.signed < right.signed ? -1 : left.signed == right.signed ? 0 : 1
            }
            switch operation {
            case "<": return .bool(order < 0)
            case ">": return .bool(order > 0)
            case "<=": return .bool(order <= 0)
            default: return .bool(order >= 0)
            }
        case "<<", ">>":
            // The result has the left operand's type; a negative count shifts the other way.
            var count = right.isUnsigned ? (right.bits > 64 ? 64 : Int(right.bits)) : Int(max(-64, min(64, right.signed)))
            var leftShift = operation == "<<"
            if count < 0 { count = -count; leftShift.toggle() }
            if leftShift { return Value(bits: count >= 64 ? 0 : left.bits << UInt64(count), isUnsigned: left.isUnsigned) }
            if left.isUnsigned { return Value(bits: count >= 64 ? 0 : left.bits >> UInt64(count), isUnsigned: true) }
            return .int(count >= 64 ? (left.signed < 0 ? -1 : 0) : left.signed >> Int64(count))
        case "+": return Value(bits: left.bits &+ right.bits, isUnsigned: isUnsigned)
        case "-": return Value(bits: left.bits &- right.bits, isUnsigned: isUnsigned)
        case "*": return Value(bits: left.bits &* right.bits, isUnsigned: isUnsigned)
        default:
            guard right.bits != 0 else {
                if evaluated { throw DirectiveFailure("division by zero in a preprocessor expression") }
                return .int(0)
            }
            if isUnsigned {
                return Value(bits: operation == "/" ? left.bits / right.bits : left.bits % right.bits, isUnsigned: true)
            }
            if left.signed == .min && right.signed == -1 { return .int(operation == "/" ? .min : 0) }
            return .int(operation == "/" ? left.signed / right.signed : left.signed % right.signed)
        }
    }

    private mutating func unary(evaluated: Bool) throws -> Value {
        guard let token = current else { throw DirectiveFailure("expected a value at the end of the expression") }
        index += 1
        switch token.kind {
        case .punctuator:
            switch token.text {
            case "(":
                let value = try comma(evaluated: evaluated)
                guard accept(")") else { throw DirectiveFailure("expected ')' in a preprocessor expression") }
                return value
            case "+": return try unary(evaluated: evaluated)
            case "-":
                let value = try unary(evaluated: evaluated)
                return Value(bits: 0 &- value.bits, isUnsigned: value.isUnsigned)
            case "~":
                let value = try unary(evaluated: evaluated)
                return Value(bits: ~value.bits, isUnsigned: value.isUnsigned)
            case "!": return .bool(!(try unary(evaluated: evaluated)).isTrue)
            default: throw DirectiveFailure("token '\(token.text)' is not valid in a preprocessor expression")
            }
        case .number: return try Self.integer(token.text)
        case .character: return try Self.character(token.text)
        case .identifier: return .int(0)
        default: throw DirectiveFailure("token '\(token.text)' is not valid in a preprocessor expression")
        }
    }

    /// An integer literal: decimal, octal, hex or binary, with u/l/ll suffixes.
    static func integer(_ text: String) throws -> Value {
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
        guard !digits.isEmpty, let value = UInt64(digits, radix: radix) else {
            if digits.contains(".") || (radix == 10 && (digits.contains("e") || digits.contains("E"))) {
                throw DirectiveFailure("floating constant '\(text)' in a preprocessor expression")
            }
            throw DirectiveFailure("invalid integer constant '\(text)'")
        }
        // A decimal literal too big for intmax_t is unsigned (clang warns); so is a hex/octal one.
        return Value(bits: value, isUnsigned: isUnsigned || value > UInt64(Int64.max))
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
                    while count < 3, index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "7") {
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
