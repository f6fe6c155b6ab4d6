import EplintBase

/// A text file as its decoded UTF-8 (what every `SourcePosition` counts) and the way back to
/// its own bytes: encoding and byte-order mark. Made only when the way back gives the file's
/// exact bytes, so an edit of the decoded text changes nothing else of the file.
package struct EncodedText: Sendable {
    package let utf8: [UInt8]
    /// The byte-order mark, kept as it was.
    let byteOrderMark: [UInt8]
    let encoding: InputEncoding
    private let lines: LineTable
    /// Every `checkpointInterval` bytes of `utf8` (moved to a character's start), the length
    /// of the text before it in the file's encoding: an offset's place in the file is then
    /// counted from the nearest, not from the start (many edits in a UTF-16 file stay linear).
    private var checkpoints: [(utf8: Int, encoded: Int)] = [(0, 0)]
    private static let checkpointInterval = 256

    /// nil for a binary plist, an encoding eplint does not read, or bytes that would not be
    /// written back the same (an invalid sequence, a character Windows-1252 leaves undefined).
    package init?(_ bytes: [UInt8]) {
        guard case .text(let encoding, let bomLength) = InputEncoding.detect(Array(bytes.prefix(1024))),
            let utf8 = PlistParser.decodedText(bytes)
        else { return nil }
        self.utf8 = utf8
        self.encoding = encoding
        byteOrderMark = Array(bytes.prefix(bomLength))
        lines = LineTable(utf8)
        guard encode(utf8[...]).map({ byteOrderMark + $0 }) == bytes else { return nil }
        if encoding != .utf8 {
            var start = 0
            while start + Self.checkpointInterval < utf8.count {
                var next = start + Self.checkpointInterval
                while next < utf8.count && utf8[next] & 0xC0 == 0x80 { next += 1 }
                guard let length = encodedCount(utf8[start..<next]) else { return nil }
                checkpoints.append((next, checkpoints[checkpoints.count - 1].encoded + length))
                start = next
            }
        }
    }

    /// Where the byte `offset` of `utf8` (a character's start) lies in the file, byte-order
    /// mark included; nil as for `encode`.
    package func fileOffset(of offset: Int) -> Int? {
        if encoding == .utf8 { return byteOrderMark.count + offset }
        var low = 0
        var high = checkpoints.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if checkpoints[middle].utf8 <= offset { low = middle } else { high = middle - 1 }
        }
        guard let rest = encodedCount(utf8[checkpoints[low].utf8..<offset]) else { return nil }
        return byteOrderMark.count + checkpoints[low].encoded + rest
    }

    /// `text` (UTF-8) in the file's encoding, without the byte-order mark; nil when a character
    /// has no encoding there (Latin-1 holds U+0000…U+00FF only).
    package func encode(_ text: ArraySlice<UInt8>) -> [UInt8]? {
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
    package func position(of offset: Int) -> SourcePosition { lines.position(of: offset) }

    /// `encode(text)?.count`, without making the bytes.
    private func encodedCount(_ text: ArraySlice<UInt8>) -> Int? {
        var count = 0
        var decoder = UTF8()
        var iterator = text.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                switch encoding {
                case .utf8: count += UTF8.width(scalar)
                case .utf16LE, .utf16BE: count += scalar.value > 0xFFFF ? 4 : 2
                case .utf32LE, .utf32BE: count += 4
                case .latin1, .windows1252:
                    var byte: [UInt8] = []
                    guard scalar.value <= 0x7F || append(scalar.value, to: &byte) else { return nil }
                    count += 1
                }
            case .emptyInput:
                return count
            case .error:
                return nil
            }
        }
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
            } else if let byte = (0x80...0x9F).first(where: {
                UTF8Transcoder.windows1252(UInt8($0)) == value && value != 0xFFFD
            }) {
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
        let littleEndian = encoding == .utf16LE || encoding == .utf32LE
        for index in 0..<width {
            let shift = 8 * (littleEndian ? index : width - 1 - index)
            output.append(UInt8(truncatingIfNeeded: unit >> shift))
        }
    }
}
