/// `$(NAME)` and `${NAME}` references in plist strings, resolved from `--define` values in
/// one pass (no nesting), as Xcode expands Info.plist build settings.
package struct BuildSettings: Sendable, Hashable {
    package struct Definition: Sendable, Hashable {
        package var value: String
        /// Where it was set, for messages: `--define`, `.eplint.yml`, `Config/Release.xcconfig:3`.
        package var origin: String

        package init(value: String, origin: String) {
            self.value = value
            self.origin = origin
        }
    }

    package var definitions: [String: Definition]
    /// Set while one file is linted: the names `resolve` looks up there (`Linter`), so a
    /// context that differs only in settings the file never named lints it alike. Not compared.
    var reads: BuildSettingReads?

    package static func == (lhs: BuildSettings, rhs: BuildSettings) -> Bool { lhs.definitions == rhs.definitions }

    package func hash(into hasher: inout Hasher) { hasher.combine(definitions) }

    package init(_ values: [String: String] = [:], origin: String = "--define") {
        definitions = values.mapValues { Definition(value: $0, origin: origin) }
    }

    package init(definitions: [String: Definition]) { self.definitions = definitions }

    /// NAME → value, also the macros of preprocessed Info.plists.
    package var values: [String: String] { definitions.mapValues(\.value) }

    package enum Resolution: Equatable, Sendable {
        /// No reference: the text as written.
        case literal(String)
        /// Every reference defined: the expanded text, and where each setting was set.
        case resolved(String, origins: [String])
        /// At least one reference has no definition: the names missing, in order.
        case unresolved([String])

        /// The text checks can use, if any.
        package var value: String? {
            switch self {
            case .literal(let text), .resolved(let text, _): text
            case .unresolved: nil
            }
        }
    }

    package func resolve(_ text: String) -> Resolution {
        // Most values name no variable: they are returned as they are, not rebuilt scalar by scalar.
        guard text.utf8.contains(UInt8(ascii: "$")) else { return .literal(text) }
        var output = ""
        var missing: [String] = []
        var origins: [String] = []
        var found = false
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "$", index + 1 < scalars.count, scalars[index + 1] == "(" || scalars[index + 1] == "{"
            {
                let close: Unicode.Scalar = scalars[index + 1] == "(" ? ")" : "}"
                var end = index + 2
                while end < scalars.count, Self.isNameScalar(scalars[end]) { end += 1 }
                if end > index + 2, end < scalars.count, scalars[end] == close, !Self.isDigit(scalars[index + 2]) {
                    let name = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                    found = true
                    reads?.add(name)
                    if let definition = definitions[name] {
                        output += definition.value
                        let origin = "\(name) from \(definition.origin)"
                        if !origins.contains(origin) { origins.append(origin) }
                    } else if !missing.contains(name) {
                        missing.append(name)
                    }
                    index = end + 1
                    continue
                }
            }
            output.unicodeScalars.append(scalars[index])
            index += 1
        }
        if !missing.isEmpty { return .unresolved(missing) }
        return found ? .resolved(output, origins: origins) : .literal(text)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || isDigit(scalar) || scalar == "_"
    }
}

extension BuildSettings.Resolution {
    /// The text names no build setting.
    package var isLiteral: Bool {
        if case .literal = self { return true }
        return false
    }

    /// The value for a message: quoted, and where it came from when a build setting made it.
    package func shown(writtenAs text: String) -> String {
        switch self {
        case .resolved(let value, let origins):
            "\(value.quotedForMessage) (from \(text.quotedForMessage); \(origins.joined(separator: ", ")))"
        case .literal(let value): value.quotedForMessage
        case .unresolved: text.quotedForMessage
        }
    }
}
