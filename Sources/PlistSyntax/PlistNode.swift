import EplintBase

/// The element kinds of an XML property list value.
package enum PlistKind: String, Sendable, CaseIterable {
    case dictionary, array, string, integer, real, boolean, date, data

    /// The element name as written in a plist (`<dict>`, `<true/>` …), for messages.
    package var elementName: String {
        switch self {
        case .dictionary: "dict"
        case .boolean: "true/false"
        default: rawValue
        }
    }
}

/// A value of a property list with the range of the element that holds it.
///
/// Only the values a caller asked to retain (see `PlistParseOptions.retention`) carry their
/// content; every other value keeps its kind and range only (`isRetained == false`), so
/// memory does not grow with the parts of a file nobody looks at.
package struct PlistNode: Sendable {
    package enum Content: Sendable {
        case string(String)
        case integer(String)
        case real(String)
        case boolean(Bool)
        case date(String)
        case data
        case array([PlistNode])
        case dictionary([PlistEntry])
        /// The content was not retained.
        case notRetained(PlistKind)
    }

    package var content: Content
    package var range: SourceRange

    package init(content: Content, range: SourceRange) {
        self.content = content
        self.range = range
    }

    package var kind: PlistKind {
        switch content {
        case .string: .string
        case .integer: .integer
        case .real: .real
        case .boolean: .boolean
        case .date: .date
        case .data: .data
        case .array: .array
        case .dictionary: .dictionary
        case .notRetained(let kind): kind
        }
    }

    var isRetained: Bool {
        if case .notRetained = content { return false }
        return true
    }

    package var stringValue: String? {
        if case .string(let text) = content { return text }
        return nil
    }

    package var arrayValue: [PlistNode]? {
        if case .array(let items) = content { return items }
        return nil
    }

    package var dictionaryEntries: [PlistEntry]? {
        if case .dictionary(let entries) = content { return entries }
        return nil
    }

    package var boolValue: Bool? {
        if case .boolean(let value) = content { return value }
        return nil
    }
}

/// One `<key>`/value pair of a `<dict>`, in document order (repeated keys are all kept).
package struct PlistEntry: Sendable {
    package var key: String
    package var keyRange: SourceRange
    package var value: PlistNode

    package init(key: String, keyRange: SourceRange, value: PlistNode) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
    }
}

extension Array where Element == PlistEntry {
    /// The entry that counts for `key`: the last one, as Apple's parser keeps the last value.
    package func last(forKey key: String) -> PlistEntry? {
        last { $0.key == key }
    }
}
