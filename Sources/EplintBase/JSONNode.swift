/// A JSON value with the place it was written: what the server-side rules look at.
package struct JSONNode: Sendable {
    package indirect enum Value: Sendable {
        case object([JSONMember])
        case array([JSONNode])
        case string(String)
        /// The number exactly as written: RFC 8259 sets no limit, so a huge one is kept, not rounded.
        case number(String)
        case bool(Bool)
        case null
    }

    package var value: Value
    /// From the value's first character to just past its last.
    package var range: SourceRange

    package init(value: Value, range: SourceRange) {
        self.value = value
        self.range = range
    }

    /// The first member named `key` of an object (duplicates are reported by the reader).
    package func member(_ key: String) -> JSONMember? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }
    }

    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    package var isObject: Bool {
        if case .object = value { return true }
        return false
    }

    /// The value when it is a number written as an integer (no fraction, no exponent) that fits 64 bits.
    package var integer: Int64? {
        guard case .number(let text) = value, !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else {
            return nil
        }
        return Int64(text)
    }

    /// What a message calls this kind of value.
    package var typeName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number(let text):
            text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? "a non-integer number" : "an integer"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// The value as one short line, for messages, fingerprints and baselines.
    package var excerpt: String {
        let text: String
        switch value {
        case .object: text = "{…}"
        case .array: text = "[…]"
        case .string(let string): text = "\"" + string + "\""
        case .number(let number): text = number
        case .bool(let flag): text = flag ? "true" : "false"
        case .null: text = "null"
        }
        return text.count > 80 ? String(text.prefix(80)) + "…" : text
    }
}

package struct JSONMember: Sendable {
    package var key: String
    package var keyRange: SourceRange
    package var value: JSONNode
}
