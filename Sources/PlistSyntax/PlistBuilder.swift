import EplintBase

/// Checks the XML property list grammar event by event and builds the retained values.
///
/// It receives elements with their positions and never sees libxml2, so the grammar lives
/// in one place: a `<dict>` alternates `<key>` and value, leaves hold no elements, the root
/// is `<plist>` with one value or a bare value. As in Apple's parsers, a `<key>` where a value
/// belongs is a string, and a `<plist>` there wraps one value. What leaves hold is checked
/// on their text as written (`AppleValueGrammar`, asked by the session).
/// A value owned by the parse session (itself owned by one parse), so that every access to
/// its state is checked for exclusivity when compiled, not at run time.
struct PlistBuilder: ~Copyable {
    enum Element: String, CaseIterable {
        case plist, dict, array, key, string, integer, real, date, data
        case `true`, `false`

        @inline(__always) var isLeaf: Bool { self != .plist && self != .dict && self != .array }

        /// `rawValue.utf8.count`, spelled out: asked twice per element of every file, and
        /// making the raw value's string each time costs 3% of a big parse (a test checks
        /// that the two agree).
        var nameLength: Int {
            switch self {
            case .key: 3
            case .dict, .data, .date, .real, .true: 4
            case .plist, .array, .false: 5
            case .string: 6
            case .integer: 7
            }
        }

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

    /// One open element. Plain values only: pushing and popping copies no references, and
    /// a file of millions of elements costs no retain/release per element.
    // Not private: the compiler (6.3, debug builds) then fails to link the noncopyable
    // builder's destruction in other files of the module.
    struct Frame: BitwiseCopyable {
        let element: Element
        /// Line 0 until located, for leaves that are located only when needed.
        var start: SourcePosition
        /// This element's content is built (else only its kind and range are kept).
        let keepsContent: Bool
        /// This is the document's value (a child of `<plist>` or the bare root).
        let isRootValue: Bool
        /// Index in `contents` of what a kept container collects.
        let content: Int
        /// A `<dict>` has read a `<key>` and waits for its value.
        var hasPendingKey = false
        /// `<plist>` has its value.
        var hasValue = false
        /// A `<key>` where a value belongs: a string.
        var isValueKey = false
    }

    /// What a kept `<dict>` or `<array>` collects.
    struct Content {
        var children: [PlistNode] = []
        var entries: [PlistEntry] = []
        var pendingKey: (text: String, range: SourceRange)?
        /// The pending key's entry goes into `entries` (in the root dict, only some do).
        var keepsPendingEntry = true
    }

    /// The text of kept integers, reals and dates is kept for their values only up to this
    /// much (their validity is decided on the text as written, in the session's window):
    /// memory must not follow a hostile file. Other leaves' text is not copied at all.
    private static let valueTextCap = 4096

    private let retainsEverything: Bool
    private let retainedKeys: Set<String>
    /// Root-dict keys whose entries are kept although their values are not.
    private let keepsTopLevelEntry: (@Sendable (String) -> Bool)?
    /// A root dict keeps all its entries up to this many (repeats are then found by the
    /// rules, as in any dict); past it, only the entries it must keep, and the keys' hashes.
    static let topLevelEntriesKeptWhole = 4096
    private var hashesTopLevelKeys = false
    /// Every root-dict key's hash once hashing started, and the hashes met more than once:
    /// the keys that may repeat.
    private var topLevelKeyHashes = KeyHashSet()
    private(set) var repeatedTopLevelKeyHashes = KeyHashSet()
    /// On the second reading of a file with repeated keys: the hashes whose entries are kept.
    private let keptTopLevelKeyHashes: KeyHashSet?
    private let maximumDepth: Int
    private var frames = PlainStack<Frame>()
    private var contents: [Content] = []
    /// The text of the open leaf (leaves never nest), when it is needed.
    private var leafBytes: [UInt8] = []
    private var skippedDepth = 0
    private(set) var root: PlistNode?

    init(options: PlistParseOptions, keepingRepeatsOf keptHashes: KeyHashSet? = nil) {
        switch options.retention {
        case .everything:
            retainsEverything = true
            retainedKeys = []
        case .topLevelKeys(let keys):
            retainsEverything = false
            retainedKeys = keys
        }
        keepsTopLevelEntry = options.keepsTopLevelEntry
        keptTopLevelKeyHashes = keptHashes
        maximumDepth = options.maximumDepth
    }

    @inline(__always)
    var context: Context {
        guard !frames.isEmpty else { return .outside }
        return frames[frames.count - 1].element.isLeaf ? .leaf : .container
    }

    @inline(__always)
    var isSkipping: Bool { skippedDepth > 0 }

    /// The element the next end tag closes, when it is one of the open frames.
    @inline(__always)
    var closingElement: Element? {
        skippedDepth == 0 && !frames.isEmpty ? frames[frames.count - 1].element : nil
    }

    @inline(__always)
    var depth: Int { frames.count + skippedDepth }

    // MARK: Events

    /// An element opens: `known` is looked up by the parser (cached per name), `offset` is
    /// its `<`, and `locate` turns offsets into positions — asked only for the elements that
    /// are kept or reported on, since most of a big file is neither. `included` is false
    /// inside a preprocessor block that is not taken: the element and everything in it are
    /// then left out.
    mutating func startElement(
        _ known: Element?, name: () -> String, at offset: Int, included: Bool,
        locate: (Int) -> SourcePosition
    ) throws(SyntaxProblem) {
        if depth + 1 > maximumDepth {
            throw SyntaxProblem(
                kind: .unsupported, message: "nesting deeper than \(maximumDepth) elements", position: locate(offset))
        }
        if skippedDepth > 0 || (!included && context == .container) {
            skippedDepth += 1
            return
        }
        guard let element = known else {
            throw malformed("unknown element <\(name())>", at: locate(offset))
        }
        guard !frames.isEmpty else {
            push(element, at: offset, isRootValue: element != .plist, isValueKey: element == .key, locate: locate)
            return
        }
        let parent = frames.count - 1
        let parentElement = frames[parent].element
        if parentElement.isLeaf {
            throw malformed("<\(name())> is not allowed inside <\(parentElement.rawValue)>", at: locate(offset))
        }
        switch parentElement {
        case .plist:
            if frames[parent].hasValue {
                throw malformed(
                    "<plist> holds more than one value (Apple's parsers: \"plist can only include one object\")",
                    at: locate(offset))
            }
            push(
                element, at: offset, isRootValue: frames[parent].isRootValue || parent == 0,
                isValueKey: element == .key, locate: locate)
        case .dict:
            if !frames[parent].hasPendingKey && element != .key {
                throw malformed(
                    "expected <key> in <dict>, found <\(name())> (Apple's parsers: \"Found non-key inside <dict>\")",
                    at: locate(offset))
            }
            // After a key, a `<key>` is its value: Apple's parsers read it as a string.
            push(
                element, at: offset, isRootValue: false, isValueKey: element == .key && frames[parent].hasPendingKey,
                locate: locate)
        default:
            push(element, at: offset, isRootValue: false, isValueKey: element == .key, locate: locate)
        }
    }

    /// Text inside a leaf element.
    mutating func leafText(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard skippedDepth == 0, !frames.isEmpty else { return }
        let top = frames.count - 1
        switch frames[top].element {
        case .data, .true, .false:
            break
        case .string, .key:
            if frames[top].keepsContent { leafBytes.append(contentsOf: bytes) }
        default:
            if frames[top].keepsContent && leafBytes.count + bytes.count <= Self.valueTextCap {
                leafBytes.append(contentsOf: bytes)
            }
        }
    }

    /// The element open on top ends: `tagStart` gives the `<` of its end tag (or of the
    /// element itself when it was empty, `<true/>`) and is asked only for a message or a
    /// kept value, `endOffset` is just past the `>`; `locate` is asked only for what is kept
    /// or reported.
    mutating func endElement(tagStart: () -> Int, end endOffset: Int, locate: (Int) -> SourcePosition)
        throws(SyntaxProblem)
    {
        if skippedDepth > 0 {
            skippedDepth -= 1
            return
        }
        guard !frames.isEmpty else { return }
        let frame = frames.removeLast()
        // The open leaf's text is done with once its node is built (or refused).
        defer { if !leafBytes.isEmpty { leafBytes.removeAll(keepingCapacity: true) } }
        switch frame.element {
        case .plist:
            if !frame.hasValue {
                throw malformed(
                    "<plist> holds no value (Apple's parsers: \"Encountered empty plist tag\")", at: locate(tagStart()))
            }
            // A nested `<plist>` stands for its value, which its parent has received.
            return
        case .key where !frame.isValueKey:
            let parent = frames.count - 1
            frames[parent].hasPendingKey = true
            // A dict that keeps nothing needs only to know that a key is pending.
            if frames[parent].content >= 0 {
                let range = SourceRange(start: frame.start, end: locate(endOffset))
                let text = String(decoding: leafBytes, as: UTF8.self)
                contents[frames[parent].content].pendingKey = (text, range)
                if frames[parent].isRootValue && !retainsEverything {
                    let slot = frames[parent].content
                    if !hashesTopLevelKeys && keptTopLevelKeyHashes == nil
                        && contents[slot].entries.count >= Self.topLevelEntriesKeptWhole
                    {
                        startHashingTopLevelKeys(slot)
                    }
                    contents[slot].keepsPendingEntry =
                        hashesTopLevelKeys || keptTopLevelKeyHashes != nil ? keepsTopLevelEntry(text) : true
                }
            }
            return
        case .dict:
            if frame.hasPendingKey {
                let key = frame.content >= 0 ? contents[frame.content].pendingKey?.text : nil
                throw malformed(
                    "\(Self.describe(key ?? "")) has no value (Apple's parsers: \"Value missing for key inside <dict>\")",
                    at: locate(tagStart()))
            }
        default:
            break
        }
        // The value goes to the container around any nested `<plist>`s (each stands for its value).
        var parent = frames.count - 1
        while parent > 0 && frames[parent].element == .plist {
            frames[parent].hasValue = true
            parent -= 1
        }
        if parent >= 0 {
            if frames[parent].element == .dict { frames[parent].hasPendingKey = false }
            if frames[parent].element == .plist { frames[parent].hasValue = true }
            // Most of a big file: a value inside a container that keeps nothing is never built
            // (and keeps nothing itself, since keeping is inherited).
            if frames[parent].content < 0 && frames[parent].element != .plist { return }
        }
        let collected = frame.content >= 0 ? contents.removeLast() : Content()
        let value = node(
            from: frame, collected: collected, range: SourceRange(start: frame.start, end: locate(endOffset)))
        guard parent >= 0 else {
            root = value
            return
        }
        switch frames[parent].element {
        case .plist:
            root = value
        case .dict:
            let slot = frames[parent].content
            guard let key = contents[slot].pendingKey else { return }
            if contents[slot].keepsPendingEntry {
                contents[slot].entries.append(PlistEntry(key: key.text, keyRange: key.range, value: value))
            }
            contents[slot].pendingKey = nil
        default:
            contents[frames[parent].content].children.append(value)
        }
    }

    // MARK: Helpers

    private mutating func push(
        _ element: Element, at offset: Int, isRootValue: Bool, isValueKey: Bool, locate: (Int) -> SourcePosition
    ) {
        let keepsContent: Bool
        if retainsEverything {
            keepsContent = true
        } else if isRootValue {
            keepsContent = element == .dict
        } else if !frames.isEmpty {
            let parent = frames.count - 1
            if frames[parent].isRootValue {
                // The root dict keeps its keys' text and each value only if asked for.
                let slot = frames[parent].content
                keepsContent =
                    element == .key
                    || (slot >= 0 && contents[slot].pendingKey.map { retainedKeys.contains($0.text) } == true)
            } else {
                keepsContent = frames[parent].keepsContent
            }
        } else {
            keepsContent = false
        }
        var content = -1
        if keepsContent && (element == .dict || element == .array) {
            contents.append(Content())
            content = contents.count - 1
        }
        // Where it starts is needed if it is kept or is a top-level key or value. A leaf
        // reported for its content (integers, reals, dates, data, booleans) is located
        // when it is found invalid, or when the text before it is about to be discarded.
        let underRoot = !frames.isEmpty && frames[frames.count - 1].isRootValue
        let start = keepsContent || isRootValue || underRoot || frames.isEmpty ? locate(offset) : Self.unlocated(offset)
        frames.append(
            Frame(
                element: element, start: start, keepsContent: keepsContent, isRootValue: isRootValue, content: content,
                isValueKey: isValueKey))
    }

    /// A start whose line and column are not computed yet (line 0 marks it).
    private static func unlocated(_ offset: Int) -> SourcePosition {
        SourcePosition(offset: offset, line: 0, column: 0, utf16Column: 0)
    }

    /// The root dict has many keys: its entries so far are reduced to the ones it must keep.
    private mutating func startHashingTopLevelKeys(_ slot: Int) {
        hashesTopLevelKeys = true
        var kept: [PlistEntry] = []
        for entry in contents[slot].entries where keepsTopLevelEntry(entry.key) { kept.append(entry) }
        contents[slot].entries = kept
    }

    /// Whether the root dict keeps the entry of `key` (when it keeps only some): the
    /// retained keys, those the caller asked to see, and every occurrence of a key that may
    /// repeat. The first reading of a file learns which hashes repeat; a second reading,
    /// if any key may repeat, keeps their entries so that repeats can be confirmed and
    /// reported with both places. Other keys leave only their hash behind.
    private mutating func keepsTopLevelEntry(_ key: String) -> Bool {
        let hash = KeyHashSet.hash(key)
        if let kept = keptTopLevelKeyHashes {
            if kept.contains(hash) { return true }
        } else if !topLevelKeyHashes.insert(hash) {
            repeatedTopLevelKeyHashes.insert(hash)
        }
        return retainedKeys.contains(key) || keepsTopLevelEntry?(key) == true
    }

    /// Locates the open leaf's start before the text holding it is discarded.
    mutating func locateOpenLeaf(_ locate: (Int) -> SourcePosition) {
        guard skippedDepth == 0, !frames.isEmpty else { return }
        let top = frames.count - 1
        if frames[top].element.isLeaf && frames[top].start.line == 0 {
            frames[top].start = locate(frames[top].start.offset)
        }
    }

    /// A problem with the open leaf's content, at the leaf's start.
    func problemInOpenLeaf(_ message: String, locate: (Int) -> SourcePosition) -> SyntaxProblem {
        let top = frames.count - 1
        let start = frames[top].start.line == 0 ? locate(frames[top].start.offset) : frames[top].start
        return malformed(message, at: start)
    }

    /// The open leaf as Apple's parsers see it: a `<key>` where a value belongs is a string.
    @inline(__always)
    var openLeaf: Element? {
        guard let element = closingElement, element.isLeaf else { return nil }
        return element == .key && frames[frames.count - 1].isValueKey ? .string : element
    }

    private func node(from frame: Frame, collected: Content, range: SourceRange) -> PlistNode {
        let kind = frame.element.valueKind ?? .string
        guard frame.keepsContent else {
            return PlistNode(content: .notRetained(kind), range: range)
        }
        func trimmed() -> String { String(decoding: LeafContent.trimmed(leafBytes), as: UTF8.self) }
        let content: PlistNode.Content
        switch kind {
        case .dictionary: content = .dictionary(collected.entries)
        case .array: content = .array(collected.children)
        case .string: content = .string(String(decoding: leafBytes, as: UTF8.self))
        case .integer: content = .integer(trimmed())
        case .real: content = .real(trimmed())
        case .date: content = .date(trimmed())
        case .data: content = .data
        case .boolean: content = .boolean(frame.element == .true)
        }
        return PlistNode(content: content, range: range)
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
