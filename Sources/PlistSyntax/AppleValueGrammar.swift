#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The content of leaf elements as Apple's two XML property list parsers read it:
/// CoreFoundation's `CFPropertyList.c` (what `PropertyListSerialization` runs) and
/// swift-foundation's `XMLPlistScanner` (what `PropertyListDecoder` runs). A leaf is
/// refused only when both refuse it; the reason is given in CoreFoundation's words.
///
/// Every function takes the text between a leaf's tags *as written* (UTF-8, entities and
/// CDATA sections not resolved, comments included): both parsers read those bytes, not
/// the text an XML parser would hand over.
enum AppleValueGrammar {
    /// Why both parsers refuse `raw` as the content of `element`; nil when at least one
    /// accepts it. `selfClosed` is true for `<data/>` and the like.
    /// `isPlainlyAccepted` answers first for most leaves, at a fraction of the cost.
    static func rejection(of element: PlistBuilder.Element, raw: ArraySlice<UInt8>, selfClosed: Bool) -> String? {
        if selfClosed {
            switch element {
            case .data, .date, .real, .integer: return "Encountered empty <\(element.rawValue)>"
            default: return nil
            }
        }
        switch element {
        case .integer:
            guard let problem = coreFoundationInteger(raw), !foundationAcceptsInteger(raw) else { return nil }
            return problem
        case .real:
            guard let problem = coreFoundationReal(raw), !foundationAcceptsReal(raw) else { return nil }
            return problem
        case .date:
            // swift-foundation reads the same grammar and refuses more (years that overflow).
            return coreFoundationDate(raw)
        case .data:
            return coreFoundationData(raw)
        case .true, .false:
            // Both look for `</true>` right after `<true>`: not even white space may stand between.
            return raw.isEmpty ? nil : "Encountered non-empty <\(element.rawValue)>"
        case .string, .key:
            // Both read text, CDATA sections and the same character references.
            guard raw.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else { return nil }
            if case .failure(let problem) = stringContent(raw) { return problem.message }
            return nil
        case .plist, .dict, .array:
            return nil
        }
    }

    // MARK: The common forms

    /// True when `raw` has the form nearly every file writes for `element`, which both
    /// parsers accept: `42`, `-1.5e3`, `2024-01-31T00:00:00Z`, Base64 with line ends, text
    /// without markup or references. False says nothing: the grammars decide. (The grammars
    /// cost many times this, and a big file is mostly such leaves.)
    static func isPlainlyAccepted(_ element: PlistBuilder.Element, text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch element {
        case .integer: isPlainInteger(text)
        case .real: isPlainReal(text)
        case .date: isPlainDate(text)
        case .data: !text.contains { $0 >= 0x80 || $0 == UInt8(ascii: "<") }
        case .string, .key: !text.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }
        case .true, .false: text.isEmpty
        case .plist, .dict, .array: true
        }
    }

    /// `-?[0-9]{1,18}`: within 64 bits, for both parsers.
    private static func isPlainInteger(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let digits = text.first == UInt8(ascii: "-") ? 1 : 0
        return (1...18).contains(text.count - digits) && text[digits...].allSatisfy(isDigit)
    }

    /// `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?`: CoreFoundation hands it all to `strtod`,
    /// which reads it to the end.
    private static func isPlainReal(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = text.first == UInt8(ascii: "-") ? 1 : 0
        func digits() -> Bool {
            let start = index
            while index < text.count && isDigit(text[index]) { index += 1 }
            return index > start
        }
        guard digits() else { return false }
        if index < text.count && text[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return false }
        }
        if index < text.count && text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < text.count && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digits() else { return false }
        }
        return index == text.count
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` with digits where CoreFoundation's grammar wants them.
    private static func isPlainDate(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count == 20 else { return false }
        for (index, byte) in text.enumerated() {
            switch index {
            case 4, 7: guard byte == UInt8(ascii: "-") else { return false }
            case 10: guard byte == UInt8(ascii: "T") else { return false }
            case 13, 16: guard byte == UInt8(ascii: ":") else { return false }
            case 19: guard byte == UInt8(ascii: "Z") else { return false }
            default: guard isDigit(byte) else { return false }
            }
        }
        return true
    }

    // MARK: Text (strings, keys, reals)

    struct Problem: Error, Equatable {
        let message: String
    }

    /// The text of a `<string>`, `<key>` or `<real>` as both parsers read it: CDATA
    /// sections and the references `&lt;` `&gt;` `&amp;` `&apos;` `&quot;` `&#…;`
    /// (at most eight characters after `&#`) resolved. `<!` that does not open a CDATA
    /// section (a comment) is an improper CDATA opening; `<` of anything else (a
    /// processing instruction, an element) ends the text where no end tag follows.
    static func stringContent(_ raw: ArraySlice<UInt8>) -> Result<[UInt8], Problem> {
        var text: [UInt8] = []
        var index = raw.startIndex
        let end = raw.endIndex
        func startsWith(_ literal: String, at position: Int) -> Bool {
            let bytes = Array(literal.utf8)
            return end - position >= bytes.count && raw[position..<(position + bytes.count)].elementsEqual(bytes)
        }
        while index < end {
            let byte = raw[index]
            if byte == UInt8(ascii: "<") {
                guard index + 1 < end, raw[index + 1] == UInt8(ascii: "!") else {
                    return .failure(unexpectedBeforeCloseTag(index + 1 < end ? raw[index + 1] : nil))
                }
                guard startsWith("<![CDATA[", at: index) else {
                    return .failure(Problem(message: "Encountered improper CDATA opening"))
                }
                var cursor = index + 9
                while cursor + 2 < end
                    && !(raw[cursor] == UInt8(ascii: "]") && raw[cursor + 1] == UInt8(ascii: "]")
                        && raw[cursor + 2] == UInt8(ascii: ">"))
                {
                    cursor += 1
                }
                guard cursor + 2 < end else { return .failure(Problem(message: "Could not find end of CDATA")) }
                text.append(contentsOf: raw[(index + 9)..<cursor])
                index = cursor + 3
            } else if byte == UInt8(ascii: "&") {
                switch reference(raw, at: index) {
                case .success(let (scalar, length)):
                    text.append(contentsOf: Array(String(Character(scalar)).utf8))
                    index += length
                case .failure(let problem):
                    return .failure(problem)
                }
            } else {
                text.append(byte)
                index += 1
            }
        }
        return .success(text)
    }

    /// The reference starting with the `&` at `start`: its character and length.
    private static func reference(_ raw: ArraySlice<UInt8>, at start: Int) -> Result<(Unicode.Scalar, Int), Problem> {
        let unknown = Problem(message: "Encountered unknown ampersand-escape sequence")
        let named: [(String, Unicode.Scalar)] = [
            ("lt;", "<"), ("gt;", ">"), ("amp;", "&"), ("apos;", "'"), ("quot;", "\""),
        ]
        let rest = raw[(start + 1)...]
        for (name, scalar) in named where rest.starts(with: name.utf8) {
            return .success((scalar, name.utf8.count + 1))
        }
        guard rest.first == UInt8(ascii: "#") else { return .failure(unknown) }
        var index = start + 2
        let isHex = index < raw.endIndex && raw[index] == UInt8(ascii: "x")
        if isHex { index += 1 }
        var value: UInt32 = 0
        var count = 0
        while index < raw.endIndex {
            let byte = raw[index]
            index += 1
            count += 1
            if byte == UInt8(ascii: ";") {
                guard let scalar = Unicode.Scalar(value) else {
                    return .failure(
                        Problem(
                            message:
                                "Encountered unparseable Unicode sequence while parsing data (input did not result in a real string)"
                        ))
                }
                return .success((scalar, index - start))
            }
            if count > 8 {
                return .failure(
                    Problem(
                        message:
                            "Encountered unparseable unicode sequence while parsing data (too large of a value for a Unicode sequence)"
                    ))
            }
            guard let digit = digitValue(byte, hex: isHex) else {
                return .failure(Problem(message: "Encountered unexpected character \(shown(byte)) while parsing data"))
            }
            value = value &* (isHex ? 16 : 10) &+ digit
        }
        return .failure(Problem(message: "Encountered unexpected EOF"))
    }

    // MARK: <integer>

    /// CoreFoundation's `parseIntegerTag`: `S*(-|+)?S*[0-9]+` or `S*(-|+)?S*0[xX][0-9a-fA-F]+`
    /// (S its own broad white space), nothing after the digits, within [-2^63, 2^64-1].
    static func coreFoundationInteger(_ raw: ArraySlice<UInt8>) -> String? {
        let (text, markup) = beforeMarkup(raw)
        var index = text.startIndex
        let end = text.endIndex
        func skipSpace() { while index < end && isCoreFoundationIntegerSpace(text, index) { index += 1 } }
        skipSpace()
        guard index < end || markup != nil else { return "Encountered empty <integer>" }
        guard index < end else { return unexpectedBeforeCloseTag(markup).message }
        var isNegative = false
        if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            isNegative = text[index] == UInt8(ascii: "-")
            index += 1
            skipSpace()
        }
        var isHex = false
        var hadLeadingZero = false
        if index < end && text[index] == UInt8(ascii: "0") {
            if index + 1 < end && text[index + 1] | 0x20 == UInt8(ascii: "x") {
                isHex = true
                index += 1
            } else {
                hadLeadingZero = true
            }
            index += 1
        }
        while index < end && text[index] == UInt8(ascii: "0") {
            hadLeadingZero = true
            index += 1
        }
        if index == end && !hadLeadingZero {
            return markup == nil ? "Incomplete <integer>" : unexpectedBeforeCloseTag(markup).message
        }
        var value: UInt64 = 0
        while index < end {
            let byte = text[index]
            guard let digit = digitValue(byte, hex: true) else {
                return "Unknown character \(shown(byte)) in <integer>"
            }
            if !isHex && digit > 9 { return "Hex digit in non-hex <integer>" }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: isHex ? 16 : 10)
            let (sum, carry) = shifted.addingReportingOverflow(UInt64(digit))
            if overflow || carry { return "Integer overflow in <integer>" }
            value = sum
            if isNegative && value > UInt64(Int64.max) + 1 { return "Integer underflow in <integer>" }
            index += 1
        }
        return markup.map { unexpectedBeforeCloseTag($0).message }
    }

    /// CoreFoundation's `isWhitespace` for integers, byte by byte over UTF-8: anything
    /// below `!`, the bytes 0x7F–0xA0 (so also UTF-8 continuation bytes), and the lead
    /// byte of U+2000–U+200B, U+202F, U+205F and U+3000.
    static func isCoreFoundationIntegerSpace(_ text: ArraySlice<UInt8>, _ index: Int) -> Bool {
        let first = text[index]
        if first < 0x21 || (first > 0x7E && first < 0xA1) { return true }
        guard first == 0xE2 || first == 0xE3, text.endIndex - index >= 3 else { return false }
        let second = text[index + 1]
        let third = text[index + 2]
        if first == 0xE2 && second == 0x80 { return (third >= 80 && third <= 0x8B) || third == 0xAF }
        if first == 0xE2 && second == 0x81 { return third == 0x9F }
        return first == 0xE3 && second == 0x80 && third == 0x80
    }

    /// swift-foundation's `integerValue`: white space (its byte ranges or any Unicode white
    /// space), an optional sign, white space again, then decimal or `0x` hex digits to the
    /// end, as a 64-bit signed or unsigned integer.
    static func foundationAcceptsInteger(_ raw: ArraySlice<UInt8>) -> Bool {
        let (text, markup) = beforeMarkup(raw)
        guard markup == nil else { return false }
        var index = text.startIndex
        let end = text.endIndex
        func skipSpace() {
            while index < end {
                let byte = text[index]
                if byte < 0x21 || (byte > 0x7E && byte < 0xA1) {
                    index += 1
                    continue
                }
                guard let (scalar, length) = scalar(in: text, at: index), scalar.properties.isWhitespace else { return }
                index += length
            }
        }
        skipSpace()
        guard index < end else { return false }
        var isNegative = false
        if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            isNegative = text[index] == UInt8(ascii: "-")
            index += 1
            skipSpace()
        }
        var isHex = false
        if end - index >= 2 && text[index] == UInt8(ascii: "0") && text[index + 1] | 0x20 == UInt8(ascii: "x") {
            isHex = true
            index += 2
        }
        let digits = text[index...]
        guard !digits.isEmpty else { return false }
        func fits<Value: FixedWidthInteger>(_: Value.Type) -> Bool {
            var value: Value = 0
            for byte in digits {
                guard let digit = digitValue(byte, hex: isHex) else { return false }
                let (shifted, overflow) = value.multipliedReportingOverflow(by: isHex ? 16 : 10)
                let (next, carry) =
                    isNegative
                    ? shifted.subtractingReportingOverflow(Value(digit)) : shifted.addingReportingOverflow(Value(digit))
                if overflow || carry { return false }
                value = next
            }
            return true
        }
        return fits(Int64.self) || fits(UInt64.self)
    }

    // MARK: <real>

    /// CoreFoundation's `parseRealTag`: the text as a string (references and CDATA
    /// resolved), then `nan`, `inf`, `infinity` with or without a sign in any case, or
    /// CoreFoundation white space before a number that `strtod` reads to the very end.
    static func coreFoundationReal(_ raw: ArraySlice<UInt8>) -> String? {
        let text: [UInt8]
        switch stringContent(raw) {
        case .failure(let problem): return problem.message
        case .success(let content): text = content
        }
        let lowercased = String(decoding: text, as: UTF8.self).lowercased()
        if ["nan", "+infinity", "-infinity", "infinity", "-inf", "inf", "+inf"].contains(lowercased) { return nil }
        let units = Array(String(decoding: text, as: UTF8.self).utf16)
        var index = 0
        while index < units.count && isCoreFoundationSpace(units[index]) { index += 1 }
        var number: [UInt8] = []
        var cursor = index
        while cursor < units.count, units[cursor] < 128, isNumberCharacter(UInt8(units[cursor])) {
            number.append(UInt8(units[cursor]))
            cursor += 1
        }
        let consumed = strtodLength(number)
        return consumed > 0 && index + consumed == units.count ? nil : "Encountered misformatted real"
    }

    /// `__CFIsWhitespace`, on UTF-16 code units.
    private static func isCoreFoundationSpace(_ unit: UInt16) -> Bool {
        unit < 0x21 || (unit > 0x7E && unit < 0xA1) || (0x2000...0x200B).contains(unit) || unit == 0x3000
    }

    /// `__CFNumberSet`: the characters CoreFoundation hands to `strtod`.
    private static func isNumberCharacter(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// swift-foundation's `realValue`: the bytes as written, `nan`, `inf` or `infinity`
    /// spelled as it lists them, else no hexadecimal and `strtod` reads to the very end.
    static func foundationAcceptsReal(_ raw: ArraySlice<UInt8>) -> Bool {
        let (text, markup) = beforeMarkup(raw)
        guard markup == nil, !text.isEmpty else { return false }
        let lowercased = String(decoding: text, as: UTF8.self).lowercased()
        if ["nan", "+infinity", "+inf", "-infinity", "-inf", "infinity"].contains(lowercased) { return true }
        for byte in text {
            if byte | 0x20 == UInt8(ascii: "x") { return false }
            let skipped: Set<UInt8> = [UInt8(ascii: "+"), UInt8(ascii: "-"), 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "0")]
            if !skipped.contains(byte) { break }
        }
        return strtodLength(Array(text)) == text.count
    }

    /// How many bytes C's `strtod` reads from `bytes` (in the C locale, which eplint never changes).
    private static func strtodLength(_ bytes: [UInt8]) -> Int {
        guard !bytes.contains(0) else { return 0 }
        return (bytes + [0]).withUnsafeBufferPointer { buffer -> Int in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                var stop: UnsafeMutablePointer<CChar>?
                _ = strtod(start, &stop)
                return stop.map { UnsafePointer($0) - start } ?? 0
            }
        }
    }

    // MARK: <date>, <data>

    /// CoreFoundation's `parseDateTag`: `-?` any number of year digits, then
    /// `-MM-DDTHH:MM:SSZ` with two digits each and nothing around. Out-of-range fields are
    /// not refused (month 13 or day 32 are carried over, as `CFGregorianDateGetAbsoluteTime` does).
    static func coreFoundationDate(_ raw: ArraySlice<UInt8>) -> String? {
        let (text, markup) = beforeMarkup(raw)
        let invalid = "Could not interpret <date>"
        var index = text.startIndex
        let end = text.endIndex
        if index < end && text[index] == UInt8(ascii: "-") { index += 1 }
        while index < end && isDigit(text[index]) { index += 1 }
        // Year, then the five two-digit fields, each followed by its separator.
        guard index < end, text[index] == UInt8(ascii: "-") else { return invalid }
        index += 1
        for separator in "-T::Z".utf8 {
            guard end - index >= 3, isDigit(text[index]), isDigit(text[index + 1]), text[index + 2] == separator else {
                return invalid
            }
            index += 3
        }
        guard index == end else { return invalid }
        return markup.map { unexpectedBeforeCloseTag($0).message }
    }

    /// CoreFoundation's `parseDataTag`: Base64 digits are decoded, every other ASCII
    /// character is skipped; a byte beyond ASCII is refused.
    static func coreFoundationData(_ raw: ArraySlice<UInt8>) -> String? {
        let (text, markup) = beforeMarkup(raw)
        if let byte = text.first(where: { $0 >= 0x80 }) {
            return "Could not interpret <data> (invalid character 0x\(String(byte, radix: 16, uppercase: true)))"
        }
        return markup.map { unexpectedBeforeCloseTag($0).message }
    }

    // MARK: Helpers

    /// The text up to the first `<` (both parsers stop there and expect the end tag), and
    /// the byte after that `<` when there is one (a comment's `!`, a processing instruction's `?`).
    private static func beforeMarkup(_ raw: ArraySlice<UInt8>) -> (ArraySlice<UInt8>, UInt8?) {
        guard let open = raw.firstIndex(of: UInt8(ascii: "<")) else { return (raw, nil) }
        let next = open + 1 < raw.endIndex ? raw[open + 1] : UInt8(ascii: "<")
        return (raw[..<open], next)
    }

    private static func unexpectedBeforeCloseTag(_ byte: UInt8?) -> Problem {
        Problem(message: "Encountered unexpected character \(byte.map(shown) ?? "'<'") while looking for close tag")
    }

    private static func scalar(in text: ArraySlice<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
        var iterator = text[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, UTF8.width(scalar))
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        if isDigit(byte) { return UInt32(byte - 0x30) }
        guard hex else { return nil }
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") ? UInt32(lower - UInt8(ascii: "a") + 10) : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// A byte for a message: `' '` (0x20).
    private static func shown(_ byte: UInt8) -> String {
        let character = byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "?"
        return "'\(character)' (0x\(String(byte, radix: 16, uppercase: true)))"
    }
}
