import EplintBase

/// Reads binary property lists (`bplist00`, the form of built Info.plists) into the same
/// values the XML parser makes. A binary plist has no lines: every value is located at the
/// file's first character, and findings name their key path instead.
///
/// Only the objects reachable from the top object are read (as CoreFoundation does), each
/// offset and count checked against the file before it is used; a reference back to an
/// object being read (a cycle) is malformed, and values shared by several containers are
/// counted every time they are used, so that a small file cannot expand into a huge tree.
package enum BinaryPlistReader {
    /// The header this reader knows. `bplist15`/`bplist16` are private formats no bundle holds.
    static let magic = Array("bplist00".utf8)
    static let trailerSize = 32
    /// Larger files are not read: a built Info.plist is a few kilobytes, an entitlements blob less.
    static let maximumByteCount = 16 << 20

    package static func parse(_ bytes: [UInt8], options: PlistParseOptions = PlistParseOptions()) -> PlistDocument {
        var document: PlistDocument
        do throws(SyntaxProblem) {
            var reader = try BinaryPlistObjects(bytes, options: options)
            document = PlistDocument(root: try reader.readRoot(), problems: [], comments: [])
        } catch {
            document = PlistDocument(root: nil, problems: [error], comments: [])
        }
        document.isBinary = true
        return document
    }
}

/// The trailer, the offset table and the objects of one binary plist.
struct BinaryPlistObjects {
    private let bytes: [UInt8]
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let topObject: Int
    private let offsetTableStart: Int
    private let maximumDepth: Int
    private let retainedKeys: Set<String>?
    /// Values still allowed to be made: the file's size (every value but the root needs a
    /// reference of at least one byte), so that shared containers cannot multiply the work.
    private var valueBudget: Int
    /// Objects being read (on the path from the top object): a reference to one is a cycle.
    private var open: [Bool]

    init(_ bytes: [UInt8], options: PlistParseOptions) throws(SyntaxProblem) {
        self.bytes = bytes
        guard bytes.starts(with: BinaryPlistReader.magic) else {
            let header = String(
                decoding: bytes.prefix(8).map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            throw Self.problem(
                .unsupported,
                "binary property list format \(header.quotedForMessage) is not supported (eplint reads bplist00)")
        }
        let trailerSize = BinaryPlistReader.trailerSize
        guard bytes.count >= BinaryPlistReader.magic.count + 1 + trailerSize else {
            throw Self.problem(
                .malformed,
                "binary property list too short (\(bytes.count) bytes) for a header, an object and a trailer")
        }
        let trailer = bytes.count - trailerSize
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let tableStart = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        // Sizes over 8 bytes are read as CoreFoundation reads them: their last 8 bytes count.
        guard offsetSize >= 1, referenceSize >= 1 else {
            throw Self.problem(
                .malformed,
                "binary property list trailer: offset size \(offsetSize) and reference size \(referenceSize) must be at least 1 byte"
            )
        }
        // Every count and offset is compared as UInt64 before it becomes an Int.
        guard count >= 1, count <= UInt64(trailer) else {
            throw Self.problem(.malformed, "binary property list trailer: \(count) objects in \(bytes.count) bytes")
        }
        guard top < count else {
            throw Self.problem(.malformed, "binary property list trailer: top object \(top) of \(count) objects")
        }
        // CoreFoundation reads a file only when its offset table ends where the trailer starts.
        guard tableStart >= UInt64(BinaryPlistReader.magic.count + 1), tableStart < UInt64(trailer),
            count == (UInt64(trailer) - tableStart) / UInt64(offsetSize),
            (UInt64(trailer) - tableStart) % UInt64(offsetSize) == 0
        else {
            throw Self.problem(
                .malformed,
                "binary property list trailer: an offset table of \(count) entries of \(offsetSize) bytes at \(tableStart) does not end where the trailer starts (\(trailer))"
            )
        }
        guard offsetSize >= 8 || tableStart < UInt64(1) << UInt64(8 * offsetSize) else {
            throw Self.problem(
                .malformed,
                "binary property list trailer: offsets of \(offsetSize) bytes cannot reach the offset table at \(tableStart)"
            )
        }
        guard referenceSize >= 8 || count < UInt64(1) << UInt64(8 * referenceSize) else {
            throw Self.problem(
                .malformed,
                "binary property list trailer: \(count) objects cannot be referred to in \(referenceSize) bytes")
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableStart = Int(tableStart)
        maximumDepth = options.maximumDepth
        switch options.retention {
        case .everything: retainedKeys = nil
        case .topLevelKeys(let keys): retainedKeys = keys
        }
        valueBudget = bytes.count
        open = Array(repeating: false, count: objectCount)
        // Every offset, used or not, lies before the table (CoreFoundation checks them all first).
        for index in 0..<objectCount {
            let offset = Self.bigEndian(bytes, at: offsetTableStart + index * offsetSize, size: offsetSize)
            guard offset < UInt64(offsetTableStart) else {
                throw Self.problem(
                    .malformed,
                    "binary property list: object \(index) is at offset \(offset), past the objects (8..<\(offsetTableStart))"
                )
            }
        }
    }

    private static func problem(_ kind: SyntaxProblem.Kind, _ message: String) -> SyntaxProblem {
        SyntaxProblem(kind: kind, message: message, position: .start)
    }

    /// The last 8 bytes count in a wider integer, as in CoreFoundation's reader.
    private static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private static let location = SourceRange(at: .start)

    // MARK: Objects

    /// An array or dictionary being read. The reader keeps these on a stack of its own, not on
    /// the thread's (a secondary thread has 512 KiB on macOS, and the thread may be a library
    /// user's), so the depth limit holds whatever the stack.
    private struct OpenCollection {
        var index: Int
        var isRoot: Bool
        var count: Int
        /// Where its references start.
        var content: Int
        /// nil in a dictionary.
        var items: [PlistNode]?
        var entries: [PlistEntry] = []
        /// The element read next.
        var next = 0
        /// The key whose value is being read.
        var key = ""
        /// The dictionary's keys so far.
        var keys: Set<String> = []
    }

    private enum Read {
        case value(PlistNode)
        case collection(OpenCollection)
    }

    mutating func readRoot() throws(SyntaxProblem) -> PlistNode {
        var stack: [OpenCollection] = []
        var child = (index: topObject, retained: true)
        while true {
            var finished: PlistNode?
            // `<plist>` is the first level of nesting, as in XML.
            switch try readObject(child.index, depth: stack.count + 2, retained: child.retained, isRoot: stack.isEmpty)
            {
            case .value(let node): finished = node
            case .collection(let collection): stack.append(collection)
            }
            // Hand the value to the collection that holds it, closing every collection that ends
            // here, until one has another element to read.
            while let top = stack.indices.last {
                if let node = finished {
                    finished = nil
                    if stack[top].items != nil {
                        stack[top].items?.append(node)
                    } else if stack[top].keys.insert(stack[top].key).inserted {
                        // CoreFoundation's binary reader keeps the first value of a repeated key.
                        stack[top].entries.append(PlistEntry(key: stack[top].key, keyRange: Self.location, value: node))
                    }
                }
                if stack[top].next < stack[top].count {
                    child = try nextElement(of: &stack[top])
                    break
                }
                let collection = stack.removeLast()
                open[collection.index] = false
                finished = PlistNode(
                    content: collection.items.map { .array($0) } ?? .dictionary(collection.entries),
                    range: Self.location)
            }
            if stack.isEmpty, let finished { return finished }
        }
    }

    /// The object of a collection's next element (for a dictionary, its value, the key read).
    private mutating func nextElement(of collection: inout OpenCollection) throws(SyntaxProblem) -> (
        index: Int, retained: Bool
    ) {
        let item = collection.next
        collection.next += 1
        if collection.items != nil { return (try reference(at: collection.content + item * referenceSize), true) }
        let keyIndex = try reference(at: collection.content + item * referenceSize)
        let valueIndex = try reference(at: collection.content + (collection.count + item) * referenceSize)
        collection.key = try keyString(keyIndex)
        // Under `.topLevelKeys`, the root's other values keep only their kind.
        return (valueIndex, !collection.isRoot || retainedKeys?.contains(collection.key) ?? true)
    }

    /// Where object `index` starts, checked to lie between the header and the offset table.
    private func offset(of index: Int) throws(SyntaxProblem) -> Int {
        let entry = offsetTableStart + index * offsetSize
        let offset = Self.bigEndian(bytes, at: entry, size: offsetSize)
        guard offset >= UInt64(BinaryPlistReader.magic.count), offset < UInt64(offsetTableStart) else {
            throw Self.problem(
                .malformed,
                "binary property list: object \(index) is at offset \(offset), outside the objects (8..<\(offsetTableStart))"
            )
        }
        return Int(offset)
    }

    private func reference(at position: Int) throws(SyntaxProblem) -> Int {
        let value = Self.bigEndian(bytes, at: position, size: referenceSize)
        guard value < UInt64(objectCount) else {
            throw Self.problem(.malformed, "binary property list: a reference to object \(value) of \(objectCount)")
        }
        return Int(value)
    }

    /// The object's marker, its length (from the low nibble or the integer after it) and where
    /// its content starts; the content (`length` × `unit` bytes) is checked to lie before the
    /// offset table.
    private func header(at start: Int, index: Int, unit: Int) throws(SyntaxProblem) -> (length: Int, content: Int) {
        let nibble = Int(bytes[start] & 0x0F)
        var length = nibble
        var content = start + 1
        if nibble == 0x0F {
            // An integer of any width (CoreFoundation reads its last 8 bytes).
            guard content < offsetTableStart, bytes[content] & 0xF0 == 0x10 else {
                throw Self.problem(.malformed, "binary property list: object \(index) has a malformed length")
            }
            let size = 1 << Int(bytes[content] & 0x0F)
            guard size <= offsetTableStart - content - 1 else {
                throw Self.problem(
                    .malformed, "binary property list: object \(index)'s length runs into the offset table")
            }
            let value = Self.bigEndian(bytes, at: content + 1, size: size)
            guard value <= UInt64(offsetTableStart) else {
                throw Self.problem(.malformed, "binary property list: object \(index) claims \(value) elements")
            }
            length = Int(value)
            content += 1 + size
        }
        guard length <= (offsetTableStart - content) / unit else {
            throw Self.problem(
                .malformed,
                "binary property list: object \(index) (\(length) × \(unit) bytes) runs into the offset table")
        }
        return (length, content)
    }

    /// A value, or a collection opened to be read element by element.
    private mutating func readObject(_ index: Int, depth: Int, retained: Bool, isRoot: Bool) throws(SyntaxProblem)
        -> Read
    {
        guard depth <= maximumDepth else {
            throw Self.problem(.unsupported, "nesting deeper than \(maximumDepth) elements")
        }
        guard valueBudget > 0 else {
            throw Self.problem(
                .unsupported,
                "binary property list: its shared objects expand to more values than the file has bytes (\(bytes.count))"
            )
        }
        valueBudget -= 1
        let start = try offset(of: index)
        let marker = bytes[start]
        let nibble = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return node(.boolean(false), retained: retained)
            case 0x09: return node(.boolean(true), retained: retained)
            default:
                throw Self.problem(
                    .malformed,
                    "binary property list: object \(index) has marker 0x\(Self.hex(marker)), not a property list value")
            }
        case 0x1:
            guard nibble <= 4, start + 1 + (1 << nibble) <= offsetTableStart else {
                throw Self.problem(.malformed, "binary property list: integer object \(index) is malformed")
            }
            return node(.integer(integerText(at: start + 1, size: 1 << nibble)), kind: .integer, retained: retained)
        case 0x2:
            guard nibble == 2 || nibble == 3, start + 1 + (1 << nibble) <= offsetTableStart else {
                throw Self.problem(.malformed, "binary property list: real object \(index) is malformed")
            }
            return node(.real(realValue(at: start + 1, size: 1 << nibble).description), kind: .real, retained: retained)
        case 0x3:
            guard marker == 0x33, start + 9 <= offsetTableStart else {
                throw Self.problem(.malformed, "binary property list: date object \(index) is malformed")
            }
            return node(
                .date(AbsoluteDate.text(secondsSince2001: realValue(at: start + 1, size: 8))), kind: .date,
                retained: retained)
        case 0x4:
            _ = try header(at: start, index: index, unit: 1)
            return node(.data, retained: retained)
        case 0x5, 0x6:
            return node(.string(try string(at: start, index: index)), kind: .string, retained: retained)
        case 0x8:
            // A keyed archiver's UID, written `<dict><key>CF$UID</key><integer>N</integer></dict>` in XML.
            // 1 to 16 bytes, of which the last 8 count, for a number of 32 bits at most (as
            // CoreFoundation's keyed archiver UIDs are).
            guard start + 2 + nibble <= offsetTableStart,
                case let number = Self.bigEndian(bytes, at: start + 1, size: nibble + 1), number <= UInt32.max
            else {
                throw Self.problem(.malformed, "binary property list: UID object \(index) is malformed")
            }
            let value = PlistNode(content: .integer(String(number)), range: Self.location)
            return node(
                .dictionary([PlistEntry(key: "CF$UID", keyRange: Self.location, value: value)]), kind: .dictionary,
                retained: retained)
        case 0xA:
            let (count, content) = try header(at: start, index: index, unit: referenceSize)
            guard retained else { return .value(PlistNode(content: .notRetained(.array), range: Self.location)) }
            try enter(index)
            var items: [PlistNode] = []
            items.reserveCapacity(min(count, valueBudget))
            return .collection(
                OpenCollection(index: index, isRoot: isRoot, count: count, content: content, items: items))
        case 0xD:
            let (count, content) = try header(at: start, index: index, unit: 2 * referenceSize)
            guard retained else { return .value(PlistNode(content: .notRetained(.dictionary), range: Self.location)) }
            try enter(index)
            var collection = OpenCollection(index: index, isRoot: isRoot, count: count, content: content)
            collection.entries.reserveCapacity(min(count, valueBudget))
            return .collection(collection)
        default:
            throw Self.problem(
                .malformed,
                "binary property list: object \(index) has marker 0x\(Self.hex(marker)), not a property list value")
        }
    }

    private mutating func enter(_ index: Int) throws(SyntaxProblem) {
        guard !open[index] else {
            throw Self.problem(.malformed, "binary property list: object \(index) contains itself")
        }
        open[index] = true
    }

    private mutating func keyString(_ index: Int) throws(SyntaxProblem) -> String {
        let start = try offset(of: index)
        guard bytes[start] >> 4 == 0x5 || bytes[start] >> 4 == 0x6 else {
            throw Self.problem(.malformed, "binary property list: a dictionary key (object \(index)) is not a string")
        }
        guard valueBudget > 0 else {
            throw Self.problem(
                .unsupported,
                "binary property list: its shared objects expand to more values than the file has bytes (\(bytes.count))"
            )
        }
        valueBudget -= 1
        return try string(at: start, index: index)
    }

    private func string(at start: Int, index: Int) throws(SyntaxProblem) -> String {
        if bytes[start] >> 4 == 0x5 {
            let (count, content) = try header(at: start, index: index, unit: 1)
            // Bytes over 0x7F are read as Latin-1, as Foundation reads them.
            var text = ""
            text.unicodeScalars.append(contentsOf: bytes[content..<content + count].map { Unicode.Scalar($0) })
            return text
        }
        let (count, content) = try header(at: start, index: index, unit: 2)
        var units: [UInt16] = []
        units.reserveCapacity(count)
        for unit in 0..<count {
            units.append(UInt16(bytes[content + 2 * unit]) << 8 | UInt16(bytes[content + 2 * unit + 1]))
        }
        return String(decoding: units, as: UTF16.self)
    }

    private func node(_ content: PlistNode.Content, kind: PlistKind? = nil, retained: Bool) -> Read {
        let made = PlistNode(content: content, range: Self.location)
        return .value(retained ? made : PlistNode(content: .notRetained(kind ?? made.kind), range: Self.location))
    }

    /// 1, 2 and 4-byte integers are unsigned, 8-byte ones signed; of a 16-byte one (how
    /// CoreFoundation writes an unsigned 64-bit value) Foundation reads the low half, unsigned.
    private func integerText(at offset: Int, size: Int) -> String {
        let low = Self.bigEndian(bytes, at: offset + max(0, size - 8), size: min(size, 8))
        return size == 8 ? String(Int64(bitPattern: low)) : String(low)
    }

    private func realValue(at offset: Int, size: Int) -> Double {
        let bits = Self.bigEndian(bytes, at: offset, size: size)
        return size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }
}
