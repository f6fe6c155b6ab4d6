/// A piece of a value that a file other than the linted one made (a header's macro, an
/// xcconfig's setting): a finding names it, never quotes it (issue 45), since that file may be
/// one a pull request pointed anywhere (`/proc/self/environ`, `.git/config`).
package struct NamedValue: Sendable, Equatable {
    /// What it put into the value.
    package var text: String
    /// What the message says instead: `STORE_URL`, `$(STORE_URL)`.
    package var name: String

    package init(text: String, name: String) {
        self.text = text
        self.name = name
    }
}

extension String {
    /// The message with every quoted text (`'…'`, as `quotedForMessage` writes it) that holds any
    /// of `named`' texts rewritten: the named text replaced by its name where the quote holds it
    /// whole (`'https://STORE_HOST/nl'`), else the quote replaced by the name. What a rule derived
    /// from the value (its scheme, its query) is a quote holding part of it, and goes too.
    package func naming(_ named: [NamedValue]) -> String {
        let named = named.filter { !$0.text.isEmpty }
        guard !named.isEmpty, contains("'") else { return self }
        let escaped = named.map { ($0, Array($0.text.escapedInQuote.unicodeScalars)) }
        var result = String.UnicodeScalarView()
        let scalars = Array(unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "'", index == 0 || !Self.isWordScalar(scalars[index - 1]),
                let close = Self.closingQuote(scalars, after: index)
            else {
                result.append(scalars[index])
                index += 1
                continue
            }
            var content = Array(scalars[(index + 1)..<close])
            let cut = content.last == "…"
            if cut { content.removeLast() }
            result.append(contentsOf: Self.rewritten(content, cut: cut, named: escaped).unicodeScalars)
            index = close + 1
        }
        return String(result)
    }

    /// A value (not a message) with `named`' texts replaced by their names, or only the names
    /// where it does not hold them whole (the regions table's cell).
    func namingWhole(_ named: [NamedValue]) -> String {
        let texts = named.filter { !$0.text.isEmpty }.map { ($0, Array($0.text.unicodeScalars)) }
        let rewritten = Self.rewritten(Array(unicodeScalars), cut: false, named: texts)
        guard rewritten.hasPrefix("'"), rewritten.hasSuffix("'"), rewritten.count >= 2 else { return rewritten }
        return String(rewritten.dropFirst().dropLast())
    }

    /// A quote's content (`content`, escaped), as kept or named: each text it holds whole is
    /// replaced by its name (the longest first); if what is left still shares a run with one,
    /// the quote was made from part of it (a scheme, a query) and is named `part of NAME`.
    private static func rewritten(
        _ content: [Unicode.Scalar], cut: Bool, named: [(NamedValue, [Unicode.Scalar])]
    ) -> String {
        let sharing = named.filter { sharesText(content, $0.1) }
        guard !sharing.isEmpty else { return "'" + String(String.UnicodeScalarView(content)) + (cut ? "…" : "") + "'" }
        var kept = content
        // The same with each replaced text as a scalar no text holds: what is left to compare.
        var left = content
        for (value, text) in sharing.sorted(by: { $0.1.count > $1.1.count }) {
            kept = replacing(text, in: kept, with: Array(value.name.unicodeScalars))
            left = replacing(text, in: left, with: ["\u{0}"])
        }
        let parts = sharing.filter { sharesText(left, $0.1) }
        guard parts.isEmpty else { return "part of " + parts.map(\.0.name).joined(separator: ", ") }
        return "'" + String(String.UnicodeScalarView(kept)) + (cut ? "…" : "") + "'"
    }

    /// Whether the two share a run of four scalars (or the whole of the shorter one).
    private static func sharesText(_ content: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        let length = Swift.min(4, content.count, text.count)
        guard length > 0 else { return false }
        for start in 0...(content.count - length)
        where firstIndex(of: content[start..<(start + length)], in: text, from: 0) != nil {
            return true
        }
        return false
    }

    private static func replacing(_ text: [Unicode.Scalar], in content: [Unicode.Scalar], with name: [Unicode.Scalar])
        -> [Unicode.Scalar]
    {
        var result: [Unicode.Scalar] = []
        var from = 0
        while let found = firstIndex(of: text[...], in: content, from: from) {
            result += content[from..<found] + name
            from = found + text.count
        }
        return result + content[from...]
    }

    private static func firstIndex(of part: ArraySlice<Unicode.Scalar>, in text: [Unicode.Scalar], from: Int) -> Int? {
        guard !part.isEmpty, text.count - from >= part.count else { return nil }
        let first = part.first!
        var start = from
        while start + part.count <= text.count {
            if text[start] == first, text[start..<(start + part.count)].elementsEqual(part) { return start }
            start += 1
        }
        return nil
    }

    /// The quote's end: the next `'` that no backslash escapes.
    private static func closingQuote(_ scalars: [Unicode.Scalar], after opening: Int) -> Int? {
        var index = opening + 1
        while index < scalars.count {
            if scalars[index] == "\\" {
                index += 2
                continue
            }
            if scalars[index] == "'" { return index }
            index += 1
        }
        return nil
    }

    /// An apostrophe inside a word (`Xcode's`) opens no quote.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
}
