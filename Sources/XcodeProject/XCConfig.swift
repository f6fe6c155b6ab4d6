import EplintBase
import LintEngine

/// One assignment line of an xcconfig file, includes expanded where they stand.
package struct XCConfigAssignment: Sendable, Equatable {
    package var key: String
    /// `[sdk=iphoneos*][arch=arm64]` as (parameter, pattern) pairs, in order.
    package var conditions: [XCConfigCondition]
    package var value: String
    /// `Config/Release.xcconfig:3`, the file as `shownAs` gave it.
    package var origin: String
}

package struct XCConfigCondition: Sendable, Equatable {
    package var parameter: String
    package var pattern: String

    package init(parameter: String, pattern: String) {
        self.parameter = parameter
        self.pattern = pattern
    }
}

/// Build settings from xcconfig files, read as Xcode reads them: `//` starts a comment
/// (which is why `https:/$()/host` spells `//`), a trailing `\` continues a line,
/// `#include "x"` and `#include? "x"` are followed relative to the including file and then
/// the search paths (a project's `SRCROOT`), with or without the `.xcconfig` extension,
/// later assignments win, and `KEY[sdk=iphoneos*] = …` counts only when `conditions` match.
package struct XCConfigReader {
    /// `sdk` → `iphoneos` … (from `--xcconfig-condition`).
    package var conditions: [String: String]
    /// Reads a file's text; nil when it does not exist (`#include?` then skips it).
    package var readFile: (String) -> String?
    /// Folders an include is looked up in after the including file's (Xcode: `SRCROOT`).
    package var searchPaths: [String] = []
    /// As in an Xcode build, a missing `#include` (not only `#include?`) and an include cycle
    /// are skipped with a note instead of failing the run.
    package var lenient = false
    /// Why a file `readFile` gave nothing for was not followed (the run's lock: outside the
    /// run's roots, not a regular file, past the budget); nil when it is simply absent. A file
    /// not followed stops the read, whether optional or lenient: the settings would be other
    /// than Xcode's.
    package var whyNotRead: (String) -> String? = { _ in nil }
    /// Whether a candidate for an include is there, asked before it is read; nil asks `readFile`.
    package var exists: ((String) -> Bool)?

    package init(conditions: [String: String], readFile: @escaping (String) -> String?) {
        self.conditions = conditions
        self.readFile = readFile
    }

    /// The settings of `paths` (absolute), each value fully expanded against the others.
    package func read(_ paths: [String], shownAs: (String) -> String) throws(ConfigurationError) -> [String:
        BuildSettings.Definition]
    {
        var notes: [String] = []
        var raw: [String: XCConfigAssignment] = [:]
        for path in paths {
            for assignment in try assignments(path, shownAs: shownAs, notes: &notes)
            where applies(assignment.conditions) {
                raw[assignment.key] = assignment
            }
        }
        var resolved: [String: BuildSettings.Definition] = [:]
        for (name, assignment) in raw {
            // `$(inherited) x` is `x`: an empty inherited value leaves no space behind.
            var budget = Self.expansionBudget
            let value = Substring(expand(assignment.value, raw, depth: 0, budget: &budget)).trimmingWhitespace
            resolved[name] = BuildSettings.Definition(value: String(value), origin: assignment.origin)
        }
        return resolved
    }

    /// Every assignment of `path` (absolute) in file order, includes expanded where they
    /// stand, conditions kept. `notes` receives skipped optional or missing includes.
    package func assignments(_ path: String, shownAs: (String) -> String, notes: inout [String])
        throws(ConfigurationError) -> [XCConfigAssignment]
    {
        var result: [XCConfigAssignment] = []
        var budget = Self.fileBudget
        try read(
            path, into: &result, shownAs: shownAs, notes: &notes, chain: [], optional: false, from: nil, budget: &budget
        )
        return result
    }

    /// Files one read may open, counting repeats: includes that fan out at every level
    /// (each file including the next twice) must not hang the run.
    static let fileBudget = 10_000

    private func read(
        _ path: String, into result: inout [XCConfigAssignment], shownAs: (String) -> String, notes: inout [String],
        chain: [String], optional: Bool, from includer: String?, budget: inout Int
    ) throws(ConfigurationError) {
        guard chain.count < 32 else {
            throw ConfigurationError("\(includer ?? shownAs(path)): #include nested more than 32 deep")
        }
        guard budget > 0 else {
            throw ConfigurationError("\(includer ?? shownAs(path)): more than \(Self.fileBudget) #include files")
        }
        budget -= 1
        if chain.contains(path) {
            guard lenient else {
                throw ConfigurationError("\(includer ?? shownAs(path)): #include of \(shownAs(path)) forms a cycle")
            }
            notes.append(
                "\(includer ?? shownAs(path)): #include of \(shownAs(path)) forms a cycle (skipped, as Xcode does)")
            return
        }
        guard let text = readFile(path) else {
            if let why = whyNotRead(path) {
                throw ConfigurationError(
                    "\(includer.map { "\($0): #include of " } ?? "xcconfig file ")\(shownAs(path)) not followed: \(why)"
                )
            }
            let reason =
                "\(includer.map { "\($0): " } ?? "")\(optional ? "optional " : "")#include \(shownAs(path)) absent"
            if optional || (includer != nil && lenient) {
                notes.append(reason + " (skipped)")
                return
            }
            throw ConfigurationError(
                "cannot read xcconfig file '\(shownAs(path))'\(includer.map { " (included from \($0))" } ?? "")")
        }
        let directory = path.split(separator: "/").dropLast().joined(separator: "/")
        // As Characters, CR LF is one element: split on all three line ends.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        var index = 0
        while index < lines.count {
            let number = index + 1
            var line = Self.uncommented(lines[index])
            index += 1
            // A trailing backslash continues the value; the pieces join with one space.
            while line.hasSuffix("\\"), index < lines.count {
                line = Substring(line.dropLast().trimmingWhitespace + " " + Self.uncommented(lines[index]))
                index += 1
            }
            guard !line.isEmpty else { continue }
            let origin = "\(shownAs(path)):\(number)"
            if line.hasPrefix("#include") {
                let isOptional = line.hasPrefix("#include?")
                guard let open = line.firstIndex(of: "\""),
                    let close = line[line.index(after: open)...].firstIndex(of: "\"")
                else { continue }
                let name = String(line[line.index(after: open)..<close])
                // `<DEVELOPER_DIR>/…` names Xcode's own files, which are not on this machine.
                if name.hasPrefix("<") {
                    notes.append("\(origin): #include \"\(name)\" names Xcode's own files (skipped)")
                    continue
                }
                let included = locate(name, from: directory)
                try read(
                    included, into: &result, shownAs: shownAs, notes: &notes, chain: chain + [path],
                    optional: isOptional, from: origin,
                    budget: &budget)
                continue
            }
            // The assignment's `=` comes after any `[condition=value]` brackets.
            let conditionsEnd =
                line.firstIndex(of: "[").flatMap { open in line[open...].lastIndex(of: "]") } ?? line.startIndex
            guard let equals = line[conditionsEnd...].firstIndex(of: "=") else { continue }
            var key = line[..<equals].trimmingWhitespace
            var value = line[line.index(after: equals)...].trimmingWhitespace
            if value.hasSuffix(";") { value = value.dropLast().trimmingWhitespace }
            var parsed: [XCConfigCondition] = []
            if let bracket = key.firstIndex(of: "[") {
                parsed = Self.parseConditions(key[bracket...])
                key = key[..<bracket].trimmingWhitespace
            }
            result.append(
                XCConfigAssignment(key: String(key), conditions: parsed, value: String(value), origin: origin))
        }
    }

    /// An include's file: next to the includer, then in the search paths; the
    /// `.xcconfig` extension may be left out.
    private func locate(_ name: String, from directory: String) -> String {
        if name.hasPrefix("/") { return PathArithmetic.normalized(name) }
        let folders = ["/" + directory] + searchPaths
        let candidates = folders.flatMap { folder in
            [PathArithmetic.normalized(folder + "/" + name)]
                + (name.hasSuffix(".xcconfig") ? [] : [PathArithmetic.normalized(folder + "/" + name + ".xcconfig")])
        }
        return candidates.first { exists?($0) ?? (readFile($0) != nil) } ?? candidates[0]
    }

    private static func uncommented(_ line: Substring) -> Substring {
        var line = line
        if let comment = line.firstRange(of: "//") { line = line[..<comment.lowerBound] }
        return line.trimmingWhitespace
    }

    static func parseConditions(_ brackets: Substring) -> [XCConfigCondition] {
        brackets.split(separator: "[").compactMap { part in
            let pieces = part.prefix { $0 != "]" }.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2 else { return nil }
            return XCConfigCondition(
                parameter: String(pieces[0].trimmingWhitespace), pattern: String(pieces[1].trimmingWhitespace))
        }
    }

    /// Every condition must be given and match.
    private func applies(_ list: [XCConfigCondition]) -> Bool {
        list.allSatisfy { condition in
            conditions[condition.parameter].map { Glob(condition.pattern).matches($0) } ?? false
        }
    }

    /// What one setting's value may grow to by references: `A = $(B)$(B)`, `B = $(C)$(C)` …
    /// sixteen levels deep would double sixteen times per level of fan-out. Past it, the
    /// references left are kept as written (64 KiB: a real value is a line or two).
    package static let expansionBudget = 1 << 16

    private func expand(_ value: String, _ settings: [String: XCConfigAssignment], depth: Int, budget: inout Int)
        -> String
    {
        var output = ""
        var rest = Substring(value)
        while budget > 0, let dollar = rest.firstIndex(of: "$") {
            output += rest[..<dollar]
            let after = rest[rest.index(after: dollar)...]
            guard let open = after.first, open == "(" || open == "{" else {
                output += "$"
                rest = after
                continue
            }
            let close: Character = open == "(" ? ")" : "}"
            guard let end = after.firstIndex(of: close) else {
                output += rest
                rest = ""
                break
            }
            let name = String(after[after.index(after: after.startIndex)..<end])
            if name.isEmpty || name == "inherited" {
                // Empty, as in Xcode.
            } else if let setting = settings[name], depth < 16 {
                let expanded = expand(setting.value, settings, depth: depth + 1, budget: &budget)
                budget -= expanded.utf8.count
                output += expanded
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
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
