import EplintBase
import PlistSyntax

/// Turns the intents of fixes into exact edits of one file's text. An intent that does not
/// map 1:1 to the text (an entity or CDATA in the string, a character the file's encoding
/// cannot hold) leaves its diagnostic without a fix.
package enum FixResolution {
    package static func resolve(_ diagnostics: inout [Diagnostic], file: String, text: EncodedText) {
        for index in diagnostics.indices where diagnostics[index].file == file {
            guard let fix = diagnostics[index].fix else { continue }
            diagnostics[index].fix = resolve(fix, in: text)
        }
    }

    /// `destination`: the text of the file a move writes to (none: a move is not resolved).
    package static func resolve(_ fix: Fix, in text: EncodedText, destination: EncodedText? = nil) -> Fix? {
        guard fix.proposesEdits else { return nil }
        var resolved = fix
        resolved.edits = []
        for intent in fix.intents {
            if case .move(let entry, let path, let dictionary) = intent {
                guard let destination,
                    let edits = MoveResolution.edits(entry, in: text, to: path, dictionary: dictionary, in: destination)
                else { return nil }
                resolved.edits += edits
                continue
            }
            guard let span = span(of: intent, in: text.utf8) else { return nil }
            guard let edit = edit(span.range, span.replacement, in: text) else { return nil }
            resolved.edits.append(edit)
        }
        resolved.edits.sort { ($0.file ?? "", $0.range.start.offset) < ($1.file ?? "", $1.range.start.offset) }
        // Two edits of one fix never overlap: it would be a rule's mistake, so no fix.
        for (earlier, later) in zip(resolved.edits, resolved.edits.dropFirst())
        where earlier.file == later.file && earlier.range.end.offset > later.range.start.offset {
            return nil
        }
        return resolved
    }

    /// Why a move cannot be made in these texts (for `--verbose`); nil when it can or is no move.
    package static func moveRefusal(_ fix: Fix, in text: EncodedText, destination: EncodedText) -> String? {
        for case .move(let entry, let path, let dictionary) in fix.intents {
            if let reason = MoveResolution.refusal(entry, in: text) { return reason }
            if MoveResolution.insertionPoint(before: dictionary, in: destination.utf8) == nil {
                return "the top-level </dict> of \(path) does not stand on a line of its own"
            }
        }
        return nil
    }

    /// The decoded bytes an intent replaces, and with what (UTF-8).
    static func span(of intent: FixIntent, in text: [UInt8]) -> (range: Range<Int>, replacement: [UInt8])? {
        switch intent {
        case .replaceText(let element, let old, let new):
            let (start, end) = (element.start.offset, element.end.offset)
            guard start >= 0, end <= text.count, start < end,
                let open = text[start..<end].firstIndex(of: UInt8(ascii: ">")),
                let close = text[start..<end].lastIndex(of: UInt8(ascii: "<")), open < close,
                text[open + 1..<close].elementsEqual(old.utf8)
            else { return nil }
            return (open + 1..<close, Array(new.utf8))
        case .move:
            return nil
        case .remove(let range):
            let (start, end) = (range.start.offset, range.end.offset)
            guard start >= 0, end <= text.count, start < end else { return nil }
            return (wholeLines(start..<end, in: text), [])
        }
    }

    /// `range` with the rest of its lines when only blanks share them, else `range` itself.
    static func wholeLines(_ range: Range<Int>, in text: [UInt8]) -> Range<Int> {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        func isLineEnd(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        var lineStart = range.lowerBound
        while lineStart > 0, isBlank(text[lineStart - 1]) { lineStart -= 1 }
        guard lineStart == 0 || isLineEnd(text[lineStart - 1]) else { return range }
        var lineEnd = range.upperBound
        while lineEnd < text.count, isBlank(text[lineEnd]) { lineEnd += 1 }
        guard lineEnd == text.count || isLineEnd(text[lineEnd]) else { return range }
        if lineEnd < text.count {
            lineEnd += text[lineEnd] == 0x0D && lineEnd + 1 < text.count && text[lineEnd + 1] == 0x0A ? 2 : 1
        } else if lineStart > 0 {
            // The last line of a file without a final line end: the line end before it goes instead.
            lineStart -= text[lineStart - 1] == 0x0A && lineStart >= 2 && text[lineStart - 2] == 0x0D ? 2 : 1
        }
        return lineStart..<lineEnd
    }

    static func edit(_ range: Range<Int>, _ replacement: [UInt8], in text: EncodedText) -> TextEdit? {
        guard let start = text.fileOffset(of: range.lowerBound), let end = text.fileOffset(of: range.upperBound),
            let encoded = text.encode(replacement[...])
        else { return nil }
        return TextEdit(
            range: SourceRange(start: text.position(of: range.lowerBound), end: text.position(of: range.upperBound)),
            replacement: String(decoding: replacement, as: UTF8.self),
            fileBytes: start..<end, replacementBytes: encoded)
    }
}
