import EplintBase
import Preprocessor

extension PreprocessorPositionMap {
    /// Diagnostics of this file found in cpp's output, placed in the source: on text a macro
    /// produced, at the macro's use, saying what it expanded to.
    func translate(_ diagnostics: [Diagnostic], file: String) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            guard diagnostic.file == file else { return diagnostic }
            var moved = diagnostic
            let (range, expansions) = sourceRange(ofOutput: diagnostic.range)
            moved.range = range
            // libxml2 names lines of the text it read: cpp's output.
            if diagnostic.rule == Linter.malformed || diagnostic.rule == Linter.unsupported {
                moved.message = sourceLines(in: moved.message)
            }
            // What a header or the repository's definitions made is named, never quoted (issue 45).
            moved.message = moved.message.naming(named(in: diagnostic.range))
            if !expansions.isEmpty {
                let shown = expansions.prefix(3).map { expansion in
                    expansion.hidden.map { "\($0.name) defined \($0.site)" }
                        ?? "\(expansion.name) expands to \(Self.shortened(expansion.text).quotedForMessage)"
                }
                moved.message = (moved.message + " (\(shown.joined(separator: "; ")))").visibleForMessage()
            }
            moved.related = diagnostic.related.map { related in
                guard related.file == file else { return related }
                var placed = related
                placed.range = sourceRange(ofOutput: related.range).range
                placed.message = placed.message.naming(named(in: related.range)).visibleForMessage()
                return placed
            }
            return moved
        }
    }

    /// "line N" of the output, as "line M" of the source.
    private func sourceLines(in message: String) -> String {
        var result = ""
        var rest = Substring(message)
        while let found = rest.firstRange(of: "line ") {
            result += rest[..<found.upperBound]
            rest = rest[found.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if let number = Int(digits) {
                result += String(sourceLine(ofOutputLine: number))
                rest = rest.dropFirst(digits.count)
            }
        }
        return result + rest
    }

    /// A macro's text by the macro's name, a header's own text by where it is.
    func named(in range: SourceRange) -> [NamedValue] {
        hiddenParts(ofOutput: range).map { part in
            NamedValue(text: part.text, name: part.name ?? "the text \(part.site)")
        }
    }

    private static func shortened(_ text: String) -> String {
        text.count <= 120 ? text : String(text.prefix(117)) + "..."
    }
}
