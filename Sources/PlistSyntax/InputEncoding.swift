/// The encodings eplint decodes itself before libxml2 sees the text, so that every position
/// is counted on the decoded text (§2) and libxml2 only ever reads UTF-8.
enum InputEncoding: Equatable {
    case utf8, utf16LE, utf16BE, utf32LE, utf32BE, latin1, windows1252

    /// What the first bytes of a file say: its encoding, how long its byte-order mark is,
    /// or why it cannot be read as an XML property list.
    enum Detection: Equatable {
        case text(InputEncoding, bomLength: Int)
        case binaryPropertyList
        case unsupportedEncoding(String)
    }

    /// Decides from a prefix of the file (the first kilobyte or the whole file if shorter).
    static func detect(_ prefix: [UInt8]) -> Detection {
        if prefix.starts(with: Array("bplist".utf8)) { return .binaryPropertyList }
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { return declared(in: prefix.dropFirst(3), bomLength: 3) }
        if prefix.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return .text(.utf32LE, bomLength: 4) }
        if prefix.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return .text(.utf32BE, bomLength: 4) }
        if prefix.starts(with: [0xFF, 0xFE]) { return .text(.utf16LE, bomLength: 2) }
        if prefix.starts(with: [0xFE, 0xFF]) { return .text(.utf16BE, bomLength: 2) }
        if prefix.count >= 4 {
            let (a, b, c, d) = (prefix[0], prefix[1], prefix[2], prefix[3])
            if a != 0 && b == 0 && c == 0 && d == 0 { return .text(.utf32LE, bomLength: 0) }
            if a == 0 && b == 0 && c == 0 && d != 0 { return .text(.utf32BE, bomLength: 0) }
        }
        if prefix.count >= 2 {
            if prefix[0] != 0 && prefix[1] == 0 { return .text(.utf16LE, bomLength: 0) }
            if prefix[0] == 0 && prefix[1] != 0 { return .text(.utf16BE, bomLength: 0) }
        }
        return declared(in: prefix[...], bomLength: 0)
    }

    /// An ASCII-compatible file: the encoding its XML declaration names, UTF-8 by default.
    private static func declared(in prefix: ArraySlice<UInt8>, bomLength: Int) -> Detection {
        guard let name = declaredEncodingName(prefix) else { return .text(.utf8, bomLength: bomLength) }
        switch name.lowercased() {
        case "utf-8", "utf8", "us-ascii", "ascii",
            // A UTF-16/32 label on ASCII-compatible bytes is a wrong label; read what is there.
            "utf-16", "utf-16le", "utf-16be", "utf-32", "utf-32le", "utf-32be":
            return .text(.utf8, bomLength: bomLength)
        case "iso-8859-1", "iso_8859-1", "iso8859-1", "latin1", "latin-1", "l1", "cp819", "ibm819":
            return .text(.latin1, bomLength: bomLength)
        case "windows-1252", "cp1252", "x-cp1252":
            return .text(.windows1252, bomLength: bomLength)
        default:
            return .unsupportedEncoding(name)
        }
    }

    /// The `encoding="…"` of a leading `<?xml …?>`, if any.
    static func declaredEncodingName(_ prefix: ArraySlice<UInt8>) -> String? {
        guard prefix.starts(with: Array("<?xml".utf8)) else { return nil }
        let declarationEnd = firstIndex(of: Array("?>".utf8), in: prefix) ?? prefix.endIndex
        let declaration = prefix[prefix.startIndex..<declarationEnd]
        let encoding = Array("encoding".utf8)
        guard let found = firstIndex(of: encoding, in: declaration) else { return nil }
        var index = found + encoding.count
        func skipSpace() {
            while index < declaration.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(declaration[index]) { index += 1 }
        }
        skipSpace()
        guard index < declaration.endIndex, declaration[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpace()
        guard index < declaration.endIndex,
            declaration[index] == UInt8(ascii: "\"") || declaration[index] == UInt8(ascii: "'")
        else { return nil }
        let quote = declaration[index]
        index += 1
        guard let close = declaration[index...].firstIndex(of: quote) else { return nil }
        return String(decoding: declaration[index..<close], as: UTF8.self)
    }

    /// Where `needle` first starts in `haystack`. A plain scan: `firstRange(of:)` goes
    /// through generic string-processing searchers that cost more than parsing a small file.
    private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var start = haystack.startIndex
        while start <= haystack.endIndex - needle.count {
            if haystack[start] == needle[0] && haystack[start..<start + needle.count].elementsEqual(needle) {
                return start
            }
            start += 1
        }
        return nil
    }
}

/// Turns raw bytes of a known encoding into UTF-8, chunk by chunk.
///
/// An invalid sequence becomes the byte 0xFF, which is never valid UTF-8: libxml2 then
/// reports an encoding error at exactly that place instead of eplint guessing a character.
struct UTF8Transcoder {
    let encoding: InputEncoding
    private var carry: [UInt8] = []
    private var pendingHighSurrogate: UInt32?

    init(_ encoding: InputEncoding) { self.encoding = encoding }

    mutating func transcode(_ input: UnsafeRawBufferPointer, final: Bool, into output: inout [UInt8]) {
        switch encoding {
        case .utf8:
            output.append(contentsOf: input)
        case .latin1:
            for byte in input { appendScalar(UInt32(byte), to: &output) }
        case .windows1252:
            for byte in input { appendScalar(Self.windows1252(byte), to: &output) }
        case .utf16LE, .utf16BE:
            transcodeUnits(input, width: 2, final: final, into: &output)
        case .utf32LE, .utf32BE:
            transcodeUnits(input, width: 4, final: final, into: &output)
        }
    }

    private mutating func transcodeUnits(
        _ input: UnsafeRawBufferPointer, width: Int, final: Bool, into output: inout [UInt8]
    ) {
        var bytes = carry
        bytes.append(contentsOf: input)
        let whole = bytes.count - bytes.count % width
        var index = 0
        let littleEndian = encoding == .utf16LE || encoding == .utf32LE
        while index < whole {
            var unit: UInt32 = 0
            for k in 0..<width {
                let byte = UInt32(bytes[index + (littleEndian ? width - 1 - k : k)])
                unit = unit << 8 | byte
            }
            index += width
            if width == 2 { decodeUTF16(unit, into: &output) } else { appendScalar(unit, to: &output) }
        }
        carry = Array(bytes[whole...])
        if final {
            if pendingHighSurrogate != nil {
                output.append(0xFF)
                pendingHighSurrogate = nil
            }
            if !carry.isEmpty {
                output.append(0xFF)
                carry = []
            }
        }
    }

    private mutating func decodeUTF16(_ unit: UInt32, into output: inout [UInt8]) {
        if let high = pendingHighSurrogate {
            pendingHighSurrogate = nil
            if (0xDC00...0xDFFF).contains(unit) {
                appendScalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00), to: &output)
                return
            }
            output.append(0xFF)
        }
        if (0xD800...0xDBFF).contains(unit) {
            pendingHighSurrogate = unit
            return
        }
        appendScalar(unit, to: &output)
    }

    private func appendScalar(_ value: UInt32, to output: inout [UInt8]) {
        guard let scalar = Unicode.Scalar(value) else {
            output.append(0xFF)
            return
        }
        output.append(contentsOf: UTF8.encode(scalar)!)
    }

    static func windows1252(_ byte: UInt8) -> UInt32 {
        let high: [UInt32] = [
            0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152,
            0xFFFD, 0x017D, 0xFFFD,
            0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153,
            0xFFFD, 0x017E, 0x0178,
        ]
        return (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : UInt32(byte)
    }
}
