/// Line starts of a file's decoded text: source offsets to lines and columns. Shared by the
/// preprocessor (positions in the source) and `EncodedText` (positions of fixes).
package struct LineTable {
    package private(set) var starts: [Int] = [0]
    package let text: [UInt8]
    /// On lines longer than `stride` bytes, the columns at the first scalar boundary at or after
    /// each multiple of `stride` (keyed by offset / stride): a position on a long line is counted
    /// from the nearest one, so a line of half a million findings costs linear time, not quadratic.
    private var checkpoints: [Int: Checkpoint] = [:]
    private struct Checkpoint {
        let offset: Int
        let column: Int
        let utf16Column: Int
    }
    private static let stride = 4096

    package init(_ text: [UInt8]) {
        self.text = text
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index + 1 < text.count, text[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        for line in starts.indices {
            let start = starts[line]
            let end = line + 1 < starts.count ? starts[line + 1] : text.count
            guard end - start > Self.stride else { continue }
            var index = start
            var column = 1
            var utf16Column = 1
            var mark = (start / Self.stride + 1) * Self.stride
            while index < end {
                if index >= mark {
                    checkpoints[index / Self.stride] = Checkpoint(
                        offset: index, column: column, utf16Column: utf16Column)
                    mark = (index / Self.stride + 1) * Self.stride
                }
                let length = Self.scalarLength(text[index])
                column += 1
                utf16Column += length == 4 ? 2 : 1
                index += length
            }
        }
    }

    /// The bytes of the UTF-8 scalar a lead byte starts (a stray continuation byte counts as one).
    private static func scalarLength(_ byte: UInt8) -> Int {
        byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
    }

    /// 1-based line of a byte offset.
    package func line(of offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// `line(of:)` for offsets met in increasing order (a lexer's): walks on from the line
    /// found last (`hint`, 0-based) instead of searching the whole table for every token.
    package func line(of offset: Int, after hint: inout Int) -> Int {
        if hint >= starts.count || starts[hint] > offset {
            hint = line(of: offset) - 1
        } else {
            while hint + 1 < starts.count && starts[hint + 1] <= offset { hint += 1 }
        }
        return hint + 1
    }

    /// The bytes of a 1-based line, without its line end (LF, CR or CR LF).
    package func range(ofLine line: Int) -> Range<Int> {
        let start = starts[line - 1]
        guard line < starts.count else { return start..<text.count }
        var end = starts[line] - 1
        if text[end] == 0x0A, end > start, text[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// 1-based byte column, as clang counts it (a tab is one).
    func byteColumn(of offset: Int) -> Int { offset - starts[line(of: offset) - 1] + 1 }

    /// The position eplint reports: columns in Unicode scalars and UTF-16 units.
    package func position(of offset: Int) -> SourcePosition {
        let clamped = max(0, min(offset, text.count))
        let line = line(of: clamped)
        var column = 1
        var utf16Column = 1
        var index = starts[line - 1]
        if clamped - index > Self.stride {
            for block in [clamped / Self.stride, clamped / Self.stride - 1] {
                guard let mark = checkpoints[block], mark.offset <= clamped, mark.offset >= index else { continue }
                (index, column, utf16Column) = (mark.offset, mark.column, mark.utf16Column)
                break
            }
        }
        while index < clamped {
            let length = Self.scalarLength(text[index])
            column += 1
            utf16Column += length == 4 ? 2 : 1
            index += length
        }
        return SourcePosition(offset: clamped, line: line, column: column, utf16Column: utf16Column)
    }
}
