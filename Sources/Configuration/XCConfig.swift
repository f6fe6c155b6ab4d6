import LintEngine

/// Build settings from xcconfig files, read as Xcode reads them: `//` starts a comment
/// (which is why `https:/$()/host` spells `//`), `$()` and `$(inherited)` are empty,
/// `#include "x"` and `#include? "x"` are followed relative to the including file, later
/// assignments win, and `KEY[sdk=iphoneos*] = …` counts only when `conditions` match.
public struct XCConfigReader {
    /// `sdk` → `iphoneos` … (from `--xcconfig-condition`).
    public var conditions: [String: String]
    /// Reads a file's text; nil when it does not exist (`#include?` then skips it).
    public var readFile: (String) -> String?

    public init(conditions: [String: String], readFile: @escaping (String) -> String?) {
        self.conditions = conditions
        self.readFile = readFile
    }

    private struct Assignment { var value: String, origin: String }

    /// The settings of `paths` (absolute), each value fully expanded against the others.
    public func read(_ paths: [String], shownAs: (String) -> String) throws(ConfigurationError) -> [String: BuildSettings.Definition] {
        var raw: [String: Assignment] = [:]
        for path in paths { try read(path, into: &raw, shownAs: shownAs, depth: 0, optional: false, from: nil) }
        var resolved: [String: BuildSettings.Definition] = [:]
        for (name, assignment) in raw {
            // `$(inherited) x` is `x`: an empty inherited value leaves no space behind.
            let value = Substring(expand(assignment.value, raw, depth: 0)).trimmingWhitespace
            resolved[name] = BuildSettings.Definition(value: String(value), origin: assignment.origin)
        }
        return resolved
    }

    private func read(_ path: String, into settings: inout [String: Assignment], shownAs: (String) -> String, depth: Int,
                      optional: Bool, from includer: String?) throws(ConfigurationError) {
        guard depth < 32 else { throw ConfigurationError("\(includer ?? shownAs(path)): #include nested more than 32 deep") }
        guard let text = readFile(path) else {
            if optional { return }
            throw ConfigurationError("cannot read xcconfig file '\(shownAs(path))'\(includer.map { " (included from \($0))" } ?? "")")
        }
        let directory = path.split(separator: "/").dropLast().joined(separator: "/")
        // As Characters, CR LF is one element: split on all three line ends.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (index, rawLine) in lines.enumerated() {
            var line = Substring(rawLine)
            if let comment = line.firstRange(of: "//") { line = line[..<comment.lowerBound] }
            line = line.trimmingWhitespace
            guard !line.isEmpty else { continue }
            let origin = "\(shownAs(path)):\(index + 1)"
            if line.hasPrefix("#include") {
                let isOptional = line.hasPrefix("#include?")
                guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { continue }
                let name = String(line[line.index(after: open)..<close])
                let included = name.hasPrefix("/") ? name : "/" + directory + "/" + name
                try read(PathArithmetic.normalized(included), into: &settings, shownAs: shownAs, depth: depth + 1, optional: isOptional, from: origin)
                continue
            }
            // The assignment's `=` comes after any `[condition=value]` brackets.
            let conditionsEnd = line.firstIndex(of: "[").flatMap { open in line[open...].lastIndex(of: "]") } ?? line.startIndex
            guard let equals = line[conditionsEnd...].firstIndex(of: "=") else { continue }
            var key = line[..<equals].trimmingWhitespace
            var value = line[line.index(after: equals)...].trimmingWhitespace
            if value.hasSuffix(";") { value = value.dropLast().trimmingWhitespace }
            if let bracket = key.firstIndex(of: "[") {
                guard applies(key[bracket...]) else { continue }
                key = key[..<bracket]
            }
            settings[String(key)] = Assignment(value: String(value), origin: origin)
        }
    }

    /// `[sdk=iphoneos*][arch=arm64]`: every condition must be given and match.
    private func applies(_ brackets: Substring) -> Bool {
        for part in brackets.split(separator: "[") {
            let condition = part.prefix { $0 != "]" }
            let pieces = condition.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2, let given = conditions[String(pieces[0])], Glob(String(pieces[1])).matches(given) else { return false }
        }
        return true
    }

    private func expand(_ value: String, _ settings: [String: Assignment], depth: Int) -> String {
        var output = ""
        var rest = Substring(value)
        while let dollar = rest.firstIndex(of: "$") {
            output += rest[..<dollar]
            let after = rest[rest.index(after: dollar)...]
            guard let open = after.first, open == "(" || open == "{" else { output += "$"; rest = after; continue }
            let close: Character = open == "(" ? ")" : "}"
            guard let end = after.firstIndex(of: close) else { output += rest; rest = ""; break }
            let name = String(after[after.index(after: after.startIndex)..<end])
            if name.isEmpty || name == "inherited" {
                // Empty, as in Xcode.
            } else if let setting = settings[name], depth < 16 {
                output += expand(setting.value, settings, depth: depth + 1)
            } else {
                output += rest[dollar...end]
            }
            rest = after[after.index(after: end)...]
        }
        return output + rest
    }
}

extension Substring {
    var trimmingWhitespace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        return self[first...last]
    }
}
