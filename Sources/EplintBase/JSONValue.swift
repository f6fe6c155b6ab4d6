/// A JSON document built from typed values, with keys kept in the order written, so every
/// report is byte-for-byte reproducible (and no `[String: Any]` anywhere).
public indirect enum JSONValue: Sendable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    /// An array written as `array` is, each element made only when it is written: a report of a
    /// million findings need not hold a million values at once.
    case elements(count: Int, element: @Sendable (Int) -> JSONValue)
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null

    /// Pretty-printed with two-space indentation and a final newline.
    public func serialized() -> String {
        var output = ""
        write(to: &output, indent: 0)
        output += "\n"
        return output
    }

    private func write(to output: inout String, indent: Int) {
        let padding = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += padding + Self.quoted(key) + ": "
                value.write(to: &output, indent: indent + 1)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += closing + "}"
        case .array(let items):
            Self.writeArray(count: items.count, { items[$0] }, to: &output, indent: indent)
        case .elements(let count, let element):
            Self.writeArray(count: count, element, to: &output, indent: indent)
        case .string(let text): output += Self.quoted(text)
        case .integer(let number): output += String(number)
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        }
    }

    private static func writeArray(count: Int, _ element: (Int) -> JSONValue, to output: inout String, indent: Int) {
        guard count > 0 else {
            output += "[]"
            return
        }
        let padding = String(repeating: "  ", count: indent + 1)
        output += "[\n"
        for index in 0..<count {
            output += padding
            element(index).write(to: &output, indent: indent + 1)
            output += index == count - 1 ? "\n" : ",\n"
        }
        output += String(repeating: "  ", count: indent) + "]"
    }

    /// RFC 8259 string escaping.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
