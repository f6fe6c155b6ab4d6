internal import CYAML

/// A YAML document as libyaml reads it (YAML 1.1; JSON is a subset), composed into plain
/// values with 1-based line numbers. Anchors and aliases are resolved; tags are ignored:
/// the reader of the configuration decides what a scalar means.
indirect enum YAMLNode: Sendable {
    case scalar(String, isPlain: Bool, line: Int)
    case sequence([YAMLNode], line: Int)
    case mapping([(key: YAMLNode, value: YAMLNode)], line: Int)

    var line: Int {
        switch self {
        case .scalar(_, _, let line), .sequence(_, let line), .mapping(_, let line): line
        }
    }

    /// The text of a scalar that is not null (`~`, `null` or nothing, unquoted).
    var string: String? {
        guard case .scalar(let text, let isPlain, _) = self else { return nil }
        if isPlain && ["", "~", "null", "Null", "NULL"].contains(text) { return nil }
        return text
    }

    var integer: Int? {
        guard case .scalar(let text, true, _) = self else { return nil }
        return Int(text)
    }

    var sequence: [YAMLNode]? {
        guard case .sequence(let items, _) = self else { return nil }
        return items
    }

    var mapping: [(key: YAMLNode, value: YAMLNode)]? {
        guard case .mapping(let entries, _) = self else { return nil }
        return entries
    }

    /// The value of the last entry whose key is `key`.
    subscript(key: String) -> YAMLNode? {
        mapping?.last { $0.key.string == key }?.value
    }

    struct SyntaxError: Error {
        var line: Int
        var problem: String
    }

    /// The document in `text`; nil when it is empty (no document, or only comments).
    static func parse(_ text: String) throws(SyntaxError) -> YAMLNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw SyntaxError(line: 0, problem: "out of memory") }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(SyntaxError) -> YAMLNode? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var composer = Composer()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
                    throw SyntaxError(line: Int(parser.problem_mark.line) + 1, problem: problem)
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return composer.document }
                try composer.take(event)
            }
        }
    }

    /// Deeper nesting is refused: a configuration or baseline nests three or four levels, and
    /// releasing a tree is a recursion (a million nested `[` would exhaust any thread's stack).
    static let maximumDepth = 256

    /// Builds nodes from libyaml's events with a stack of open collections.
    private struct Composer {
        private enum Open {
            case sequence([YAMLNode], line: Int, anchor: String?)
            case mapping([(key: YAMLNode, value: YAMLNode)], pendingKey: YAMLNode?, line: Int, anchor: String?)
        }
        private var stack: [Open] = []
        /// For each open collection, the height of its tallest element so far (the collections
        /// nested in it: a scalar's height is 0).
        private var heights: [Int] = []
        /// Each anchor's node and height: an alias puts the whole node where it is used.
        private var anchors: [String: (node: YAMLNode, height: Int)] = [:]
        private(set) var document: YAMLNode?
        private var documents = 0

        mutating func take(_ event: yaml_event_t) throws(SyntaxError) {
            let line = Int(event.start_mark.line) + 1
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 { throw SyntaxError(line: line, problem: "expected one document, found a second") }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = String(
                    decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                try add(
                    .scalar(text, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE, line: line),
                    anchor: Self.text(scalar.anchor), height: 0, line: line)
            case YAML_ALIAS_EVENT:
                let name = Self.text(event.data.alias.anchor) ?? ""
                guard let (node, height) = anchors[name] else {
                    throw SyntaxError(line: line, problem: "unknown alias '\(name)'")
                }
                try add(node, anchor: nil, height: height, line: line)
            case YAML_SEQUENCE_START_EVENT:
                try push(.sequence([], line: line, anchor: Self.text(event.data.sequence_start.anchor)), line: line)
            case YAML_MAPPING_START_EVENT:
                try push(
                    .mapping([], pendingKey: nil, line: line, anchor: Self.text(event.data.mapping_start.anchor)),
                    line: line)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let height = heights.removeLast() + 1
                switch stack.removeLast() {
                case .sequence(let items, let start, let anchor):
                    try add(.sequence(items, line: start), anchor: anchor, height: height, line: line)
                case .mapping(let entries, _, let start, let anchor):
                    try add(.mapping(entries, line: start), anchor: anchor, height: height, line: line)
                }
            default:
                break
            }
        }

        private mutating func push(_ collection: Open, line: Int) throws(SyntaxError) {
            guard stack.count < YAMLNode.maximumDepth else { throw Self.tooDeep(line) }
            stack.append(collection)
            heights.append(0)
        }

        private static func tooDeep(_ line: Int) -> SyntaxError {
            SyntaxError(line: line, problem: "nested more than \(YAMLNode.maximumDepth) levels deep")
        }

        private mutating func add(_ node: YAMLNode, anchor: String?, height: Int, line: Int) throws(SyntaxError) {
            // The collections around the node and in it (an alias may bring a deep node).
            guard stack.count + height <= YAMLNode.maximumDepth else { throw Self.tooDeep(line) }
            if let anchor { anchors[anchor] = (node, height) }
            if !heights.isEmpty { heights[heights.count - 1] = max(heights[heights.count - 1], height) }
            guard let top = stack.popLast() else {
                document = node
                return
            }
            switch top {
            case .sequence(var items, let line, let anchor):
                items.append(node)
                stack.append(.sequence(items, line: line, anchor: anchor))
            case .mapping(var entries, let pendingKey, let line, let anchor):
                if let pendingKey {
                    entries.append((pendingKey, node))
                    stack.append(.mapping(entries, pendingKey: nil, line: line, anchor: anchor))
                } else {
                    stack.append(.mapping(entries, pendingKey: node, line: line, anchor: anchor))
                }
            }
        }

        private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }
    }
}
