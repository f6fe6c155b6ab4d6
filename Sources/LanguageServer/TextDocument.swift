import EplintBase

/// How the client counts a position's `character`: UTF-16 code units (the protocol's default)
/// or UTF-8 bytes, when the client offers it in `general.positionEncodings`.
package enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
}

/// A zero-based line and character, as the protocol writes positions.
package struct Position: Equatable, Sendable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    var json: JSONValue { .object([("line", .integer(line)), ("character", .integer(character))]) }
}

/// An open document: the editor's text, which stands in for the file while it is open.
package struct TextDocument: Sendable {
    /// Larger texts are refused, as the framing refuses larger messages.
    package static var maximumSize: Int { 64 << 20 }

    package var uri: String
    package var path: String
    package var version: Int
    package private(set) var text: [UInt8]

    package init(uri: String, path: String, version: Int, text: [UInt8]) {
        self.uri = uri
        self.path = path
        self.version = version
        self.text = text
    }

    /// Replaces the text from `start` to `end` (the whole text when `range` is nil); false,
    /// and the text unchanged, when the result would be larger than `maximumSize`.
    mutating func replace(
        _ range: (start: Position, end: Position)?, with new: [UInt8],
        encoding: PositionEncoding
    ) -> Bool {
        guard let range else {
            guard new.count <= Self.maximumSize else { return false }
            text = new
            return true
        }
        let lines = LineTable(text)
        var start = offset(of: range.start, in: lines, encoding: encoding)
        var end = offset(of: range.end, in: lines, encoding: encoding)
        if end < start { swap(&start, &end) }
        guard text.count - (end - start) + new.count <= Self.maximumSize else { return false }
        text.replaceSubrange(start..<end, with: new)
        return true
    }

    /// The byte offset of a position: a line past the last is the end of the text, a character
    /// past the line's end is its end (the protocol says so), one inside a character its start.
    package func offset(of position: Position, in lines: LineTable? = nil, encoding: PositionEncoding) -> Int {
        let lines = lines ?? LineTable(text)
        guard position.line >= 0 else { return 0 }
        guard position.line < lines.starts.count else { return text.count }
        let bytes = lines.range(ofLine: position.line + 1)
        var index = bytes.lowerBound
        var units = 0
        while index < bytes.upperBound {
            let length = Self.scalarLength(text[index])
            let width = encoding == .utf8 ? length : (length == 4 ? 2 : 1)
            if units + width > position.character { break }
            units += width
            index = min(index + length, bytes.upperBound)
        }
        return index
    }

    /// The position of a 1-based line and a column in Unicode scalars (what findings carry),
    /// counted in `encoding`.
    package func position(line: Int, scalarColumn: Int, encoding: PositionEncoding, lines: LineTable? = nil)
        -> Position
    {
        let lines = lines ?? LineTable(text)
        let line = max(1, min(line, lines.starts.count))
        let bytes = lines.range(ofLine: line)
        var index = bytes.lowerBound
        var units = 0
        var scalars = 1
        while index < bytes.upperBound && scalars < scalarColumn {
            let length = Self.scalarLength(text[index])
            units += encoding == .utf8 ? length : (length == 4 ? 2 : 1)
            index += length
            scalars += 1
        }
        return Position(line: line - 1, character: units)
    }

    /// A UTF-8 sequence's length from its lead byte (a stray continuation byte counts alone).
    private static func scalarLength(_ byte: UInt8) -> Int {
        byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
    }
}
