import EplintBase

// Output: text expanded and printed, then the results (problems, the position map).
extension PreprocessorRun {
    /// Expands and prints a piece of text that goes on after it; what to hold before the next
    /// piece: twice what waits (a use still open), so that a long use is read again only a
    /// logarithmic number of times.
    mutating func printPiece(_ pending: inout [CppToken]) -> Int {
        flush(&pending, goesOn: true)
        return max(textPiece, 2 * pending.count)
    }

    /// Expands and prints the text read so far. A macro use whose arguments are not closed
    /// yet stays pending; at the end of the file it is cpp's error, and cpp prints nothing
    /// from it on.
    mutating func flush(_ pending: inout [CppToken], atEnd: Bool = false, goesOn: Bool = false) {
        guard !pending.isEmpty else { return }
        if traditional { Self.joinBlanks(&pending) }
        var text: [CppToken] = []
        swap(&text, &pending)
        let unterminated = expander.expandText(consume text, macros: macros, goesOn: goesOn, into: &printer)
        pending = unterminated
        if atEnd, let name = unterminated.first {
            fail(
                "the use of macro '\(name.text)' has no closing ')' before the end of the file (cpp prints nothing from here on)",
                at: name, metAt: Int.max)
            pending.removeAll()
        }
    }

    /// clang's keep-whitespace lexer makes one token of blanks and line ends together; the
    /// token after a line end is at the start of a line. In place: the text may be a macro
    /// use of megabytes waiting for its `)`, joined again with each piece.
    static func joinBlanks(_ tokens: inout [CppToken]) {
        var kept = 0
        var sawLineEnd = false
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .whitespace || token.kind == .newline {
                if kept > 0, tokens[kept - 1].kind == .whitespace || tokens[kept - 1].kind == .newline,
                    tokens[kept - 1].expansion < 0
                {
                    tokens[kept - 1].text += token.text
                    tokens[kept - 1].kind = .whitespace
                    tokens[kept - 1].verbatim = false
                } else {
                    tokens[kept] = token
                    kept += 1
                }
                if token.kind == .newline { sawLineEnd = true }
                continue
            }
            tokens[kept] = token
            if sawLineEnd { tokens[kept].startOfLine = true }
            sawLineEnd = false
            kept += 1
        }
        tokens.removeSubrange(kept...)
    }

    mutating func problems() -> [SyntaxProblem] {
        var found = commentProblems
        for note in notes + expander.notes where note.file >= 0 && !note.stopsBuild {
            found.append(problem(.unevaluatedDirective, note))
        }
        return found.sorted { $0.position.offset < $1.position.offset }
    }

    /// A note in a prefix header is reported at the plist's start, one in an included file at
    /// the plist's `#include` that brought it in; either names the header's line.
    func problem(_ kind: SyntaxProblem.Kind, _ note: PreprocessorNote) -> SyntaxProblem {
        var problem: SyntaxProblem
        if note.file > 0, let header = headerLines[note.file] {
            let line = header.lines.line(of: note.origin)
            let site = printer.includeSites[note.file].map(sourceLines.position(of:)) ?? .start
            problem = SyntaxProblem(kind: kind, message: "\(header.path):\(line): \(note.message)", position: site)
        } else {
            problem = SyntaxProblem(
                kind: kind, message: note.message,
                position: note.file == 0 ? sourceLines.position(of: note.origin) : .start)
        }
        problem.hidesBuildInput = note.hidesBuildInput
        return problem
    }

    func positionMap() -> PreprocessorPositionMap {
        let segments = printer.segments
        var outputRanges = Array(repeating: (start: Int.max, end: -1), count: expander.uses.count)
        for segment in segments where segment.use >= 0 {
            outputRanges[segment.use].start = min(outputRanges[segment.use].start, segment.outputStart)
            outputRanges[segment.use].end = max(outputRanges[segment.use].end, segment.outputStart + segment.length)
        }
        let output = printer.output
        var expansions: [PreprocessorPositionMap.Expansion] = []
        var expansionOutput: [(start: Int, end: Int)] = []
        for (index, use) in expander.uses.enumerated() where use.file == 0 && outputRanges[index].end >= 0 {
            let range = outputRanges[index]
            let text = String(decoding: output[range.start..<range.end], as: UTF8.self)
            let useRange = SourceRange(
                start: sourceLines.position(of: use.start), end: sourceLines.position(of: use.end))
            expansions.append(
                PreprocessorPositionMap.Expansion(name: use.name, use: useRange, text: text, hidden: use.hidden))
            expansionOutput.append(range)
        }
        var outputLineStarts = [0]
        for (offset, byte) in output.enumerated() where byte == 0x0A { outputLineStarts.append(offset + 1) }
        let headerTexts = printer.headerRuns.map { run in
            let header = headerLines[run.file]
            return PreprocessorPositionMap.HeaderText(
                start: run.start, end: run.end,
                site: "\(header?.path ?? "a header"):\(header?.lines.line(of: run.origin) ?? 1)",
                text: String(decoding: output[run.start..<run.end], as: UTF8.self))
        }
        return PreprocessorPositionMap(
            segments: segments, lines: sourceLines, expansions: expansions, expansionOutput: expansionOutput,
            outputLineStarts: outputLineStarts, headerTexts: headerTexts)
    }
}
