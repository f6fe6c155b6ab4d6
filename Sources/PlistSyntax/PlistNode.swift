import EplintBase

/// The element kinds of an XML property list value.
public enum PlistKind: String, Sendable, CaseIterable {
    case dictionary, array, string, integer, real, boolean, date, data

    /// The element name as written in a plist (`<dict>`, `<true/>` …), for messages.
    public var elementName: String {
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
public struct PlistNode: Sendable {
    public enum Content: Sendable {
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

    public var content: Content
    public var range: SourceRange

    public init(content: Content, range: SourceRange) {
        self.content = content
        self.range = range
    }

    public var kind: PlistKind {
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

    public var isRetained: Bool {
        if case .notRetained = content { return false }
        return true
    }

    public var stringValue: String? {
        if case .string(let text) = content { return text }
        return nil
    }

    public var arrayValue: [PlistNode]? {
        if case .array(let items) = content { return items }
        return nil
    }

    public var dictionaryEntries: [PlistEntry]? {
        if case .dictionary(let entries) = content { return entries }
        return nil
    }

    public var boolValue: Bool? {
        if case .boolean(let value) = content { return value }
        return nil
    }
}

/// One `<key>`/value pair of a `<dict>`, in document order (repeated keys are all kept).
public struct PlistEntry: Sendable {
    public var key: String
    public var keyRange: SourceRange
    public var value: PlistNode

    public init(key: String, keyRange: SourceRange, value: PlistNode) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
    }
}

extension Array where Element == PlistEntry {
    /// The entry that counts for `key`: the last one, as Apple's parser keeps the last value.
    public func last(forKey key: String) -> PlistEntry? {
        last { $0.key == key }
    }
}
