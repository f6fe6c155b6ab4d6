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

    package init(_ values: [String: String] = [:], origin: String = typedOrigin) {
        definitions = values.mapValues { Definition(value: $0, origin: origin) }
    }

    package init(definitions: [String: Definition]) { self.definitions = definitions }

    /// NAME → value, also the macros of preprocessed Info.plists.
    package var values: [String: String] { definitions.mapValues(\.value) }

    package enum Resolution: Equatable, Sendable {
        /// No reference: the text as written.
        case literal(String)
        /// Every reference defined: the expanded text, where each setting was set, and what
        /// settings of a file (not `--define`) put into it: messages name those, never quote them.
        case resolved(String, origins: [SettingOrigin], named: [NamedValue] = [])
        /// At least one reference has no definition: the names missing, in order.
        case unresolved([String])

        /// The text checks can use, if any.
        package var value: String? {
            switch self {
            case .literal(let text), .resolved(let text, _, _): text
            case .unresolved: nil
            }
        }
    }

    package func resolve(_ text: String) -> Resolution {
        // Most values name no variable: they are returned as they are, not rebuilt scalar by scalar.
        guard text.utf8.contains(UInt8(ascii: "$")) else { return .literal(text) }
        var output = ""
        var missing: [String] = []
        var origins: [SettingOrigin] = []
        var named: [NamedValue] = []
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
                        let origin = SettingOrigin(name: name, origin: definition.origin)
                        if !origins.contains(origin) { origins.append(origin) }
                        if definition.origin != Self.typedOrigin, !named.contains(where: { $0.name == "$(\(name))" }) {
                            named.append(NamedValue(text: definition.value, name: "$(\(name))"))
                        }
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
        return found ? .resolved(output, origins: origins, named: named) : .literal(text)
    }

    /// The origin of what the user typed (`--define`): the one whose values messages quote.
    package static let typedOrigin = "--define"

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || isDigit(scalar) || scalar == "_"
    }
}

/// A setting a resolved text used, and where it was set.
package struct SettingOrigin: Sendable, Equatable {
    package var name: String
    package var origin: String

    /// `NAME from --define`, as messages say it of a quoted value.
    var from: String { "\(name) from \(origin)" }
    /// `NAME set in Base.xcconfig:4` where the value is named, not quoted (what was typed stays
    /// `from --define`).
    var setIn: String { origin == BuildSettings.typedOrigin ? from : "\(name) set in \(origin)" }
}

extension BuildSettings.Resolution {
    /// What settings of a file put into the text (empty when none, or not resolved).
    var namedValues: [NamedValue] {
        if case .resolved(_, _, let named) = self { return named }
        return []
    }

    /// The text names no build setting.
    package var isLiteral: Bool {
        if case .literal = self { return true }
        return false
    }

    /// The value for a message: quoted, and where it came from when a build setting made it.
    package func shown(writtenAs text: String) -> String {
        switch self {
        case .resolved(let value, let origins, let named) where named.isEmpty:
            "\(value.quotedForMessage) (from \(text.quotedForMessage); \(origins.map(\.from).joined(separator: ", ")))"
        case .resolved(_, let origins, _):
            // A file's setting may hold anything that file could reach: named, not quoted (issue 45).
            "\(text.quotedForMessage) (\(origins.map(\.setIn).joined(separator: ", ")))"
        case .literal(let value): value.quotedForMessage
        case .unresolved: text.quotedForMessage
        }
    }
}
