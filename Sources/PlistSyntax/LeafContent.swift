/// The content rules of the leaf elements, as Apple's parser applies them.
enum LeafContent {
    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        guard let first = bytes.firstIndex(where: { !isXMLSpace($0) }),
              let last = bytes.lastIndex(where: { !isXMLSpace($0) }) else { return [] }
        return bytes[first...last]
    }

    /// `[+-]?` decimal digits or `0x` hex digits.
    static func isInteger(_ text: ArraySlice<UInt8>) -> Bool {
        var body = text
        if let sign = body.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { body = body.dropFirst() }
        if body.count > 2, body.first == UInt8(ascii: "0"), body.dropFirst().first == UInt8(ascii: "x") || body.dropFirst().first == UInt8(ascii: "X") {
            return body.dropFirst(2).allSatisfy(isHexDigit)
        }
        return !body.isEmpty && body.allSatisfy(isDigit)
    }

    /// A decimal floating-point number, or `nan` / `inf` / `infinity` with an optional sign.
    static func isReal(_ text: ArraySlice<UInt8>) -> Bool {
        var body = text
        if let sign = body.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { body = body.dropFirst() }
        if let first = body.first, first | 0x20 == UInt8(ascii: "n") || first | 0x20 == UInt8(ascii: "i") {
            let word = String(decoding: body, as: UTF8.self).lowercased()
            return word == "nan" || word == "inf" || word == "infinity"
        }
        var index = body.startIndex
        func digits() -> Int {
            let start = index
            while index < body.endIndex, isDigit(body[index]) { index += 1 }
            return index - start
        }
        var mantissaDigits = digits()
        if index < body.endIndex, body[index] == UInt8(ascii: ".") {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if index < body.endIndex, body[index] == UInt8(ascii: "e") || body[index] == UInt8(ascii: "E") {
            index += 1
            if index < body.endIndex, body[index] == UInt8(ascii: "+") || body[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == body.endIndex
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, the only form Apple's XML plist writer produces.
    static func isDate(_ text: ArraySlice<UInt8>) -> Bool {
        let pattern = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
        guard text.count == pattern.count else { return false }
        for (byte, expected) in zip(text, pattern) {
            if expected == UInt8(ascii: "d") { guard isDigit(byte) else { return false } } else if byte != expected { return false }
        }
        let digits = Array(text)
        let number = { (range: Range<Int>) in range.reduce(0) { $0 * 10 + Int(digits[$1] - 0x30) } }
        let (month, day, hour, minute, second) = (number(5..<7), number(8..<10), number(11..<13), number(14..<16), number(17..<19))
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
