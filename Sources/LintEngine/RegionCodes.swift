/// A set of two-letter lowercase region codes ("nl", "us"), one bit per possible code.
/// The region tables are built at every start: a bitmap is a few hundred instructions where
/// hashed sets of strings cost half a million (a sixth of a small file's whole run).
package struct RegionCodes: Equatable, Sendable {
    private static let letters = 26
    private var words = [UInt64](repeating: 0, count: (letters * letters + 63) / 64)

    package init() {}

    /// Codes written one after another with no separator: "atbebg…". Built at build time from
    /// `Rules/regions.plist`, whose reader admits only lowercase two-letter codes.
    package init(packed: StaticString) {
        let bytes = UnsafeBufferPointer(start: packed.utf8Start, count: packed.utf8CodeUnitCount)
        precondition(bytes.count % 2 == 0, "packed region codes come in pairs")
        for pair in stride(from: 0, to: bytes.count, by: 2) {
            guard let bit = Self.bit(bytes[pair], bytes[pair + 1]) else {
                preconditionFailure("packed region codes are lowercase letters")
            }
            set(bit)
        }
    }

    /// Adds `code`; false (and nothing added) when it is not two lowercase ASCII letters.
    @discardableResult
    package mutating func insert(_ code: String) -> Bool {
        guard let bit = Self.bit(of: code) else { return false }
        set(bit)
        return true
    }

    package func contains(_ code: String) -> Bool {
        guard let bit = Self.bit(of: code) else { return false }
        return words[bit / 64] & (1 << UInt64(bit % 64)) != 0
    }

    package var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    private mutating func set(_ bit: Int) { words[bit / 64] |= 1 << UInt64(bit % 64) }

    private static func bit(of code: String) -> Int? {
        var utf8 = code.utf8.makeIterator()
        guard let first = utf8.next(), let second = utf8.next(), utf8.next() == nil else { return nil }
        return bit(first, second)
    }

    private static func bit(_ first: UInt8, _ second: UInt8) -> Int? {
        let a = UInt8(ascii: "a")
        let z = UInt8(ascii: "z")
        guard (a...z).contains(first), (a...z).contains(second) else { return nil }
        return Int(first - a) * letters + Int(second - a)
    }
}
