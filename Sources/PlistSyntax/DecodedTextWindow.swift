import EplintBase

/// The decoded (UTF-8) text that libxml2 has not finished with, and the position of every
/// byte in it.
///
/// Positions are found by scanning forward once, as the parse goes by: no whole-file line
/// table is kept, so memory stays bounded by what libxml2 itself holds. Bytes before
/// `retainedStart` are gone; positions are asked for in (nearly) increasing order.
struct DecodedTextWindow {
    private(set) var bytes: [UInt8] = []
    /// Absolute offset of `bytes[0]`.
    private(set) var retainedStart = 0
    /// Everything fed so far ends here.
    var end: Int { retainedStart + bytes.count }

    /// The scan cursor: the position of the byte at `cursor.offset`.
    private var cursor = SourcePosition.start
    private var cursorAfterCR = false
    /// Where the cursor's line starts, so that a step back within the line rescans only it.
    private var lineStart = SourcePosition.start
    /// The cursor state at `retainedStart`, to scan again when asked for an earlier position.
    private var checkpoint = SourcePosition.start
    private var checkpointAfterCR = false
    /// Positions passed by the scan cursor, one per `landmarkSpacing` bytes: the window is
    /// cut at one of them, so that no byte is scanned twice for its position.
    private var landmarks: [(position: SourcePosition, afterCR: Bool)] = []
    private static let landmarkSpacing = 16_384

    mutating func append(_ chunk: some Collection<UInt8>) {
        bytes.append(contentsOf: chunk)
    }

    subscript(offset: Int) -> UInt8 { bytes[offset - retainedStart] }

    func contains(_ offset: Int) -> Bool { offset >= retainedStart && offset < end }

    /// The position of the byte at `offset` (`offset` may equal `end`).
    mutating func position(at offset: Int) -> SourcePosition {
        let target = min(max(offset, retainedStart), end)
        if target < cursor.offset {
            if target >= lineStart.offset && lineStart.offset >= retainedStart {
                cursor = lineStart
                cursorAfterCR = false
            } else {
                cursor = checkpoint
                cursorAfterCR = checkpointAfterCR
            }
        }
        bytes.withUnsafeBufferPointer { buffer in
            let from = cursor.offset - retainedStart
            let to = target - retainedStart
            guard from < to else { return }
            // The last line end in the range: columns are counted only after it.
            let lastBreak = Self.lastLineEnd(buffer, from, to)
            var line = cursor.line
            var column = cursor.column
            var utf16 = cursor.utf16Column
            var columnsFrom = from
            if lastBreak >= from {
                line += Self.lineEnds(buffer, from, lastBreak + 1, afterCR: cursorAfterCR)
                column = 1
                utf16 = 1
                columnsFrom = lastBreak + 1
                lineStart = SourcePosition(offset: retainedStart + columnsFrom, line: line, column: 1, utf16Column: 1)
                cursorAfterCR = buffer[lastBreak] == 0x0D
            } else if from < to {
                cursorAfterCR = false
            }
            // Scalars start at every byte that is not a continuation byte; four-byte
            // sequences are two UTF-16 units. Branch-free, so the compiler vectorises it.
            var scalars = 0
            var astral = 0
            for index in columnsFrom..<to {
                let byte = buffer[index]
                scalars &+= byte & 0xC0 != 0x80 ? 1 : 0
                astral &+= byte >= 0xF0 ? 1 : 0
            }
            cursor = SourcePosition(
                offset: target, line: line, column: column + scalars, utf16Column: utf16 + scalars + astral)
            // After a trailing CR the next byte may be its LF: no cheap step back within this line.
            if cursorAfterCR { lineStart = SourcePosition(offset: -1, line: line, column: 1, utf16Column: 1) }
        }
        if cursor.offset - (landmarks.last?.position.offset ?? checkpoint.offset) >= Self.landmarkSpacing {
            landmarks.append((cursor, cursorAfterCR))
        }
        return cursor
    }

    /// Line ends in `buffer[from..<to]`: LF, CR, and CR LF counted once (also when the CR
    /// came just before `from`).
    private static func lineEnds(_ buffer: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, afterCR: Bool) -> Int {
        let returns = ByteCount.occurrences(of: 0x0D, in: buffer, from, to)
        let feeds = ByteCount.occurrences(of: 0x0A, in: buffer, from, to)
        var pairs = afterCR && from < to && buffer[from] == 0x0A ? 1 : 0
        if returns > 0 && to - from > 1 {
            pairs += ByteCount.pairs(buffer, from, to, first: 0x0D, second: 0x0A)
        }
        return feeds + returns - pairs
    }

    /// The index of the last LF or CR in `buffer[from..<to]`, or `from - 1`: a walk back
    /// over the last line only.
    private static func lastLineEnd(_ buffer: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        var index = to - 1
        while index >= from && buffer[index] != 0x0A && buffer[index] != 0x0D { index -= 1 }
        return index
    }

    /// Forgets the bytes before `offset` (or a little fewer); their positions can no
    /// longer be asked for.
    mutating func discard(before offset: Int) {
        var target = min(offset, end)
        // Cut at a position already known when the scan has gone past the target.
        let landmark = cursor.offset > target ? landmarks.lastIndex { $0.position.offset <= target } : nil
        if let landmark { target = landmarks[landmark].position.offset }
        let count = target - retainedStart
        // Compacting only when at least half is dead keeps the cost linear.
        guard count > 0, (count >= 65_536 && count * 2 >= bytes.count) || count == bytes.count else { return }
        if let landmark {
            (checkpoint, checkpointAfterCR) = landmarks[landmark]
            landmarks.removeFirst(landmark + 1)
        } else {
            checkpoint = position(at: target)
            checkpointAfterCR = cursorAfterCR
            landmarks.removeAll { $0.position.offset <= target }
        }
        bytes.removeFirst(count)
        retainedStart = target
    }

    /// The offset of the last `byte` at or before `offset`, not before `lowerBound`.
    func lastIndex(of byte: UInt8, atOrBefore offset: Int, notBefore lowerBound: Int = 0) -> Int? {
        let floor = max(lowerBound, retainedStart) - retainedStart
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            var index = min(offset, end - 1) - retainedStart
            while index >= floor {
                if buffer[index] == byte { return index + retainedStart }
                index -= 1
            }
            return nil
        }
    }

    /// The bytes of `range` that the window holds, lent to `body` (no slice is made).
    func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let lower = max(range.lowerBound, retainedStart) - retainedStart
        let upper = max(lower, min(range.upperBound, end) - retainedStart)
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[lower..<upper])) }
    }

    func slice(_ range: Range<Int>) -> ArraySlice<UInt8> {
        let lower = max(range.lowerBound, retainedStart) - retainedStart
        let upper = min(range.upperBound, end) - retainedStart
        return lower < upper ? bytes[lower..<upper] : []
    }
}
