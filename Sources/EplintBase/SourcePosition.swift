/// A point in a file's decoded text.
///
/// `offset` is the byte offset in the UTF-8 form of the decoded text (the BOM excluded).
/// `line` is 1-based; line ends are LF, CRLF or CR. `column` counts Unicode scalar values
/// from the start of the line, 1-based (a tab counts 1); `utf16Column` counts UTF-16 code
/// units, 1-based (what SARIF and editors built on UTF-16 expect).
package struct SourcePosition: Hashable, Sendable, Comparable, BitwiseCopyable {
    package var offset: Int
    // Stored in 32 bits: a huge plist keeps one position per top-level key, and 24 bytes
    // instead of 32 is what keeps a 100 MB file under its memory budget.
    private var storedLine: UInt32
    private var storedColumn: UInt32
    private var storedUTF16Column: UInt32

    package var line: Int { Int(storedLine) }
    package var column: Int { Int(storedColumn) }
    package var utf16Column: Int { Int(storedUTF16Column) }

    package init(offset: Int, line: Int, column: Int, utf16Column: Int) {
        self.offset = offset
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
        storedUTF16Column = UInt32(clamping: utf16Column)
    }

    /// The first character of a file.
    package static let start = SourcePosition(offset: 0, line: 1, column: 1, utf16Column: 1)

    package static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool { lhs.offset < rhs.offset }
}

/// The extent of an element: from its opening `<` to just past its closing `>`.
package struct SourceRange: Hashable, Sendable {
    package var start: SourcePosition
    package var end: SourcePosition

    package init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    package init(at position: SourcePosition) {
        self.init(start: position, end: position)
    }
}
