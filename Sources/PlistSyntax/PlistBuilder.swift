/// Checks the XML property list grammar event by event and builds the retained values.
///
/// It receives elements with their positions and never sees libxml2, so the grammar lives
/// in one place: a `<dict>` alternates `<key>` and value, leaves hold no elements, integers,
/// reals, dates and data hold what Apple's parser accepts, the root is `<plist>` with one
/// value or a bare value.
/// A class, not a struct: the parser asks it for its context on every event, and a struct
/// held by the parser would be copied for each such question.
final class PlistBuilder {
    enum Element: String {
        case plist, dict, array, key, string, integer, real, date, data
        case `true`, `false`

        var isLeaf: Bool { self != .plist && self != .dict && self != .array }

        var valueKind: PlistKind? {
            switch self {
            case .plist, .key: nil
            case .dict: .dictionary
            case .array: .array
            case .string: .string
            case .integer: .integer
            case .real: .real
            case .date: .date
            case .data: .data
            case .true, .false: .boolean
            }
        }
    }

    enum Context { case outside, container, leaf }

    private struct Frame {
        let element: Element
        let start: SourcePosition
        /// This element's content is built (else only its kind and range are kept).
        let keepsContent: Bool
        /// This is the document's value (a child of `<plist>` or the bare root).
        let isRootValue: Bool
        var children: [PlistNode] = []
        var entries: [PlistEntry] = []
        var pendingKey: (text: String, range: SourceRange)?
        var valueCount = 0
        var text: [UInt8] = []
        var textIsTruncated = false
        var invalidData = false
    }

    /// Leaf text kept only to validate it (integers, reals, dates) is capped: anything
    /// longer is invalid content anyway, and memory must not follow a hostile file.
    private static let validationTextCap = 4096

    private let retention: PlistParseOptions.Retention
    private let maximumDepth: Int
    private var frames: [Frame] = []
    private var skippedDepth = 0
    private(set) var root: PlistNode?
    private(set) var rootWasOpened = false

    init(options: PlistParseOptions) {
        retention = options.retention
        maximumDepth = options.maximumDepth
    }

    // Frames are read by index: `frames.last` would copy a whole Frame (and its arrays).
    var context: Context {
        guard !frames.isEmpty else { return .outside }
        return frames[frames.count - 1].element.isLeaf ? .leaf : .container
    }

    var isSkipping: Bool { skippedDepth > 0 }

    var depth: Int { frames.count + skippedDepth }

    // MARK: Events

    /// An element opens at `start` (its `<`). `included` is false inside a preprocessor
    /// block that is not taken: the element and everything in it are then left out.
    func startElement(_ name: String, at start: SourcePosition, included: Bool) throws(SyntaxProblem) {
        try startElement(Element(rawValue: name), named: name, at: start, included: included)
    }

    /// As above, with the element already looked up (the parser caches it per name).
    func startElement(_ known: Element?, named name: String, at start: SourcePosition, included: Bool) throws(SyntaxProblem) {
        if depth + 1 > maximumDepth {
            throw SyntaxProblem(kind: .unsupported, message: "nesting deeper than \(maximumDepth) elements", position: start)
        }
        if skippedDepth > 0 || (!included && context == .container) {
            skippedDepth += 1
            return
        }
        guard let element = known else {
            throw malformed("unknown element <\(name)>", at: start)
        }
        guard !frames.isEmpty else {
            if element == .key { throw malformed("<key> cannot be the root: a property list starts with <plist> or a value", at: start) }
            rootWasOpened = true
            push(element, at: start, isRootValue: element != .plist)
            return
        }
        let parent = frames.count - 1
        let parentElement = frames[parent].element
        if parentElement.isLeaf {
            throw malformed("<\(name)> is not allowed inside <\(parentElement.rawValue)>", at: start)
        }
        if element == .plist { throw malformed("<plist> is only allowed as the root element", at: start) }
        switch parentElement {
        case .plist:
            if element == .key { throw malformed("<key> is only allowed inside <dict>", at: start) }
            if frames[parent].valueCount > 0 { throw malformed("<plist> holds more than one value", at: start) }
            push(element, at: start, isRootValue: true)
        case .dict:
            if let pending = frames[parent].pendingKey {
                if element == .key { throw malformed("\(Self.describe(pending.text)) has no value", at: start) }
            } else if element != .key {
                throw malformed("expected <key> in <dict>, found <\(name)>", at: start)
            }
            push(element, at: start, isRootValue: false)
        default:
            if element == .key { throw malformed("<key> is only allowed inside <dict>", at: start) }
            push(element, at: start, isRootValue: false)
        }
    }

    /// Text inside a leaf element.
    func leafText(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard skippedDepth == 0, !frames.isEmpty else { return }
        let top = frames.count - 1
        switch frames[top].element {
        case .data:
            if !frames[top].invalidData && !bytes.allSatisfy(LeafContent.isBase64Byte(_:)) { frames[top].invalidData = true }
        case .string, .key:
            if frames[top].keepsContent { frames[top].text.append(contentsOf: bytes) }
        case .true, .false:
            if !bytes.allSatisfy(LeafContent.isXMLSpace(_:)) { frames[top].textIsTruncated = true }
        default:
            if frames[top].text.count + bytes.count > Self.validationTextCap {
                frames[top].textIsTruncated = true
            } else {
                frames[top].text.append(contentsOf: bytes)
            }
        }
    }

    /// The element open on top ends: `tagStart` is the `<` of its end tag (or of the
    /// element itself when it was empty, `<true/>`), `end` is just past the `>`.
    func endElement(tagStart: SourcePosition, end: SourcePosition) throws(SyntaxProblem) {
        if skippedDepth > 0 { skippedDepth -= 1; return }
        guard let frame = frames.popLast() else { return }
        let range = SourceRange(start: frame.start, end: end)
        switch frame.element {
        case .plist:
            if frame.valueCount == 0 { throw malformed("<plist> holds no value", at: tagStart) }
            return
        case .key:
            // A dict that keeps nothing needs only to know that a key is pending.
            let text = frame.keepsContent ? String(decoding: frame.text, as: UTF8.self) : ""
            frames[frames.count - 1].pendingKey = (text, range)
            return
        case .dict:
            if let pending = frame.pendingKey {
                throw malformed("\(Self.describe(pending.text)) has no value", at: tagStart)
            }
        default:
            try validateLeaf(frame)
        }
        // A value inside a container that keeps nothing is never built (the root always is).
        if !frames.isEmpty, !frames[frames.count - 1].keepsContent, frames[frames.count - 1].element != .plist {
            frames[frames.count - 1].pendingKey = nil
            return
        }
        attach(node(from: frame, range: range))
    }

    // MARK: Helpers

    private func push(_ element: Element, at start: SourcePosition, isRootValue: Bool) {
        let keepsContent: Bool
        if case .everything = retention {
            keepsContent = true
        } else if isRootValue {
            keepsContent = element == .dict
        } else if !frames.isEmpty {
            let parent = frames.count - 1
            if frames[parent].isRootValue, case .topLevelKeys(let keys) = retention {
                // The root dict keeps its keys' text and each value only if asked for.
                keepsContent = element == .key || (frames[parent].pendingKey.map { keys.contains($0.text) } ?? false)
            } else {
                keepsContent = frames[parent].keepsContent
            }
        } else {
            keepsContent = false
        }
        frames.append(Frame(element: element, start: start, keepsContent: keepsContent, isRootValue: isRootValue))
    }

    private func validateLeaf(_ frame: Frame) throws(SyntaxProblem) {
        let isValid: Bool
        switch frame.element {
        case .integer: isValid = !frame.textIsTruncated && LeafContent.isInteger(LeafContent.trimmed(frame.text))
        case .real: isValid = !frame.textIsTruncated && LeafContent.isReal(LeafContent.trimmed(frame.text))
        case .date: isValid = !frame.textIsTruncated && LeafContent.isDate(LeafContent.trimmed(frame.text))
        case .data: isValid = !frame.invalidData
        case .true, .false: isValid = !frame.textIsTruncated
        default: isValid = true
        }
        guard !isValid else { return }
        // The message is built only for the one invalid element.
        let shown = String(decoding: LeafContent.trimmed(frame.text).prefix(40), as: UTF8.self).quotedForMessage
        switch frame.element {
        case .date: throw malformed("invalid <date> content \(shown) (expected YYYY-MM-DDTHH:MM:SSZ)", at: frame.start)
        case .data: throw malformed("invalid <data> content: not Base64", at: frame.start)
        case .true, .false: throw malformed("<\(frame.element.rawValue)/> must be empty", at: frame.start)
        default: throw malformed("invalid <\(frame.element.rawValue)> content \(shown)", at: frame.start)
        }
    }

    private func node(from frame: Frame, range: SourceRange) -> PlistNode {
        guard frame.keepsContent, let kind = frame.element.valueKind else {
            return PlistNode(content: .notRetained(frame.element.valueKind ?? .string), range: range)
        }
        let text = { String(decoding: frame.text, as: UTF8.self) }
        let content: PlistNode.Content
        switch kind {
        case .dictionary: content = .dictionary(frame.entries)
        case .array: content = .array(frame.children)
        case .string: content = .string(text())
        case .integer: content = .integer(String(decoding: LeafContent.trimmed(frame.text), as: UTF8.self))
        case .real: content = .real(String(decoding: LeafContent.trimmed(frame.text), as: UTF8.self))
        case .date: content = .date(String(decoding: LeafContent.trimmed(frame.text), as: UTF8.self))
        case .data: content = .data
        case .boolean: content = .boolean(frame.element == .true)
        }
        return PlistNode(content: content, range: range)
    }

    private func attach(_ node: PlistNode) {
        guard !frames.isEmpty else { root = node; return }
        let index = frames.count - 1
        switch frames[index].element {
        case .plist:
            frames[index].valueCount += 1
            root = node
        case .dict:
            if frames[index].keepsContent, let key = frames[index].pendingKey {
                frames[index].entries.append(PlistEntry(key: key.text, keyRange: key.range, value: node))
            }
            frames[index].pendingKey = nil
        case .array:
            if frames[index].keepsContent { frames[index].children.append(node) }
        default:
            break
        }
    }

    /// A pending key for messages (the text is not kept in dicts nobody looks into).
    private static func describe(_ key: String) -> String {
        key.isEmpty ? "a <key>" : "<key>\(key.quotedForMessage)</key>"
    }

    private func malformed(_ message: String, at position: SourcePosition) -> SyntaxProblem {
        SyntaxProblem(kind: .malformed, message: message, position: position)
    }
}

extension SyntaxProblem: Error {}

extension String {
    /// The string in single quotes, with control characters escaped and long text cut,
    /// safe to put inside a one-line diagnostic.
    public var quotedForMessage: String {
        var result = "'"
        var count = 0
        for scalar in unicodeScalars {
            count += 1
            if count > 80 { result += "…"; break }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "'": result += "\\'"
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}" {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "'"
    }
}
