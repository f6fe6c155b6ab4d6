import LintEngine
import PlistSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fills in each diagnostic's snippet and source line from the text its file was linted from
/// (`text`), for SARIF snippets and the terminal's caret display: the lines shown are those
/// the positions were counted in, and no file is read a second time.
enum SourceExcerpts {
    /// Larger files are linted as they are read, not kept whole for presentation.
    static let maximumSize = 16 * 1024 * 1024

    static func fill(_ diagnostics: inout [Diagnostic], text: (String) -> [UInt8]?) {
        var linesByFile: [String: [Substring]?] = [:]
        for index in diagnostics.indices {
            let file = diagnostics[index].file
            if linesByFile[file] == nil {
                linesByFile[file] = text(file).flatMap(PlistParser.decodedText).map(splitLines)
            }
            guard let lines = linesByFile[file] ?? nil else { continue }
            let range = diagnostics[index].range
            guard range.start.line >= 1, range.start.line <= lines.count else { continue }
            diagnostics[index].sourceLine = String(lines[range.start.line - 1])
            if range.end.offset > range.start.offset, range.end.line <= lines.count {
                var pieces: [String] = []
                for line in range.start.line...range.end.line {
                    let scalars = Array(lines[line - 1].unicodeScalars)
                    let from = line == range.start.line ? range.start.column - 1 : 0
                    let to = line == range.end.line ? min(range.end.column - 1, scalars.count) : scalars.count
                    pieces.append(from < to ? String(String.UnicodeScalarView(scalars[from..<to])) : "")
                }
                diagnostics[index].snippet = pieces.joined(separator: "\n")
            }
        }
    }

    private static func splitLines(_ utf8: [UInt8]) -> [Substring] {
        let text = String(decoding: utf8, as: UTF8.self)
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\n" || character == "\r" || character == "\r\n" {
                lines.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        lines.append(text[start...])
        return lines
    }
}
