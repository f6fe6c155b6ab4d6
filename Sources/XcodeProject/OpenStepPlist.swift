/// A value of an old-style (OpenStep / NeXT) property list, the format of `project.pbxproj`.
/// There are no numbers or booleans in it: `objectVersion = 54;` and `YES` are strings.
package indirect enum OpenStepValue: Sendable, Equatable {
    case string(String)
    case data([UInt8])
    case array([OpenStepValue])
    case dictionary(OpenStepDictionary)

    package var string: String? { if case .string(let text) = self { text } else { nil } }
    package var array: [OpenStepValue]? { if case .array(let items) = self { items } else { nil } }
    package var dictionary: OpenStepDictionary? {
        if case .dictionary(let dictionary) = self { dictionary } else { nil }
    }
}

/// Entries in file order; a repeated key keeps its last value, as CoreFoundation does.
package struct OpenStepDictionary: Sendable, Equatable {
    package private(set) var keys: [String] = []
    package private(set) var values: [String: OpenStepValue] = [:]

    package init() {}

    mutating func set(_ key: String, _ value: OpenStepValue) {
        if values.updateValue(value, forKey: key) == nil { keys.append(key) }
    }

    package subscript(key: String) -> OpenStepValue? { values[key] }
    package var count: Int { keys.count }
}

/// Why a file is not an old-style property list, and the line where reading stopped.
package struct OpenStepError: Error, Sendable, Equatable {
    package var message: String
    package var line: Int
}

/// The reader of CoreFoundation's `CFOldStylePList.c`: quoted strings (both quote kinds) with
/// their escapes, unquoted strings of `[A-Za-z0-9_$/:.-]`, `<hex>` data, `/* */` and `//`
/// comments between tokens (the `// !$*UTF8*$!` header line is one), UTF-8 text.
package struct OpenStepReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// Nesting deeper than this is refused rather than recursed into.
    private static let maximumDepth = 512

    package static func parse(_ bytes: [UInt8]) throws(OpenStepError) -> OpenStepValue {
        var reader = OpenStepReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipSpaceAndComments()
        guard reader.index < bytes.count else { throw reader.error("empty property list") }
        let value = try reader.value()
        reader.skipSpaceAndComments()
        guard reader.index == bytes.count else { throw reader.error("unexpected text after the property list") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> OpenStepError { OpenStepError(message: message, line: line) }

    /// An array or dictionary being read: the reader keeps these on a stack of its own, not
    /// on the thread's (a secondary thread has 512 KiB on macOS, and the thread may be a
    /// library user's), so the depth limit holds whatever the stack.
    private struct OpenCollection {
        var items: [OpenStepValue]?
        var dictionary = OpenStepDictionary()
        /// The key whose value is being read; nil when a key (or `}`) comes next.
        var key: String?
    }

    private mutating func value() throws(OpenStepError) -> OpenStepValue {
        var open: [OpenCollection] = []
        while true {
            guard open.count < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) deep") }
            guard index < bytes.count else { throw error("unexpected end of file") }
            var finished: OpenStepValue?
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                open.append(OpenCollection())
            case UInt8(ascii: "("):
                index += 1
                open.append(OpenCollection(items: []))
            case UInt8(ascii: "<"):
                index += 1
                finished = .data(try data())
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                finished = .string(try quoted())
            default:
                let start = index
                while index < bytes.count, Self.isUnquoted(bytes[index]) { index += 1 }
                guard index > start else { throw error("unexpected character '\(Self.shown(bytes[start]))'") }
                finished = .string(String(decoding: bytes[start..<index], as: UTF8.self))
            }
            // Hand the value to the collection that holds it, closing every collection that ends
            // here, until one wants another value.
            while let top = open.indices.last {
                if let value = finished {
                    finished = nil
                    guard try take(value, into: &open[top]) else { break }
                }
                skipSpaceAndComments()
                if open[top].items != nil {
                    // `()` and, after a comma, `)`: a trailing comma before ')' is allowed.
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ")") else { break }
                    index += 1
                    finished = .array(open.removeLast().items ?? [])
                } else {
                    guard index < bytes.count else { throw error("unexpected end of file in a dictionary") }
                    guard bytes[index] == UInt8(ascii: "}") else { break }
                    index += 1
                    finished = .dictionary(open.removeLast().dictionary)
                }
            }
            if open.isEmpty, let finished { return finished }
        }
    }

    /// Adds a value read inside `collection` and reads the punctuation after it: false when a
    /// value must come next (after a key's `=`), true when the collection may end first.
    private mutating func take(_ value: OpenStepValue, into collection: inout OpenCollection) throws(OpenStepError)
        -> Bool
    {
        if collection.items != nil {
            collection.items?.append(value)
            skipSpaceAndComments()
            guard index < bytes.count else { throw error("unexpected end of file in an array") }
            if bytes[index] == UInt8(ascii: ")") { return true }
            guard bytes[index] == UInt8(ascii: ",") else { throw error("expected ',' or ')' in an array") }
            index += 1
            return true
        }
        guard let key = collection.key else {
            guard case .string(let key) = value else { throw error("a dictionary key must be a string") }
            skipSpaceAndComments()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw error("expected '=' after the key \"\(key)\"")
            }
            index += 1
            skipSpaceAndComments()
            collection.key = key
            return false
        }
        skipSpaceAndComments()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
            throw error("expected ';' after the value of \"\(key)\"")
        }
        index += 1
        collection.dictionary.set(key, value)
        collection.key = nil
        return true
    }

    private mutating func data() throws(OpenStepError) -> [UInt8] {
        var result: [UInt8] = []
        var high: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ">") {
                guard high == nil else { throw error("odd number of hex digits in <data>") }
                return result
            }
            if Self.isSpace(byte) {
                if byte == 0x0A { line += 1 }
                continue
            }
            guard let nibble = byte.hexDigitValue else {
                throw error("unexpected character '\(Self.shown(byte))' in <data>")
            }
            if let first = high {
                result.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        throw error("unterminated <data>")
    }

    private mutating func quoted() throws(OpenStepError) -> String {
        let quote = bytes[index]
        let startLine = line
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == quote { return String(decoding: text, as: UTF8.self) }
            if byte == 0x0A { line += 1 }
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                continue
            }
            guard index < bytes.count else { break }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "a"): text.append(0x07)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "v"): text.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                // Up to four hex digits: one UTF-16 code unit; a surrogate pair takes two escapes.
                var unit: UInt32 = 0
                var digits = 0
                while digits < 4, index < bytes.count, let nibble = bytes[index].hexDigitValue {
                    unit = unit << 4 | UInt32(nibble)
                    index += 1
                    digits += 1
                }
                if escaped == UInt8(ascii: "u") && digits == 0 {
                    text.append(escaped)
                    break
                }
                appendUTF16(unit, to: &text)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                // Up to three octal digits: a byte of the NeXTSTEP encoding.
                var code = UInt32(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                    code = code << 3 | UInt32(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                let scalar = NeXTSTEPEncoding.scalar(for: UInt8(truncatingIfNeeded: code))
                text.append(contentsOf: Array(String(Character(scalar)).utf8))
            case 0x0A:
                line += 1
                text.append(0x0A)
            default:
                text.append(escaped)
            }
        }
        throw OpenStepError(message: "unterminated quoted string", line: startLine)
    }

    private mutating func appendUTF16(_ unit: UInt32, to text: inout [UInt8]) {
        var scalar: Unicode.Scalar?
        if (0xD800...0xDBFF).contains(unit) {
            // Look ahead for `\Uxxxx` with the low half.
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "U") || bytes[index + 1] == UInt8(ascii: "u")
            {
                var low: UInt32 = 0
                var cursor = index + 2
                var digits = 0
                while digits < 4, cursor < bytes.count, let nibble = bytes[cursor].hexDigitValue {
                    low = low << 4 | UInt32(nibble)
                    cursor += 1
                    digits += 1
                }
                if (0xDC00...0xDFFF).contains(low) {
                    index = cursor
                    scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                }
            }
        } else {
            scalar = Unicode.Scalar(unit)
        }
        text.append(contentsOf: Array(String(Character(scalar ?? "\u{FFFD}")).utf8))
    }

    private mutating func skipSpaceAndComments() {
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isSpace(byte) {
                if byte == 0x0A { line += 1 }
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
                        && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    if bytes[index] == 0x0A { line += 1 }
                    index += 1
                }
                index = min(index + 2, bytes.count)
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else {
                return
            }
        }
    }

    static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
            UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    private static func shown(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }
}
