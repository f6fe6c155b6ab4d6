/// Why a document is not JSON (RFC 8259), and where.
package struct JSONSyntaxError: Error, Sendable {
    package var message: String
    package var position: SourcePosition
}

/// A key written twice in one object: RFC 8259 leaves the meaning open, so Apple's parser
/// and the developer's may read different values.
package struct JSONDuplicateKey: Sendable {
    package var key: String
    package var range: SourceRange
    package var first: SourceRange
    package var keyPath: String
}

/// An exact RFC 8259 reader that keeps positions: strict UTF-8, no comments, no trailing
/// commas, no leading zeros; a bounded nesting depth (so no input can exhaust the stack).
package struct JSONReader {
    package static let maximumDepth = 256

    package struct Result: Sendable {
        package var root: JSONNode?
        package var error: JSONSyntaxError?
        package var duplicates: [JSONDuplicateKey]
    }

    private let bytes: [UInt8]
    private var index: Int
    private var line = 1
    private var column = 1
    private var utf16Column = 1
    private var duplicates: [JSONDuplicateKey] = []
    private let base: Int

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed to be ignored (RFC 8259 §8.1); offsets start after it.
        base = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        index = base
    }

    package static func read(_ bytes: [UInt8]) -> Result {
        var reader = JSONReader(bytes)
        do throws(JSONSyntaxError) {
            reader.skipWhitespace()
            guard reader.index < bytes.count else { throw reader.failure("empty document: expected a JSON value") }
            let root = try reader.value(keyPath: "")
            reader.skipWhitespace()
            if reader.index < bytes.count {
                throw reader.failure("unexpected \(reader.describeCurrent()) after the JSON value")
            }
            return Result(root: root, error: nil, duplicates: reader.duplicates)
        } catch {
            return Result(root: nil, error: error, duplicates: reader.duplicates)
        }
    }

    /// Whitespace-separated JSON values, one after another (one value, or JSON Lines), each handed
    /// to `body` as soon as it is read: only one value's tree is held at a time. Stops at the first
    /// syntax error, which it returns; a value that `body` answers `false` to stops the reading too.
    package static func readSequence(_ bytes: [UInt8], _ body: (JSONNode) -> Bool) -> JSONSyntaxError? {
        var reader = JSONReader(bytes)
        do throws(JSONSyntaxError) {
            reader.skipWhitespace()
            while reader.index < bytes.count {
                let value = try reader.value(keyPath: "")
                guard body(value) else { return nil }
                reader.skipWhitespace()
            }
            return nil
        } catch {
            return error
        }
    }

    private var position: SourcePosition {
        SourcePosition(offset: index - base, line: line, column: column, utf16Column: utf16Column)
    }

    private func failure(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: position)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
    }

    /// Moves past one ASCII byte that is not a line end.
    private mutating func advance() {
        index += 1
        column += 1
        utf16Column += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09: advance()
            case 0x0A:
                index += 1
                newLine()
            case 0x0D:
                index += 1
                if index < bytes.count && bytes[index] == 0x0A { index += 1 }
                newLine()
            default: return
            }
        }
    }

    private mutating func newLine() {
        line += 1
        column = 1
        utf16Column = 1
    }

    /// An object or array being read. The reader keeps these on a stack of its own, not on the
    /// thread's (a secondary thread has 512 KiB on macOS, and the thread may be a library
    /// user's), so the depth limit holds whatever the stack.
    private struct OpenCollection {
        var start: SourcePosition
        var keyPath: String
        /// nil in an array.
        var members: [JSONMember]?
        var items: [JSONNode] = []
        var seen: [String: SourceRange] = [:]
        /// The key whose value is being read.
        var key: (name: String, range: SourceRange) = ("", SourceRange(at: .start))
    }

    private mutating func value(keyPath: String) throws(JSONSyntaxError) -> JSONNode {
        var open: [OpenCollection] = []
        // The key path of the value read next, for the duplicate keys inside it.
        var path = keyPath
        while true {
            guard index < bytes.count else { throw failure("unexpected end of input: expected a JSON value") }
            let start = position
            var finished: JSONNode?
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard open.count < Self.maximumDepth else {
                    throw failure("nesting deeper than \(Self.maximumDepth) levels")
                }
                let isObject = bytes[index] == UInt8(ascii: "{")
                advance()
                open.append(OpenCollection(start: start, keyPath: path, members: isObject ? [] : nil))
                skipWhitespace()
                let close = UInt8(ascii: isObject ? "}" : "]")
                if index < bytes.count && bytes[index] == close {
                    advance()
                    finished = node(open.removeLast())
                }
            case UInt8(ascii: "\""):
                finished = JSONNode(value: .string(try string()), range: SourceRange(start: start, end: position))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                finished = JSONNode(value: .number(try number()), range: SourceRange(start: start, end: position))
            case UInt8(ascii: "t"):
                try literal("true")
                finished = JSONNode(value: .bool(true), range: SourceRange(start: start, end: position))
            case UInt8(ascii: "f"):
                try literal("false")
                finished = JSONNode(value: .bool(false), range: SourceRange(start: start, end: position))
            case UInt8(ascii: "n"):
                try literal("null")
                finished = JSONNode(value: .null, range: SourceRange(start: start, end: position))
            default:
                throw failure("unexpected \(describeCurrent()): expected a JSON value")
            }
            // Hand the value to the collection that holds it, closing every collection that ends
            // here, until one wants another value.
            while let top = open.indices.last {
                if let value = finished {
                    finished = nil
                    if open[top].members != nil {
                        let key = open[top].key
                        open[top].members?.append(JSONMember(key: key.name, keyRange: key.range, value: value))
                    } else {
                        open[top].items.append(value)
                    }
                    skipWhitespace()
                    let isObject = open[top].members != nil
                    guard index < bytes.count else {
                        throw failure("unexpected end of input: unterminated \(isObject ? "object" : "array")")
                    }
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        advance()
                    case UInt8(ascii: isObject ? "}" : "]"):
                        advance()
                        finished = node(open.removeLast())
                        continue
                    default: throw failure("unexpected \(describeCurrent()): expected ',' or '\(isObject ? "}" : "]")'")
                    }
                }
                skipWhitespace()
                if open[top].members != nil {
                    path = try memberKey(of: &open[top])
                } else {
                    path = "\(open[top].keyPath)[\(open[top].items.count)]"
                }
                break
            }
            if open.isEmpty, let finished { return finished }
        }
    }

    /// A collection read to its closing bracket, which the reader has just passed.
    private func node(_ collection: OpenCollection) -> JSONNode {
        let value: JSONNode.Value = collection.members.map { .object($0) } ?? .array(collection.items)
        return JSONNode(value: value, range: SourceRange(start: collection.start, end: position))
    }

    /// Reads an object's next key and the `:` after it; returns the key path of its value.
    private mutating func memberKey(of object: inout OpenCollection) throws(JSONSyntaxError) -> String {
        guard index < bytes.count else { throw failure("unexpected end of input: unterminated object") }
        guard bytes[index] == UInt8(ascii: "\"") else {
            throw failure("unexpected \(describeCurrent()): expected a string key")
        }
        let keyStart = position
        let key = try string()
        let keyRange = SourceRange(start: keyStart, end: position)
        let memberPath = object.keyPath.isEmpty ? key : object.keyPath + "." + key
        if let first = object.seen[key] {
            duplicates.append(JSONDuplicateKey(key: key, range: keyRange, first: first, keyPath: memberPath))
        } else {
            object.seen[key] = keyRange
        }
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of input: expected ':'") }
        guard bytes[index] == UInt8(ascii: ":") else {
            throw failure("unexpected \(describeCurrent()): expected ':' after the key")
        }
        advance()
        skipWhitespace()
        object.key = (key, keyRange)
        return memberPath
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard index < bytes.count else { throw failure("unexpected end of input in '\(word)'") }
            guard bytes[index] == expected else { throw failure("unexpected \(describeCurrent()): expected '\(word)'") }
            advance()
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { advance() }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("a number needs a digit after '-'") }
        if bytes[index] == UInt8(ascii: "0") {
            advance()
            if index < bytes.count && isDigit(bytes[index]) { throw failure("a number must not have a leading zero") }
        } else {
            while index < bytes.count && isDigit(bytes[index]) { advance() }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            advance()
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("a number needs a digit after '.'") }
            while index < bytes.count && isDigit(bytes[index]) { advance() }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            advance()
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                advance()
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw failure("a number needs a digit in its exponent")
            }
            while index < bytes.count && isDigit(bytes[index]) { advance() }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// A string starting at its opening quote; strict UTF-8 and escapes, no raw control characters.
    private mutating func string() throws(JSONSyntaxError) -> String {
        advance()  // "
        var scalars = String.UnicodeScalarView()
        while true {
            guard index < bytes.count else { throw failure("unexpected end of input: unterminated string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(try escape())
            case 0..<0x20:
                throw failure("control character \(describeCurrent()) in a string must be escaped")
            case 0x20..<0x80:
                scalars.append(Unicode.Scalar(byte))
                advance()
            default:
                scalars.append(try multibyteScalar())
            }
        }
    }

    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        advance()  // backslash
        guard index < bytes.count else { throw failure("unexpected end of input in an escape") }
        let byte = bytes[index]
        let simple: [UInt8: UInt8] = [
            0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09,
        ]
        if let replacement = simple[byte] {
            advance()
            return Unicode.Scalar(replacement)
        }
        guard byte == UInt8(ascii: "u") else {
            throw failure("invalid escape '\\\(Character(Unicode.Scalar(byte < 0x80 ? byte : 0x3F)))'")
        }
        advance()
        let unit = try hexUnit()
        if (0xD800...0xDBFF).contains(unit) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
                throw failure("unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true))")
            }
            advance()
            advance()
            let low = try hexUnit()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw failure("unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true))")
            }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(unit) else {
            throw failure("unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true))")
        }
        return scalar
    }

    private mutating func hexUnit() throws(JSONSyntaxError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw failure("unexpected end of input in a \\u escape") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape needs four hexadecimal digits")
            }
            unit = unit << 4 | UInt32(digit)
            advance()
        }
        return unit
    }

    /// One UTF-8 sequence of 2 to 4 bytes, validated (no overlong forms, no surrogates, at most U+10FFFF).
    private mutating func multibyteScalar() throws(JSONSyntaxError) -> Unicode.Scalar {
        let lead = bytes[index]
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            minimum = 0x80
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            minimum = 0x800
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            minimum = 0x10000
            value = UInt32(lead & 0x07)
        default: throw failure("invalid UTF-8 (\(describeCurrent()))")
        }
        guard index + length <= bytes.count else {
            throw failure("invalid UTF-8 (a sequence cut short by the end of input)")
        }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else {
                throw failure(
                    "invalid UTF-8 (byte 0x\(String(lead, radix: 16, uppercase: true)) not followed by a continuation byte)"
                )
            }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else {
            throw failure("invalid UTF-8 (overlong form, surrogate or beyond U+10FFFF)")
        }
        index += length
        column += 1
        utf16Column += length == 4 ? 2 : 1
        return scalar
    }
}

extension String {
    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
