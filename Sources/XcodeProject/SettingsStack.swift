import EplintBase
import LintEngine

/// One assignment of a build setting at one level, as Xcode's macro tables hold it.
struct SettingAssignment {
    var key: String
    var conditions: [XCConfigCondition]
    var value: String
    /// `target`, `project`, `target-xcconfig Config/App.xcconfig:3`, `project-xcconfig …`,
    /// `sdk-default`, `built-in`.
    var from: String
}

/// Xcode's build-setting evaluation over the levels of one target and configuration
/// (XCODE-SETTINGS.md A1-A4): lowest level first; the last matching assignment of a name
/// wins; `$(inherited)` continues below the assignment being evaluated; `$(NAME)` and
/// `${NAME}` (names may be computed) evaluate NAME from the top, with the operators Xcode
/// has for paths, case and defaults; `$$` is `$`; undefined names are empty.
struct SettingsStack {
    private(set) var assignments: [SettingAssignment] = []
    /// Name → indices into `assignments`, ascending.
    private var byName: [String: [Int]] = [:]
    /// `sdk`, `config` → bound value; other parameters are unbound and only match `*`.
    var bindings: [String: String] = [:] { didSet { memo = [:] } }
    /// Values of names evaluated from the top, valid while bindings and built-ins stay.
    private var memo: [String: String] = [:]
    /// Names referenced but defined nowhere.
    private(set) var undefined: [String] = []
    /// References one value may expand, and the length it may reach: settings that double
    /// at each level (`A = $(B)$(B)`, `B = $(C)$(C)`, …) must not hang or exhaust memory.
    private var budget = 0
    static let referenceBudget = 10_000
    static let maximumLength = 1 << 20

    mutating func push(_ assignment: SettingAssignment) {
        byName[assignment.key, default: []].append(assignments.count)
        assignments.append(assignment)
    }

    /// A pbxproj dictionary: keys in sorted order, as Xcode pushes them, so `X[sdk=…]`
    /// lands above `X`.
    mutating func push(dictionary settings: [(key: String, value: String)], from: String) {
        for (key, value) in settings.sorted(by: { $0.key < $1.key }) {
            var name = Substring(key)
            var conditions: [XCConfigCondition] = []
            if let bracket = name.firstIndex(of: "[") {
                conditions = XCConfigReader.parseConditions(name[bracket...])
                name = name[..<bracket]
            }
            push(SettingAssignment(key: String(name), conditions: conditions, value: value, from: from))
        }
    }

    /// The lowest assignment of `name`, if it is a built-in one.
    func builtInIndex(_ name: String) -> Int? {
        guard let first = byName[name]?.first, ["built-in", "sdk-default"].contains(assignments[first].from) else {
            return nil
        }
        return first
    }

    func matches(_ conditions: [XCConfigCondition]) -> Bool {
        conditions.allSatisfy { condition in
            guard let bound = bindings[condition.parameter] else { return condition.pattern == "*" }
            return Glob(condition.pattern).matches(bound)
        }
    }

    /// The assignment that wins for `name` below index `limit`.
    func winner(_ name: String, below limit: Int? = nil, ignoringSDKConditions: Bool = false) -> Int? {
        guard let indices = byName[name] else { return nil }
        for index in indices.reversed() where index < (limit ?? assignments.count) {
            let conditions = assignments[index].conditions
            if ignoringSDKConditions && conditions.contains(where: { $0.parameter == "sdk" }) { continue }
            if matches(conditions) { return index }
        }
        return nil
    }

    /// The value of `name` and the assignment it came from.
    mutating func value(_ name: String) -> (value: String, from: String?, raw: String?) {
        guard let index = winner(name) else { return ("", nil, nil) }
        budget = Self.referenceBudget
        var visiting: Set<String> = []
        let value = evaluate(name, visiting: &visiting)
        return (value, assignments[index].from, assignments[index].value)
    }

    mutating func evaluate(_ name: String, below limit: Int? = nil, visiting: inout Set<String>) -> String {
        if limit == nil, let known = memo[name] { return known }
        guard let index = winner(name, below: limit) else {
            if limit == nil && !undefined.contains(name) { undefined.append(name) }
            return ""
        }
        let key = "\(name)@\(index)"
        // A setting that refers to itself (other than through $(inherited)) is empty.
        guard visiting.count < 64, visiting.insert(key).inserted else { return "" }
        defer { visiting.remove(key) }
        let value = evaluate(assignments[index].value, name: name, at: index, visiting: &visiting)
        if limit == nil { memo[name] = value }
        return value
    }

    /// Expands the references of `text`, the value of `name` assigned at `index`.
    mutating func evaluate(_ text: String, name: String, at index: Int, visiting: inout Set<String>) -> String {
        guard text.contains("$") else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = ""
        var position = 0
        while position < scalars.count {
            let scalar = scalars[position]
            guard scalar == "$", position + 1 < scalars.count else {
                output.unicodeScalars.append(scalar)
                position += 1
                continue
            }
            let next = scalars[position + 1]
            if next == "$" {
                output += "$"
                position += 2
                continue
            }
            if output.utf8.count > Self.maximumLength {
                budget = 0
                break
            }
            if next == "(" || next == "{" || next == "[" {
                let close: Unicode.Scalar = next == "(" ? ")" : next == "{" ? "}" : "]"
                guard let end = Self.matchingClose(scalars, from: position + 2, open: next, close: close) else {
                    output.unicodeScalars.append(contentsOf: scalars[position...])
                    break
                }
                let inner = String(String.UnicodeScalarView(scalars[(position + 2)..<end]))
                output += reference(inner, name: name, at: index, visiting: &visiting)
                position = end + 1
                continue
            }
            if Self.isNameStart(next) {
                var end = position + 1
                while end < scalars.count, Self.isNameScalar(scalars[end]) { end += 1 }
                let inner = String(String.UnicodeScalarView(scalars[(position + 1)..<end]))
                output += reference(inner, name: name, at: index, visiting: &visiting)
                position = end
                continue
            }
            output.unicodeScalars.append(scalar)
            position += 1
        }
        return output
    }

    /// `NAME`, `NAME:op`, `NAME:op=value`, `PREFIX_$(OTHER)`: the name part is expanded first.
    private mutating func reference(_ inner: String, name: String, at index: Int, visiting: inout Set<String>) -> String
    {
        guard budget > 0 else { return "" }
        budget -= 1
        let parts = Self.splitOperators(inner)
        let referenced = evaluate(parts[0], name: name, at: index, visiting: &visiting)
        var value: String
        if referenced == "inherited" || referenced == "value" {
            value = evaluate(name, below: index, visiting: &visiting)
        } else {
            value = evaluate(referenced, visiting: &visiting)
        }
        for operation in parts.dropFirst() {
            let pieces = operation.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let argument =
                pieces.count > 1 ? evaluate(String(pieces[1]), name: name, at: index, visiting: &visiting) : nil
            value = Self.apply(String(pieces[0]), argument: argument, to: value)
        }
        return value
    }

    static func apply(_ operation: String, argument: String?, to value: String) -> String {
        let lastSlash = value.lastIndex(of: "/")
        let file = lastSlash.map { String(value[value.index(after: $0)...]) } ?? value
        let dot = file.lastIndex(of: ".")
        switch (operation, argument) {
        case ("default", let replacement?): return value.isEmpty ? replacement : value
        case ("dir", nil): return lastSlash.map { String(value[...$0]) } ?? "./"
        case ("file", nil): return file
        case ("base", nil): return dot.map { String(file[..<$0]) } ?? file
        case ("suffix", nil): return dot.map { String(file[$0...]) } ?? ""
        case ("lower", nil): return value.lowercased()
        case ("upper", nil): return value.uppercased()
        case ("standardizepath", nil): return value.hasPrefix("/") ? PathArithmetic.normalized(value) : value
        case ("quote", nil): return value.contains(" ") ? "\"" + value + "\"" : value
        case ("not", nil): return value == "YES" ? "NO" : "YES"
        case ("identifier", nil), ("c99extidentifier", nil):
            let mapped = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
            return mapped.first?.isNumber == true ? "_" + mapped : mapped
        case ("rfc1034identifier", nil):
            return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber) || $0 == "." ? $0 : "-" })
        default: return value
        }
    }

    /// Splits `A_$(B:c):dir` at the colons outside nested references.
    private static func splitOperators(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            if character == "(" || character == "{" { depth += 1 }
            if character == ")" || character == "}" { depth -= 1 }
            if character == ":" && depth == 0 {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    private static func matchingClose(
        _ scalars: [Unicode.Scalar], from start: Int, open: Unicode.Scalar, close: Unicode.Scalar
    ) -> Int? {
        var depth = 1
        var index = start
        while index < scalars.count {
            if scalars[index] == open { depth += 1 }
            if scalars[index] == close {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || scalar == "_"
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || ("0"..."9").contains(scalar)
    }
}

extension SettingsStack {
    /// Re-points a built-in (lowest-level) assignment, e.g. when the SDK changes.
    mutating func resetBudget() { budget = Self.referenceBudget }

    mutating func setBuiltIn(_ name: String, _ value: String, from: String = "built-in") {
        guard let index = builtInIndex(name) else { return }
        memo = [:]
        assignments[index].value = value
        assignments[index].from = from
    }
}
