/// Which non-ASCII characters clang's C lexer (gnu17: C11 Annex D) takes into identifiers.
/// An identifier may start with a character of the allowed ranges other than a combining
/// mark; once started, it goes on over any character but Unicode white space (clang
/// diagnoses the others and keeps them, so `Don’t` is one identifier but `’S` is `’` and `S`).
enum UnicodeIdentifiers {
    private static let allowed: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6,
        0xD8...0xF6,
        0xF8...0xFF, 0x100...0x167F, 0x1681...0x180D, 0x180F...0x1FFF, 0x200B...0x200D, 0x202A...0x202E,
        0x203F...0x2040,
        0x2054...0x2054, 0x2060...0x206F, 0x2070...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF,
        0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF,
        0xFDF0...0xFE44,
        0xFE47...0xFFFD,
    ]
    private static let notInitially: [ClosedRange<UInt32>] = [
        0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]
    private static let whitespace: Set<UInt32> = [
        0x85, 0xA0, 0x1680, 0x180E, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009,
        0x200A,
        0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
    ]

    static func canStart(_ scalar: UInt32) -> Bool {
        if scalar >= 0x10000 { return scalar & 0xFFFF <= 0xFFFD && scalar < 0xF0000 }
        return allowed.contains { $0.contains(scalar) } && !notInitially.contains { $0.contains(scalar) }
    }

    static func canContinue(_ scalar: UInt32) -> Bool { !whitespace.contains(scalar) }

    /// The code point starting at `index` and its length in bytes (a stray byte counts alone).
    static func scalar(in bytes: [UInt8], at index: Int) -> (value: UInt32, length: Int) {
        let first = bytes[index]
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= bytes.count else { return (UInt32(first), 1) }
        var value = UInt32(first) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (value, length)
    }
}
