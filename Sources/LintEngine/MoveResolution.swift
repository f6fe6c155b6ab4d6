import EplintBase
import PlistSyntax

/// The two edits of a move (`FixIntent.move`): the entry's whole lines leave its file, and
/// its text, indented and ended as the destination's lines are, goes on a line of its own
/// before the `</dict>` that closes the destination's top-level dict.
enum MoveResolution {
    static func edits(
        _ entry: SourceRange, in source: EncodedText, to path: String, dictionary: SourceRange,
        in destination: EncodedText
    ) -> [TextEdit]? {
        let text = source.utf8
        let (start, end) = (entry.start.offset, entry.end.offset)
        guard refusal(entry, in: source) == nil,
            let removal = FixResolution.edit(FixResolution.wholeLines(start..<end, in: text), [], in: source),
            let place = insertionPoint(before: dictionary, in: destination.utf8)
        else { return nil }
        let moved = reindented(
            text[start..<end], from: indentation(before: start, in: text) ?? [],
            to: place.indentation, lineEnd: place.lineEnd)
        guard
            var insertion = FixResolution.edit(
                place.offset..<place.offset, place.indentation + moved + place.lineEnd, in: destination)
        else { return nil }
        insertion.file = path
        return [removal, insertion]
    }

    /// Why the entry's text cannot move as it is, for `--verbose`: its value comes from a build
    /// setting (the two files may not be expanded alike). (The rule withholds a move into a file
    /// that has the key already: it knows the destination's entries.)
    static func refusal(_ entry: SourceRange, in source: EncodedText) -> String? {
        let text = source.utf8
        let (start, end) = (entry.start.offset, entry.end.offset)
        guard start >= 0, end <= text.count, start < end else { return "its text is not where it was found" }
        let moved = text[start..<end]
        if contains(moved, "$(") || contains(moved, "${") { return Fix.fromBuildSetting.withheldBecause }
        return nil
    }

    private static func contains(_ text: ArraySlice<UInt8>, _ needle: String) -> Bool {
        contains(text, Array(needle.utf8))
    }

    private static func contains(_ text: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, text.count >= needle.count else { return false }
        var index = text.startIndex
        while let found = text[index...].firstIndex(of: first) {
            if text[found...].starts(with: needle) { return true }
            index = found + 1
        }
        return false
    }

    /// Where the destination's entry goes: the start of the line of its closing `</dict>`
    /// (which must stand on its own line), with the indentation of its entries and its line end.
    static func insertionPoint(before dictionary: SourceRange, in text: [UInt8]) -> (
        offset: Int, indentation: [UInt8], lineEnd: [UInt8]
    )? {
        let closing = Array("</dict>".utf8)
        let (start, end) = (dictionary.start.offset, dictionary.end.offset)
        guard start >= 0, end <= text.count, end - start > closing.count,
            text[(end - closing.count)..<end].elementsEqual(closing),
            let closeIndentation = indentation(before: end - closing.count, in: text)
        else { return nil }
        let lineStart = end - closing.count - closeIndentation.count
        guard lineStart > 0 else { return nil }
        let lineEnd: [UInt8] =
            text[lineStart - 1] == 0x0D
            ? [0x0D]
            : lineStart >= 2 && text[lineStart - 2] == 0x0D ? [0x0D, 0x0A] : [0x0A]
        // The entries' indentation: that of the first line after `<dict>` that is not blank,
        // looked for in its first bytes only (each move looks: the work stays linear).
        guard let opened = text[start..<end].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        var cursor = opened + 1
        let limit = min(lineStart, cursor + indentationSearchLimit)
        while cursor < limit {
            while cursor < limit, !isLineEnd(text[cursor]) { cursor += 1 }
            while cursor < limit, isLineEnd(text[cursor]) { cursor += 1 }
            var content = cursor
            while content < limit, isBlank(text[content]) { content += 1 }
            if content < limit, !isLineEnd(text[content]) { return (lineStart, Array(text[cursor..<content]), lineEnd) }
        }
        // An empty dict (or none found so near): one tab deeper than its `</dict>`.
        return (lineStart, closeIndentation + [0x09], lineEnd)
    }

    static let indentationSearchLimit = 1_024

    /// The blanks between the start of the line and `offset`, nil when something else precedes it there.
    static func indentation(before offset: Int, in text: [UInt8]) -> [UInt8]? {
        var lineStart = offset
        while lineStart > 0, isBlank(text[lineStart - 1]) { lineStart -= 1 }
        guard lineStart == 0 || isLineEnd(text[lineStart - 1]) else { return nil }
        return Array(text[lineStart..<offset])
    }

    /// The entry's lines after its first, each with its leading run of `from` units made as many
    /// `to` units, joined by `lineEnd` (the first line's indentation is the insertion's).
    static func reindented(_ entry: ArraySlice<UInt8>, from: [UInt8], to: [UInt8], lineEnd: [UInt8]) -> [UInt8] {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = entry.startIndex
        var index = entry.startIndex
        while index < entry.endIndex {
            guard isLineEnd(entry[index]) else {
                index += 1
                continue
            }
            lines.append(entry[lineStart..<index])
            index += entry[index] == 0x0D && index + 1 < entry.endIndex && entry[index + 1] == 0x0A ? 2 : 1
            lineStart = index
        }
        lines.append(entry[lineStart..<entry.endIndex])
        var output = Array(lines[0])
        for var line in lines.dropFirst() {
            var depth = 0
            if from.isEmpty {
                depth = 1
            } else {
                while line.starts(with: from) {
                    line = line.dropFirst(from.count)
                    depth += 1
                }
            }
            output += lineEnd
            for _ in 0..<depth { output += to }
            output += line
        }
        return output
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    private static func isLineEnd(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
}
