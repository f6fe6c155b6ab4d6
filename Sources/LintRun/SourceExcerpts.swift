import EplintBase
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
        var linesByFile: [String: LineTable?] = [:]
        for index in diagnostics.indices {
            let file = diagnostics[index].file
            if linesByFile[file] == nil {
                linesByFile[file] = text(file).flatMap(PlistParser.decodedText).map(LineTable.init)
            }
            guard let lines = linesByFile[file] ?? nil else { continue }
            // The lines the positions were counted in: LF, CR and CR LF end them, as for the parser.
            func line(_ number: Int) -> String {
                String(decoding: lines.text[lines.range(ofLine: number)], as: UTF8.self)
            }
            let range = diagnostics[index].range
            guard range.start.line >= 1, range.start.line <= lines.starts.count else { continue }
            diagnostics[index].sourceLine = line(range.start.line)
            if range.end.offset > range.start.offset, range.end.line <= lines.starts.count {
                var pieces: [String] = []
                for number in range.start.line...range.end.line {
                    let scalars = Array(line(number).unicodeScalars)
                    let from = number == range.start.line ? range.start.column - 1 : 0
                    let to = number == range.end.line ? min(range.end.column - 1, scalars.count) : scalars.count
                    pieces.append(from < to ? String(String.UnicodeScalarView(scalars[from..<to])) : "")
                }
                diagnostics[index].snippet = pieces.joined(separator: "\n")
            }
        }
    }
}
