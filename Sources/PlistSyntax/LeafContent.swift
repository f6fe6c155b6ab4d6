/// The content rules of the leaf elements, as Apple's parser applies them.
enum LeafContent {
    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Only XML white space (a plain loop: libxml2 hands over the blanks between
    /// elements one run at a time, millions of them in a big file).
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where !isXMLSpace(byte) { return false }
        return true
    }

    static func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes[bytes.withUnsafeBufferPointer(trimmedRange)]
    }

    /// The indices of `bytes` without the XML white space around them.
    private static func trimmedRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var lower = 0, upper = bytes.count
        while lower < upper && isXMLSpace(bytes[lower]) { lower += 1 }
        while upper > lower && isXMLSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Whether the text of an `<integer>`, `<real>` or `<date>` (white space around it
    /// allowed) is valid for it. Checked in place: every such leaf of a big file passes here.
    static func isValid(_ element: PlistBuilder.Element, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { all in
            let text = UnsafeBufferPointer(rebasing: all[trimmedRange(all)])
            switch element {
            case .integer: return isInteger(text)
            case .real: return isReal(text)
            case .date: return isDate(text)
            default: return true
            }
        }
    }

    /// `[+-]?` decimal digits or `0x` hex digits.
    static func isInteger(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
        if text.count - index > 2, text[index] == UInt8(ascii: "0"), text[index + 1] | 0x20 == UInt8(ascii: "x") {
            return text[(index + 2)...].allSatisfy(isHexDigit)
        }
        return index < text.count && text[index...].allSatisfy(isDigit)
    }

    /// A decimal floating-point number, or `nan` / `inf` / `infinity` with an optional sign.
    static func isReal(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
        if index < text.count, text[index] | 0x20 == UInt8(ascii: "n") || text[index] | 0x20 == UInt8(ascii: "i") {
            let word = String(decoding: text[index...], as: UTF8.self).lowercased()
            return word == "nan" || word == "inf" || word == "infinity"
        }
        func digits() -> Int {
            let start = index
            while index < text.count, isDigit(text[index]) { index += 1 }
            return index - start
        }
        var mantissaDigits = digits()
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == text.count
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, the only form Apple's XML plist writer produces.
    static func isDate(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count == 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"),
              text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"), text[19] == UInt8(ascii: "Z") else { return false }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for index in from..<(from + count) {
                guard isDigit(text[index]) else { return nil }
                value = value * 10 + Int(text[index] - 0x30)
            }
            return value
        }
        guard number(0, 4) != nil, let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
              let minute = number(14, 2), let second = number(17, 2) else { return false }
        return (1...12).contains(month) && (1...31).contains(day) && hour < 24 && minute < 60 && second < 61
    }

    /// Base64 characters, `=` padding and white space.
    static func isBase64Byte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") || isXMLSpace(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
}
