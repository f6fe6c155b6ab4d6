/// A JSON document built from typed values, with keys kept in the order written, so every
/// report is byte-for-byte reproducible (and no `[String: Any]` anywhere).
package indirect enum JSONValue: Sendable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    /// An array written as `array` is, each element made only when it is written: a report of a
    /// million findings need not hold a million values at once.
    case elements(count: Int, element: @Sendable (Int) -> JSONValue)
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null

    /// An object or array being written, and how many of its elements are.
    private struct OpenCollection {
        /// nil for an array.
        var members: [(String, JSONValue)]?
        var element: (Int) -> JSONValue = { _ in .null }
        var count: Int
        var written = 0
    }

    /// Pretty-printed with two-space indentation and a final newline. The open collections are
    /// kept on a stack of the writer's own, not the thread's: a value is as deep as what it was
    /// made from (a token's payload), and a secondary thread has 512 KiB on macOS.
    package func serialized() -> String {
        // Written as UTF-8 bytes and made a String once: appended piece by piece to a String,
        // every piece was a temporary String (writing JSON took a third of the fuzzer's time).
        var output: [UInt8] = []
        var open: [OpenCollection] = []
        var next: JSONValue? = self
        while true {
            if let value = next {
                next = nil
                value.writeOrOpen(to: &output, open: &open)
            }
            guard let top = open.indices.last else { break }
            let index = open[top].written
            let isObject = open[top].members != nil
            if index > 0 { Self.append(index == open[top].count ? "\n" : ",\n", to: &output) }
            if index == open[top].count {
                // A collection's indentation is the number of collections around it.
                Self.pad(&output, top)
                output.append(UInt8(ascii: isObject ? "}" : "]"))
                open.removeLast()
                continue
            }
            open[top].written += 1
            Self.pad(&output, top + 1)
            if let members = open[top].members {
                Self.writeQuoted(members[index].0, to: &output)
                Self.append(": ", to: &output)
                next = members[index].1
            } else {
                next = open[top].element(index)
            }
        }
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes a scalar or an empty collection whole; opens any other collection.
    private func writeOrOpen(to output: inout [UInt8], open: inout [OpenCollection]) {
        switch self {
        case .object(let members) where members.isEmpty: Self.append("{}", to: &output)
        case .object(let members):
            Self.append("{\n", to: &output)
            open.append(OpenCollection(members: members, count: members.count))
        case .array(let items) where items.isEmpty: Self.append("[]", to: &output)
        case .array(let items):
            Self.append("[\n", to: &output)
            open.append(OpenCollection(element: { items[$0] }, count: items.count))
        case .elements(let count, _) where count <= 0: Self.append("[]", to: &output)
        case .elements(let count, let element):
            Self.append("[\n", to: &output)
            open.append(OpenCollection(element: element, count: count))
        case .string(let text): Self.writeQuoted(text, to: &output)
        case .integer(let number): output += String(number).utf8
        case .bool(let flag): Self.append(flag ? "true" : "false", to: &output)
        case .null: Self.append("null", to: &output)
        }
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
