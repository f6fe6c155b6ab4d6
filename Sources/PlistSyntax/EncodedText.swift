/// A text file as its decoded UTF-8 (what every `SourcePosition` counts) and the way back to
/// its own bytes: encoding and byte-order mark. Made only when the way back gives the file's
/// exact bytes, so an edit of the decoded text changes nothing else of the file.
public struct EncodedText: Sendable {
    public let utf8: [UInt8]
    /// The byte-order mark, kept as it was.
    public let byteOrderMark: [UInt8]
    let encoding: InputEncoding
    private let lines: LineTable

    /// nil for a binary plist, an encoding eplint does not read, or bytes that would not be
    /// written back the same (an invalid sequence, a character Windows-1252 leaves undefined).
    public init?(_ bytes: [UInt8]) {
        guard case .text(let encoding, let bomLength) = InputEncoding.detect(Array(bytes.prefix(1024))),
              let utf8 = PlistParser.decodedText(bytes) else { return nil }
        self.utf8 = utf8
        self.encoding = encoding
        byteOrderMark = Array(bytes.prefix(bomLength))
        lines = LineTable(utf8)
        guard encode(utf8[...]).map({ byteOrderMark + $0 }) == bytes else { return nil }
    }

    /// `text` (UTF-8) in the file's encoding, without the byte-order mark; nil when a character
    /// has no encoding there (Latin-1 holds U+0000…U+00FF only).
    public func encode(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        if encoding == .utf8 { return Array(text) }
        var output: [UInt8] = []
        output.reserveCapacity(text.count * 2)
        var decoder = UTF8()
        var iterator = text.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                guard append(scalar.value, to: &output) else { return nil }
            case .emptyInput:
                return output
            case .error:
                return nil
            }
        }
    }

    /// The position of a byte offset of `utf8`, counted as the parser counts it.
    public func position(of offset: Int) -> SourcePosition { lines.position(of: offset) }

    /// The number of bytes `text` takes in the file's encoding (nil as for `encode`).
    public func encodedLength(_ text: ArraySlice<UInt8>) -> Int? {
        encoding == .utf8 ? text.count : encode(text)?.count
    }

    private func append(_ value: UInt32, to output: inout [UInt8]) -> Bool {
        switch encoding {
        case .utf8:
            output.append(contentsOf: UTF8.encode(Unicode.Scalar(value)!)!)
        case .latin1:
            guard value <= 0xFF else { return false }
            output.append(UInt8(value))
        case .windows1252:
            if value <= 0xFF && !(0x80...0x9F).contains(value) {
                output.append(UInt8(value))
            } else if let byte = (0x80...0x9F).first(where: { UTF8Transcoder.windows1252(UInt8($0)) == value && value != 0xFFFD }) {
                output.append(UInt8(byte))
            } else {
                return false
            }
        case .utf16LE, .utf16BE:
            for unit in UTF16.encode(Unicode.Scalar(value)!)! { appendUnit(UInt32(unit), width: 2, to: &output) }
        case .utf32LE, .utf32BE:
            appendUnit(value, width: 4, to: &output)
        }
        return true
    }

    private func appendUnit(_ unit: UInt32, width: Int, to output: inout [UInt8]) {
        let bigEndian = (0..<width).reversed().map { UInt8(truncatingIfNeeded: unit >> (8 * $0)) }
        output.append(contentsOf: encoding == .utf16LE || encoding == .utf32LE ? bigEndian.reversed() : bigEndian)
    }
}
