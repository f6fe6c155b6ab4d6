import Foundation
import TestSupport

/// A property list made from a seed, with its dictionaries' keys in the order generated.
/// Foundation's writer lays a dictionary out in the order of Swift's hash seed, new in every
/// process; `binary` lays it out in this order, so the bytes (and their corruptions) follow
/// from the seed alone.
indirect enum GeneratedPlist {
    case string(String)
    case integer(Int64)
    /// Over `Int64.max`: CoreFoundation writes these as 16-byte integers.
    case unsigned(UInt64)
    case real(Double)
    case float(Float)
    case boolean(Bool)
    case date(Double)
    case data([UInt8])
    /// A keyed archiver's UID: only `binary` can write one (Foundation has no public UID type).
    case uid(UInt32)
    case array([GeneratedPlist])
    case dictionary([(String, GeneratedPlist)])

    /// The object Foundation's writer takes (its dictionary order is the process's).
    var foundationObject: Any {
        switch self {
        case .string(let text): text
        case .integer(let value): Int(value)
        case .unsigned(let value): value
        case .real(let value): value
        case .float(let value): value
        case .boolean(let value): value
        case .date(let seconds): Date(timeIntervalSinceReferenceDate: seconds)
        case .data(let bytes): Data(bytes)
        case .uid(let value): Int(value)
        case .array(let items): items.map(\.foundationObject)
        case .dictionary(let entries):
            Dictionary(entries.map { ($0.0, $0.1.foundationObject) }, uniquingKeysWith: { first, _ in first })
        }
    }
}

extension GeneratedPlist {
    struct Generator {
        var random: SeededGenerator
        /// Whether UIDs are made (Foundation's writer cannot write them).
        var uids = false
        /// Containers nest 1 to this deep.
        var maximumDepth = 6

        mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

        mutating func string() -> String {
            let alphabets: [[Character]] = [
                Array("abcXYZ019 ._-/"), Array("éü€日本語🙂\u{0}"), Array("SKExternalPurchase"),
            ]
            let alphabet = alphabets[below(3)]
            return String((0..<below(20)).map { _ in alphabet[below(alphabet.count)] })
        }

        mutating func leaf() -> GeneratedPlist {
            switch below(uids ? 10 : 9) {
            case 0: return .string(string())
            case 1: return .integer(Int64(bitPattern: random.next()) >> Int64(below(64)))
            case 2: return .unsigned(UInt64.max - random.next() % 1000)
            case 3: return .real(Double(below(2_000_000) - 1_000_000) / 64)
            case 4: return .float(Float(below(2000)) / 7)
            case 5: return .boolean(random.next() % 2 == 0)
            case 6: return .date(Double(below(4_000_000_000) - 2_000_000_000))
            case 7: return .data((0..<below(40)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            case 8: return .integer(Int64(below(300)))
            default: return .uid(UInt32(truncatingIfNeeded: random.next() >> UInt64(below(32))))
            }
        }

        mutating func value(depth: Int) -> GeneratedPlist {
            guard depth > 0, random.next() % 3 != 0 else { return leaf() }
            let count = below(random.next() % 8 == 0 ? 40 : 6)
            if random.next() % 2 == 0 { return .array((0..<count).map { _ in value(depth: depth - 1) }) }
            var entries: [(String, GeneratedPlist)] = []
            for _ in 0..<count {
                let key = string()
                // Unique keys, as a dictionary has them.
                if !entries.contains(where: { $0.0 == key }) { entries.append((key, value(depth: depth - 1))) }
            }
            return .dictionary(entries)
        }

        mutating func root() -> GeneratedPlist {
            random.next() % 10 == 0 ? leaf() : value(depth: 1 + below(maximumDepth))
        }
    }
}

extension GeneratedPlist {
    /// `bplist00` laid out as CoreFoundation writes it: objects depth first (a dictionary's keys,
    /// then its values), equal strings written once, the smallest offset and reference sizes;
    /// or, with `wide`, 8-byte offsets and references and integers wider than needed.
    func binary(wide: Bool = false) -> [UInt8] {
        // Per object: its bytes (a leaf), or its marker and references (a container).
        var objects: [(bytes: [UInt8], marker: UInt8?, references: [Int])] = []
        var strings: [String: Int] = [:]

        func flatten(_ value: GeneratedPlist) -> Int {
            if case .string(let text) = value, let known = strings[text] { return known }
            let index = objects.count
            objects.append(([], nil, []))
            switch value {
            case .array(let items): objects[index] = ([], 0xA0, items.map(flatten))
            case .dictionary(let entries):
                let keys = entries.map { flatten(.string($0.0)) }
                objects[index] = ([], 0xD0, keys + entries.map { flatten($0.1) })
            case .string(let text):
                strings[text] = index
                objects[index].bytes = Self.leafBytes(value, wide: wide)
            default: objects[index].bytes = Self.leafBytes(value, wide: wide)
            }
            return index
        }
        _ = flatten(self)
        let referenceSize = wide ? 8 : Self.byteCount(UInt64(objects.count))
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            guard let marker = object.marker else {
                bytes += object.bytes
                continue
            }
            bytes += Self.header(marker, count: object.references.count / (marker == 0xD0 ? 2 : 1))
            for reference in object.references { bytes += Self.bigEndian(UInt64(reference), size: referenceSize) }
        }
        let tableStart = bytes.count
        let offsetSize = wide ? 8 : Self.byteCount(UInt64(tableStart))
        for offset in offsets { bytes += Self.bigEndian(UInt64(offset), size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        for value in [UInt64(objects.count), 0, UInt64(tableStart)] { bytes += Self.bigEndian(value, size: 8) }
        return bytes
    }

    private static func leafBytes(_ value: GeneratedPlist, wide: Bool) -> [UInt8] {
        switch value {
        case .string(let text):
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                return Self.header(0x50, count: text.utf8.count) + Array(text.utf8)
            }
            let units = Array(text.utf16)
            return Self.header(0x60, count: units.count) + units.flatMap { Self.bigEndian(UInt64($0), size: 2) }
        case .integer(let value):
            let size = value < 0 || wide ? 8 : Self.byteCount(UInt64(value))
            return [0x10 | UInt8(size.trailingZeroBitCount)] + Self.bigEndian(UInt64(bitPattern: value), size: size)
        case .unsigned(let value): return [0x14] + Self.bigEndian(0, size: 8) + Self.bigEndian(value, size: 8)
        case .real(let value): return [0x23] + Self.bigEndian(value.bitPattern, size: 8)
        case .float(let value): return [0x22] + Self.bigEndian(UInt64(value.bitPattern), size: 4)
        case .boolean(let value): return [value ? 0x09 : 0x08]
        case .date(let seconds): return [0x33] + Self.bigEndian(seconds.bitPattern, size: 8)
        case .data(let bytes): return Self.header(0x40, count: bytes.count) + bytes
        case .uid(let value):
            let size = wide ? 4 : Self.byteCount(UInt64(value))
            return [0x80 | UInt8(size - 1)] + Self.bigEndian(UInt64(value), size: size)
        case .array, .dictionary: return []
        }
    }

    static func header(_ marker: UInt8, count: Int) -> [UInt8] {
        guard count >= 15 else { return [marker | UInt8(count)] }
        let size = byteCount(UInt64(count))
        return [marker | 0x0F, 0x10 | UInt8(size.trailingZeroBitCount)] + bigEndian(UInt64(count), size: size)
    }

    /// 1, 2, 4 or 8: the bytes `value` needs.
    static func byteCount(_ value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
