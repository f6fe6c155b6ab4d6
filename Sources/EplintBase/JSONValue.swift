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
        // Written as UTF-8 bytes and made a String once: appended piece by piece to a String,
        // every piece was a temporary String (writing JSON took a third of the fuzzer's time).
        var output: [UInt8] = []
        write(to: &output, indent: 0)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8], indent: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                Self.append("{}", to: &output)
                return
            }
            Self.append("{\n", to: &output)
            for (index, (key, value)) in members.enumerated() {
                Self.pad(&output, indent + 1)
                Self.writeQuoted(key, to: &output)
                Self.append(": ", to: &output)
                value.write(to: &output, indent: indent + 1)
                Self.append(index == members.count - 1 ? "\n" : ",\n", to: &output)
            }
            Self.pad(&output, indent)
            output.append(UInt8(ascii: "}"))
        case .array(let items):
            Self.writeArray(count: items.count, { items[$0] }, to: &output, indent: indent)
        case .elements(let count, let element):
            Self.writeArray(count: count, element, to: &output, indent: indent)
        case .string(let text): Self.writeQuoted(text, to: &output)
        case .integer(let number): output += String(number).utf8
        case .bool(let flag): Self.append(flag ? "true" : "false", to: &output)
        case .null: Self.append("null", to: &output)
        }
    }

    private static func writeArray(count: Int, _ element: (Int) -> JSONValue, to output: inout [UInt8], indent: Int) {
        guard count > 0 else {
            append("[]", to: &output)
            return
        }
        append("[\n", to: &output)
        for index in 0..<count {
            pad(&output, indent + 1)
            element(index).write(to: &output, indent: indent + 1)
            append(index == count - 1 ? "\n" : ",\n", to: &output)
        }
        pad(&output, indent)
        output.append(UInt8(ascii: "]"))
    }

    private static func pad(_ output: inout [UInt8], _ indent: Int) {
        var remaining = 2 * indent
        while remaining > 0 {
            let count = min(remaining, spaces.count)
            output.append(contentsOf: spaces[..<count])
            remaining -= count
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// A literal's bytes, copied whole.
    private static func append(_ literal: StaticString, to output: inout [UInt8]) {
        literal.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// RFC 8259 string escaping, with U+2028 and U+2029 escaped too (JavaScript reads them as
    /// line ends). Runs of bytes that need no escape are copied whole.
    private static func writeQuoted(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            output.append(UInt8(ascii: "\""))
            var copied = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var length = 1
                let escape: String
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "\n"): escape = "\\n"
                case UInt8(ascii: "\r"): escape = "\\r"
                case UInt8(ascii: "\t"): escape = "\\t"
                case 0..<0x20: escape = "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
                // U+2028 and U+2029 in UTF-8: E2 80 A8 and E2 80 A9.
                case 0xE2
                where index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                default:
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                output += escape.utf8
                index += length
                copied = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<bytes.count]))
            output.append(UInt8(ascii: "\""))
        }
    }
}
