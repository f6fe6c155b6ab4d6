/// A JSON document built from typed values, with keys kept in the order written, so every
/// report is byte-for-byte reproducible (and no `[String: Any]` anywhere).
public indirect enum JSONValue: Sendable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null

    /// Pretty-printed with two-space indentation and a final newline.
    public func serialized() -> String {
        var output = ""
        write(to: &output, indent: 0)
        return output + "\n"
    }

    private func write(to output: inout String, indent: Int) {
        let padding = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += padding + Self.quoted(key) + ": "
                value.write(to: &output, indent: indent + 1)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += closing + "}"
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += padding
                item.write(to: &output, indent: indent + 1)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += closing + "]"
        case .string(let text): output += Self.quoted(text)
        case .integer(let number): output += String(number)
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        }
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
