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
            if !expansions.isEmpty {
                let shown = expansions.prefix(3).map {
                    "\($0.name) expands to \(Self.shortened($0.text).quotedForMessage)"
                }
                moved.message += " (\(shown.joined(separator: "; ")))"
            }
            moved.related = diagnostic.related.map { related in
                guard related.file == file else { return related }
                var placed = related
                placed.range = sourceRange(ofOutput: related.range).range
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

    private static func shortened(_ text: String) -> String {
        text.count <= 120 ? text : String(text.prefix(117)) + "..."
    }
}
