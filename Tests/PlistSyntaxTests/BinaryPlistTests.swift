import EplintBase
import Foundation
import TestSupport
import Testing

@testable import PlistSyntax

/// The binary plist reader against Foundation's (`PropertyListSerialization`) on generated
/// plists, on their corruptions and on the binary plists of the corpus's built apps.
@Suite struct BinaryPlistTests {
    /// A value as both readers can say it: Foundation's dictionaries have no order.
    indirect enum Value: Equatable, CustomStringConvertible {
        case string(String)
        case integer(String)
        case real(Double)
        case boolean(Bool)
        case date(String)
        case data
        /// A keyed archiver's UID, with its number.
        case uid(String)
        /// What Foundation reads and eplint refuses: a dictionary with a key that is no string.
        case nonStringKey
        case other(String)
        case array([Value])
        case dictionary([String: Value])

        var description: String {
            switch self {
            case .string(let text): "\"\(text)\""
            case .integer(let text): text
            case .real(let value): "\(value)r"
            case .boolean(let value): "\(value)"
            case .date(let text): text
            case .data: "<data>"
            case .uid(let number): "<uid \(number)>"
            case .nonStringKey: "<non-string key>"
            case .other(let name): "<\(name)>"
            case .array(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
            case .dictionary(let entries):
                "{" + entries.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
            }
        }

        static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            // NaN is the same value in both readers.
            case (.real(let a), .real(let b)): a == b || (a.isNaN && b.isNaN)
            case (.string(let a), .string(let b)): a == b
            case (.integer(let a), .integer(let b)): a == b
            case (.boolean(let a), .boolean(let b)): a == b
            case (.date(let a), .date(let b)): a == b
            case (.uid(let a), .uid(let b)): a == b
            case (.data, .data), (.nonStringKey, .nonStringKey): true
            case (.other(let a), .other(let b)): a == b
            case (.array(let a), .array(let b)): a == b
            case (.dictionary(let a), .dictionary(let b)): a == b
            default: false
            }
        }
    }

    static func value(_ node: PlistNode) -> Value {
        switch node.content {
        case .string(let text): return .string(text)
        case .integer(let text): return .integer(text)
        case .real(let text): return .real(Double(text) ?? .nan)
        case .boolean(let value): return .boolean(value)
        case .date(let text): return .date(text)
        case .data: return .data
        case .array(let items): return .array(items.map(value))
        case .dictionary(let entries):
            if entries.count == 1, entries[0].key == "CF$UID", case .integer(let number) = entries[0].value.content {
                return .uid(number)
            }
            return .dictionary(
                Dictionary(entries.map { ($0.key, value($0.value)) }, uniquingKeysWith: { _, last in last }))
        case .notRetained(let kind): return .string("not retained \(kind)")
        }
    }

    /// One formatter: making one per date took most of the corrupted files' time.
    nonisolated(unsafe) static let dateFormatter = ISO8601DateFormatter()

    static func value(foundation object: Any) -> Value {
        if let flag = FoundationBoolean.value(object) { return .boolean(flag) }
        switch object {
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            return type == "d" || type == "f" ? .real(number.doubleValue) : .integer(number.stringValue)
        case let text as String: return .string(text)
        // Whole seconds, as eplint keeps them (the formatter's rounding of fractions varies).
        case let date as Date:
            // Beyond ±10^12 s (no four-digit year) eplint keeps the number, where the formatter
            // stops at the year 5828963: the number is what both read.
            let seconds = date.timeIntervalSinceReferenceDate
            guard seconds.isFinite, abs(seconds) < 1e12 else { return .date(seconds.description) }
            let whole = Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down))
            return .date(dateFormatter.string(from: whole))
        case is Data: return .data
        case let items as [Any]: return .array(items.map { value(foundation: $0) })
        case let entries as [String: Any]: return .dictionary(entries.mapValues { value(foundation: $0) })
        case is [AnyHashable: Any]: return .nonStringKey
        default:
            let name = String(describing: type(of: object))
            guard name.contains("UID") else { return .other(name) }
            // swift-corelibs-foundation's `_NSKeyedArchiverUID` keeps its number in `value`, not public.
            let number = Mirror(reflecting: object).children.first { $0.label == "value" }?.value
            return .uid(number.map { "\($0)" } ?? "?")
        }
    }

    /// Foundation reads some corrupted files past their end, so its verdict on them depended on
    /// whatever memory followed (a different handful of 1,200 in each run): the bytes are handed
    /// over with 64 KiB of zeros behind them, which makes that verdict repeatable.
    static func foundationValue(_ bytes: [UInt8]) -> Value? {
        foundationReading(bytes) { value(foundation: $0) }
    }

    /// Whether Foundation's binary reader takes the file, without converting what it read: the
    /// conversion recurses, and a file nested hundreds deep would overflow a 512 KiB test thread.
    static func foundationReads(_ bytes: [UInt8]) -> Bool {
        foundationReading(bytes) { _ in true } ?? false
    }

    private static func foundationReading<Result>(_ bytes: [UInt8], _ use: (Any) -> Result?) -> Result? {
        var padded = bytes + [UInt8](repeating: 0, count: 65_536)
        return padded.withUnsafeMutableBytes { buffer in
            let data = Data(bytesNoCopy: buffer.baseAddress!, count: bytes.count, deallocator: .none)
            // Where its binary reader refuses a file, Foundation tries it as XML and as old-style
            // text ("bplist00" is a string there): only a binary reading counts.
            var format = PropertyListSerialization.PropertyListFormat.binary
            guard let object = try? PropertyListSerialization.propertyList(from: data, format: &format),
                format == .binary
            else { return nil }
            return use(object)
        }
    }

    static func ourValue(_ bytes: [UInt8]) -> Value? {
        let document = BinaryPlistReader.parse(bytes)
        #expect(document.isBinary)
        return document.root.map(value)
    }

    // MARK: Generated plists

    /// Plists from Foundation's writer (its dictionary order is the process's, which the test
    /// does not depend on: every file must read the same).
    static func generated(count: Int, seed: UInt64) -> [[UInt8]] {
        var generator = GeneratedPlist.Generator(random: SeededGenerator(seed: seed))
        return (0..<count).map { _ in
            Array(
                try! PropertyListSerialization.data(
                    fromPropertyList: generator.root().foundationObject, format: .binary, options: 0))
        }
    }

    @Test func generatedPlistsReadAsFoundationReadsThem() {
        let files = Self.generated(count: 400, seed: 29)
        var objects = 0
        for (index, bytes) in files.enumerated() {
            let expected = Self.foundationValue(bytes)
            #expect(expected != nil)
            #expect(Self.ourValue(bytes) == expected, "generated plist \(index)")
            objects += bytes.count
        }
        #expect(objects > 100_000, "the generated plists are not trivial")
    }

    /// The files the corruptions start from (written by the test, wide or not, with UIDs):
    /// both readers read them alike, so any later difference is the corruption's.
    @Test func writtenPlistsReadAsFoundationReadsThem() {
        var generator = GeneratedPlist.Generator(random: SeededGenerator(seed: 31), uids: true)
        for index in 0..<200 {
            let bytes = generator.root().binary(wide: index % 2 == 1)
            let expected = Self.foundationValue(bytes)
            #expect(expected != nil, "\(generator.random), file \(index): \(Self.hex(bytes))")
            let ours = Self.ourValue(bytes)
            #expect(
                ours == expected,
                "\(generator.random), file \(index), eplint against Foundation \(ours.flatMap { mine in expected.flatMap { mine.difference(from: $0) } } ?? ""): \(Self.hex(bytes))"
            )
        }
    }

    /// One corruption of a generated file: a truncation, a byte of the trailer or offset table
    /// replaced, or four bytes anywhere flipped.
    static func corrupted(_ original: [UInt8], variant: Int, random: inout SeededGenerator) -> [UInt8] {
        var bytes = original
        switch variant {
        case 0: bytes.removeLast(Int(random.next() % UInt64(bytes.count - 8)) + 1)
        case 1...5:
            // A byte of the trailer or the offset table, where most of the structure is.
            let from = variant < 3 ? bytes.count - 32 : 8
            let position = from + Int(random.next() % UInt64(bytes.count - from))
            bytes[position] = UInt8(truncatingIfNeeded: random.next())
        default:
            for _ in 0..<4 {
                bytes[8 + Int(random.next() % UInt64(bytes.count - 8))] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            }
        }
        return bytes
    }

    /// Where swift-corelibs-foundation reads a file otherwise than eplint and the binary plist
    /// format (CoreFoundation's CFBinaryPList.c) says eplint is right, or eplint refuses by design.
    static let knownFoundationDifferences:
        [(name: String, reason: String, applies: @Sendable ([UInt8], Value?, Value?) -> Bool)] = [
            (
                "a value no plist holds",
                "Foundation takes NSNull (0x00), sets (0xC_) and any non-container as a key; eplint refuses them (EP001)",
                { _, ours, theirs in ours == nil && theirs?.holdsNonPlistValue == true }
            ),
            (
                "an empty UTF-16 string",
                "0x60 is a string of 0 UTF-16 units; CoreFoundation refuses it only because allocating its 0 bytes returns NULL",
                { bytes, ours, theirs in ours != nil && theirs == nil && objectMarkers(bytes).contains(0x60) }
            ),
        ]

    /// The first byte of every object the offset table points at (none if the trailer does not read).
    static func objectMarkers(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 41 else { return [] }
        let trailer = Array(bytes.suffix(32))
        let number = { (from: Int) in trailer[from..<from + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        let size = Int(trailer[6])
        guard (1...8).contains(size), number(8) < 1 << 20, number(24) < UInt64(bytes.count) else { return [] }
        let table = Int(number(24))
        return (0..<Int(number(8))).compactMap { index in
            let entry = table + index * size
            guard entry + size <= bytes.count - 32 else { return nil }
            let offset = bytes[entry..<entry + size].reduce(0) { $0 << 8 | Int($1) }
            return (0..<bytes.count).contains(offset) ? bytes[offset] : nil
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// Corrupted bytes and truncations: where both readers accept a file, they read the same
    /// values; where eplint refuses one Foundation reads, Foundation read something no plist
    /// holds; and eplint never crashes. The files follow from the seed alone (EPLINT_TEST_SEED
    /// replays a failure).
    @Test func corruptedPlistsAgreeWithFoundation() {
        // Files of a few hundred bytes to a few kilobytes, so that 1,200 take a few seconds.
        var generator = GeneratedPlist.Generator(random: SeededGenerator(seed: 2929), uids: true, maximumDepth: 4)
        var rejected = 0
        var unstable = 0
        var disagreements: [String] = []
        for index in 0..<150 {
            let root = generator.root()
            let original = root.binary(wide: index % 5 == 4)
            for variant in 0..<8 {
                let bytes = Self.corrupted(original, variant: variant, random: &generator.random)
                let ours = Self.ourValue(bytes)
                // Foundation's verdict on a few corrupted files changes from call to call (it
                // reads memory past what it checked): only a verdict it repeats is compared.
                // swift-corelibs-foundation crashes converting some sets (marker 0xC_) it has read;
                // eplint refuses every set, so a file it refuses that holds one is not handed over.
                if ours == nil, Self.objectMarkers(bytes).contains(where: { $0 >> 4 == 0xC }) { continue }
                let theirs = Self.foundationValue(bytes)
                guard (0..<2).allSatisfy({ _ in Self.foundationValue(bytes) == theirs }) else {
                    unstable += 1
                    continue
                }
                if ours == nil { rejected += 1 }
                if ours != theirs, Self.knownFoundationDifferences.contains(where: { $0.applies(bytes, ours, theirs) })
                {
                    continue
                }
                if ours != theirs {
                    let why = BinaryPlistReader.parse(bytes).fatalProblem?.message ?? "accepts"
                    let verdicts =
                        if let ours, let theirs {
                            "both read it, eplint against Foundation \(ours.difference(from: theirs) ?? "")"
                        } else {
                            "eplint \(ours.map { String($0.description.prefix(300)) } ?? why), Foundation \(theirs.map { String($0.description.prefix(300)) } ?? "rejects")"
                        }
                    disagreements.append(
                        "file \(index) variant \(variant): \(verdicts)\n  \(bytes.count) bytes: \(Self.hex(bytes))")
                }
            }
        }
        #expect(
            disagreements.isEmpty,
            "\(generator.random): \(disagreements.count) of 1200:\n\(disagreements.joined(separator: "\n"))")
        #expect(rejected > 300, "the corruptions are not all harmless")
        #expect(unstable < 60, "Foundation changed its mind on \(unstable) of 1200 files")
    }

    // MARK: The corpus's binary plists

    static let artifacts = SharedData.Item.artifacts.url

    static func corpusBinaryPlists() -> [URL] {
        guard let walk = FileManager.default.enumerator(at: artifacts, includingPropertiesForKeys: nil) else {
            return []
        }
        return walk.compactMap { $0 as? URL }.filter { url in
            guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
            defer { try? handle.close() }
            return (try? handle.read(upToCount: 8)) == Data("bplist00".utf8)
        }.sorted { $0.path < $1.path }
    }

    @Test(
        .requires(.artifacts))
    func corpusPlistsReadAsFoundationReadsThem() throws {
        let files = Self.corpusBinaryPlists()
        #expect(files.count >= 20)
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            let expected = Self.foundationValue(bytes)
            #expect(expected != nil)
            #expect(Self.ourValue(bytes) == expected, "\(file.path)")
        }
    }

    // MARK: A binary plist and its XML twin

    @Test func binaryAndXMLGiveTheSameValues() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>SKExternalPurchase</key><array><string>fr</string><string>nl</string></array>
            <key>SKExternalPurchaseLink</key><dict><key>fr</key><string>https://example.com/fr</string></dict>
            <key>MinimumOSVersion</key><string>17.4</string>
            <key>Count</key><integer>-42</integer>
            <key>Ratio</key><real>0.5</real>
            <key>Flag</key><true/>
            <key>When</key><date>2024-03-07T10:11:12Z</date>
            <key>Blob</key><data>AAEC</data>
            </dict></plist>
            """
        let binary = try PropertyListSerialization.data(
            fromPropertyList: PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil),
            format: .binary, options: 0)
        let fromXML = try #require(PlistParser.parse(Array(xml.utf8)).root)
        let fromBinary = try #require(PlistParser.parse(Array(binary)).root)
        #expect(Self.value(fromBinary) == Self.value(fromXML))
        #expect(fromBinary.range == SourceRange(at: .start))
    }

    @Test func retentionKeepsOnlyTheNamedTopLevelValues() throws {
        let binary = try PropertyListSerialization.data(
            fromPropertyList: ["Kept": ["a", "b"], "Other": ["c": 1]], format: .binary, options: 0)
        let document = BinaryPlistReader.parse(
            Array(binary), options: PlistParseOptions(retention: .topLevelKeys(["Kept"])))
        let entries = try #require(document.root?.dictionaryEntries)
        #expect(entries.last(forKey: "Kept")?.value.arrayValue?.count == 2)
        let other = try #require(entries.last(forKey: "Other")?.value)
        #expect(!other.isRetained && other.kind == .dictionary)
    }

    // MARK: Hostile files

    /// A plist written by hand: `objects` laid out after the header, then the offset table
    /// (1-byte offsets unless told) and the trailer.
    static func handWritten(
        _ objects: [[UInt8]], top: UInt64 = 0, referenceSize: UInt8 = 1, claimedCount: UInt64? = nil,
        offsets: [Int]? = nil
    ) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var starts: [Int] = []
        for object in objects {
            starts.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        let offsetSize = (offsets ?? starts).contains { $0 > 255 } ? 2 : 1
        for offset in offsets ?? starts {
            bytes += offsetSize == 2 ? [UInt8(offset >> 8), UInt8(offset & 0xFF)] : [UInt8(offset)]
        }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), referenceSize]
        for value in [claimedCount ?? UInt64(objects.count), top, UInt64(table)] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        return bytes
    }

    static func problem(_ bytes: [UInt8]) -> SyntaxProblem? {
        let document = BinaryPlistReader.parse(bytes)
        #expect(document.root == nil || document.problems.isEmpty)
        return document.fatalProblem
    }

    @Test func handWrittenPlistIsRead() {
        // ["ab", {"k": true}]
        let bytes = Self.handWritten([[0xA2, 1, 2], [0x52, 0x61, 0x62], [0xD1, 3, 4], [0x51, 0x6B], [0x09]])
        #expect(Self.ourValue(bytes) == .array([.string("ab"), .dictionary(["k": .boolean(true)])]))
        #expect(Self.ourValue(bytes) == Self.foundationValue(bytes))
    }

    @Test func cyclesAreMalformed() {
        // An array that holds itself, and two dicts that hold each other.
        let selfHolding = Self.handWritten([[0xA1, 0]])
        #expect(Self.problem(selfHolding)?.kind == .malformed)
        #expect(Self.problem(selfHolding)?.message.contains("contains itself") == true)
        #expect(Self.foundationValue(selfHolding) == nil)
        let mutual = Self.handWritten([[0xD1, 2, 1], [0xD1, 2, 0], [0x51, 0x6B]])
        #expect(Self.problem(mutual)?.kind == .malformed)
        #expect(Self.foundationValue(mutual) == nil)
    }

    /// Refused before expanding: 2^40 values would never finish (the time limit is a hang guard).
    @Test(.timeLimit(.minutes(1))) func sharedContainersCannotExpandBeyondTheFileSize() {
        // Object i is an array holding object i+1 twice: 2^40 values from 40 objects.
        var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])
        let bytes = Self.handWritten(objects)
        let problem = Self.problem(bytes)
        #expect(problem?.kind == .unsupported)
        #expect(problem?.message.contains("expand") == true)
    }

    @Test func hostileTrailersAndOffsets() {
        let valid = Self.handWritten([[0x51, 0x61]])
        #expect(Self.ourValue(valid) == .string("a"))
        let cases: [(String, [UInt8])] = [
            ("huge object count", Self.handWritten([[0x51, 0x61]], claimedCount: UInt64.max)),
            ("object count past the table", Self.handWritten([[0x51, 0x61]], claimedCount: 5)),
            ("top object out of range", Self.handWritten([[0x51, 0x61]], top: 1)),
            ("offset into the trailer", Self.handWritten([[0x51, 0x61]], offsets: [200])),
            ("offset into the header", Self.handWritten([[0x51, 0x61]], offsets: [3])),
            ("reference out of range", Self.handWritten([[0xA1, 7]])),
            (
                "length past the table",
                Self.handWritten([[0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x61]])
            ),
            ("reference size 0", Self.handWritten([[0x51, 0x61]], referenceSize: 0)),
            ("key not a string", Self.handWritten([[0xD1, 1, 1], [0x10, 5]])),
            ("null", Self.handWritten([[0x00]])),
            ("set", Self.handWritten([[0xC0]])),
            ("short", Array("bplist00".utf8) + [0x09]),
        ]
        for (name, bytes) in cases {
            #expect(Self.problem(bytes) != nil, "\(name)")
            let theirs = Self.foundationValue(bytes)
            // Foundation also takes NSNull, sets and non-string keys, which no plist holds.
            let known = ["key not a string", "null", "set"].contains(name) && theirs?.holdsNonPlistValue == true
            #expect(theirs == nil || known, "Foundation accepts \(name): \(theirs!)")
        }
        #expect(Self.problem(Array("bplist15".utf8) + [UInt8](repeating: 0, count: 40))?.kind == .unsupported)
    }

    @Test func nestingDeeperThanTheXMLLimitIsUnsupported() {
        // 300 arrays, each holding the next.
        var objects: [[UInt8]] = (0..<300).map { index in [0xA1, UInt8((index + 1) >> 8), UInt8((index + 1) & 0xFF)] }
        objects.append([0x09])
        let bytes = Self.handWritten(objects, referenceSize: 2)
        let problem = Self.problem(bytes)
        #expect(problem?.kind == .unsupported)
        #expect(problem?.message == "nesting deeper than 256 elements")
        #expect(Self.foundationReads(bytes), "Foundation reads it: the limit is eplint's")
    }

    /// CoreFoundation's rules (CFBinaryPList.c) where eplint once read otherwise, each case
    /// read alike by both.
    @Test func coreFoundationRulesOnOffsetsWidthsAndKeys() {
        let blob: [UInt8] = [0x4F, 0x11, 0x01, 0x2C] + [UInt8](repeating: 7, count: 300)
        let refused: [(String, [UInt8])] = [
            // __CFBinaryPlistGetTopLevelInfo checks every offset, used or not.
            ("an unused offset past the table", Self.handWritten([[0x09], [0x08]], offsets: [8, 250])),
            ("an offset table that ends before the trailer", Self.handWritten([[0x09], [0x08]], claimedCount: 1)),
            ("1-byte offsets with the table at 313", Self.handWritten([[0x09], blob])),
            ("256 objects for 1-byte references", Self.handWritten([[UInt8]](repeating: [0x09], count: 256))),
            ("a UID over 32 bits", Self.handWritten([[0x87, 0, 0, 0, 1, 0, 0, 0, 0]])),
        ]
        for (name, bytes) in refused {
            #expect(Self.problem(bytes)?.kind == .malformed, "\(name)")
            #expect(Self.foundationValue(bytes) == nil, "\(name)")
        }
        let read: [(String, [UInt8], Value)] = [
            // Widths over 8 bytes count by their last 8 (_getSizedInt).
            ("an 8-byte UID", Self.handWritten([[0x87, 0, 0, 0, 0, 0, 0, 0, 5]]), .uid("5")),
            (
                "a length in 16 bytes",
                Self.handWritten([[0x5F, 0x14] + [UInt8](repeating: 0, count: 15) + [2, 0x61, 0x62]]), .string("ab")
            ),
            (
                "9-byte references", Self.handWritten([[0xA1, 0, 0, 0, 0, 0, 0, 0, 0, 1], [0x09]], referenceSize: 9),
                .array([.boolean(true)])
            ),
            // A dictionary is made by adding each pair if its key is new: the first value stays.
            (
                "a repeated key", Self.handWritten([[0xD2, 1, 1, 2, 3], [0x51, 0x6B], [0x10, 1], [0x10, 2]]),
                .dictionary(["k": .integer("1")])
            ),
        ]
        for (name, bytes, value) in read {
            #expect(Self.ourValue(bytes) == value, "\(name)")
            #expect(Self.foundationValue(bytes) == value, "\(name)")
        }
        let repeated = BinaryPlistReader.parse(read[3].1).root?.dictionaryEntries
        #expect(repeated?.count == 1, "the repeated key's second value is not kept")
    }

    /// Each known Foundation difference, on a file that shows it.
    @Test func knownFoundationDifferencesHappen() {
        let cases: [(String, [UInt8])] = [
            ("a value no plist holds", Self.handWritten([[0x00]])),
            ("an empty UTF-16 string", Self.handWritten([[0x60]])),
        ]
        for (name, bytes) in cases {
            let known = Self.knownFoundationDifferences.filter {
                $0.applies(bytes, Self.ourValue(bytes), Self.foundationValue(bytes))
            }
            #expect(known.map(\.name) == [name])
        }
        #expect(Self.ourValue(Self.handWritten([[0x60]])) == .string(""))
        #expect(Set(cases.map(\.0)) == Set(Self.knownFoundationDifferences.map(\.name)))
    }

    @Test func integersOfEverySize() {
        let cases: [([UInt8], String)] = [
            ([0x10, 0xFF], "255"), ([0x11, 0xFF, 0xFF], "65535"), ([0x12, 0xFF, 0xFF, 0xFF, 0xFF], "4294967295"),
            ([0x13] + [UInt8](repeating: 0xFF, count: 8), "-1"),
            ([0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8), "18446744073709551615"),
            // Foundation reads the low half of a 16-byte integer whatever the high half holds.
            ([0x14] + [UInt8](repeating: 0x12, count: 8) + [0, 0, 0, 0, 0, 0, 0, 7], "7"),
        ]
        for (object, text) in cases {
            let bytes = Self.handWritten([object])
            #expect(Self.ourValue(bytes) == .integer(text))
            #expect(Self.foundationValue(bytes) == .integer(text))
        }
    }
}

extension BinaryPlistTests.Value {
    /// Where `self` first differs from `other`: the path and both values there (shortened).
    func difference(from other: Self, at path: String = "") -> String? {
        switch (self, other) {
        case (.array(let items), .array(let others)) where items.count == others.count:
            return zip(items, others).enumerated().lazy.compactMap { index, pair in
                pair.0.difference(from: pair.1, at: path + "/\(index)")
            }.first
        case (.dictionary(let entries), .dictionary(let others)) where entries.keys.sorted() == others.keys.sorted():
            return entries.keys.sorted().lazy.compactMap { key in
                entries[key]!.difference(from: others[key]!, at: path + "/" + key)
            }.first
        default:
            guard self != other else { return nil }
            return
                "at \(path.isEmpty ? "the root" : path): \(description.prefix(300)) against \(other.description.prefix(300))"
        }
    }

    /// Holds what Foundation reads and no property list holds: NSNull, a set, a non-string key.
    var holdsNonPlistValue: Bool {
        switch self {
        case .nonStringKey, .other: true
        case .array(let items): items.contains(where: \.holdsNonPlistValue)
        case .dictionary(let entries): entries.values.contains(where: \.holdsNonPlistValue)
        default: false
        }
    }
}
