import EplintBase

/// From positions in the preprocessor's output back to the plist source: every printed
/// token knows where it was spelled (or, for a macro's expansion, where the macro was used).
package struct PreprocessorPositionMap: Sendable {
    /// A macro use whose expansion a range of the output holds.
    package struct Expansion: Sendable, Equatable {
        package var name: String
        /// The use in the source (the name up to its closing parenthesis).
        package var use: SourceRange
        /// What cpp printed for it.
        package var text: String
        /// The macro of a file other than the linted one it used, and where that was defined
        /// (`at Keys.h:3`): then its text is named in messages, never quoted (issue 45).
        package var hidden: (name: String, site: String)?

        package static func == (left: Expansion, right: Expansion) -> Bool {
            left.name == right.name && left.use == right.use && left.text == right.text
                && left.hidden?.name == right.hidden?.name && left.hidden?.site == right.hidden?.site
        }
    }

    /// A stretch of the output a header's own text printed (`Keys.h:3`).
    struct HeaderText: Sendable {
        var start: Int
        var end: Int
        var site: String
        var text: String
    }

    /// 16 bytes (a printed token each; a hostile file prints millions): offsets fit 32 bits.
    struct Segment: Sendable {
        private var storedStart: Int32
        private var storedLength: Int32
        private var storedOrigin: Int32
        /// The use's index, with the sign bit of `verbatimFlag` kept apart.
        private var storedUse: Int32

        init(outputStart: Int, length: Int, origin: Int, verbatim: Bool, use: Int) {
            storedStart = Int32(clamping: outputStart)
            storedLength = Int32(clamping: length)
            storedOrigin = Int32(clamping: origin)
            // -1 (no use) becomes 0; the use's index + 1 otherwise; negative when verbatim.
            let encoded = Int32(clamping: use + 1)
            storedUse = verbatim ? -encoded - 1 : encoded
        }

        var outputStart: Int { Int(storedStart) }
        var length: Int { Int(storedLength) }
        /// Source offset; -1 for a prefix header's text (mapped to the start of the file); an
        /// included file's text has the offset of the plist's `#include` that brought it in.
        var origin: Int { Int(storedOrigin) }
        var verbatim: Bool { storedUse < 0 }
        var use: Int { Int(storedUse < 0 ? -storedUse - 1 : storedUse) - 1 }
    }

    let segments: [Segment]
    let lines: LineTable
    let expansions: [Expansion]
    let expansionOutput: [(start: Int, end: Int)]
    let outputLineStarts: [Int]
    let headerTexts: [HeaderText]

    /// The source position of an output offset: inside a printed token, the same byte of the
    /// token's spelling (or the token's start when it was spliced or came from a macro);
    /// between tokens, the next token's.
    func sourcePosition(ofOutput offset: Int) -> SourcePosition {
        guard let index = segmentIndex(at: offset) else { return lines.position(of: lines.text.count) }
        let segment = segments[index]
        // Just past a token (where libxml2 reports an end tag's problem): just past its spelling.
        if offset < segment.outputStart, index > 0, case let before = segments[index - 1],
            before.outputStart + before.length == offset, before.origin >= 0, before.verbatim, before.use < 0
        {
            return lines.position(of: before.origin + before.length)
        }
        guard segment.origin >= 0 else { return .start }
        let inside = offset - segment.outputStart
        let delta = segment.verbatim && segment.use < 0 && inside > 0 && inside < segment.length ? inside : 0
        return lines.position(of: segment.origin + delta)
    }

    /// The segment holding `offset`, or the first after it (the last when none is).
    private func segmentIndex(at offset: Int) -> Int? {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].outputStart + segments[middle].length <= offset {
                low = middle + 1
            } else {
                high = middle
            }
        }
        if low < segments.count { return low }
        return segments.isEmpty ? nil : segments.count - 1
    }

    /// The source line of a line of the output (as libxml2's messages name lines).
    package func sourceLine(ofOutputLine line: Int) -> Int {
        guard line >= 1, line <= outputLineStarts.count else { return line }
        return sourcePosition(ofOutput: outputLineStarts[line - 1]).line
    }

    /// A range of the output in source positions, and the macro uses whose expansions it
    /// touches (the range then starts at the first use).
    package func sourceRange(ofOutput range: SourceRange) -> (range: SourceRange, expansions: [Expansion]) {
        var start = sourcePosition(ofOutput: range.start.offset)
        let endOffset = max(range.start.offset, range.end.offset - 1)
        var end = range.end.offset > range.start.offset ? sourcePosition(ofOutput: endOffset) : start
        if range.end.offset > range.start.offset, end.offset < lines.text.count {
            end = lines.position(of: end.offset + 1)
        }
        var touched: [Expansion] = []
        for (index, output) in expansionOutput.enumerated()
        where output.start < max(range.end.offset, range.start.offset + 1) && output.end > range.start.offset {
            touched.append(expansions[index])
        }
        if let first = touched.first {
            start = first.use.start
            if end < first.use.end { end = first.use.end }
        }
        if end < start { end = start }
        return (SourceRange(start: start, end: end), touched)
    }

    /// What of a range of the output a file other than the linted one made, each with what
    /// names it: a macro it defined (with where), or (no name) its own text. Only the part inside the
    /// range, so that a finding costs what its value holds, however long the expansion.
    package func hiddenParts(ofOutput range: SourceRange) -> [(text: String, name: String?, site: String)] {
        let low = range.start.offset
        let high = max(range.end.offset, low + 1)
        var parts: [(text: String, name: String?, site: String)] = []
        for (index, output) in expansionOutput.enumerated()
        where output.start < high && output.end > low && expansions[index].hidden != nil {
            let hidden = expansions[index].hidden!
            parts.append((Self.slice(expansions[index].text, output.start, low, high), hidden.name, hidden.site))
        }
        for header in headerTexts where header.start < high && header.end > low {
            parts.append((Self.slice(header.text, header.start, low, high), nil, "of \(header.site)"))
        }
        return parts
    }

    /// The bytes of `text` (which starts at `offset` of the output) inside `low..<high`.
    private static func slice(_ text: String, _ offset: Int, _ low: Int, _ high: Int) -> String {
        // UTF-8 offsets into a native string: no copy of a long expansion per finding.
        let bytes = text.utf8
        let from = min(bytes.count, max(0, low - offset))
        let to = max(from, min(bytes.count, high - offset))
        let start = bytes.index(bytes.startIndex, offsetBy: from)
        return String(decoding: bytes[start..<bytes.index(start, offsetBy: to - from)], as: UTF8.self)
    }
}
