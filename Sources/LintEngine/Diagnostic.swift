public import PlistSyntax

public enum Severity: String, Sendable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int { Self.allCases.firstIndex(of: self)! }
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A stable rule identifier such as `EP203`.
public struct RuleID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A secondary place that explains a diagnostic (the first of two duplicate keys …).
public struct RelatedLocation: Sendable, Equatable {
    public var file: String
    public var range: SourceRange
    public var message: String

    public init(file: String, range: SourceRange, message: String) {
        self.file = file
        self.range = range
        self.message = message
    }
}

/// One finding, ready for any reporter.
public struct Diagnostic: Sendable {
    /// The path as the user gave it (relative stays relative).
    public var file: String
    public var rule: RuleID
    public var severity: Severity
    /// One line, no `[ID]` suffix.
    public var message: String
    public var range: SourceRange
    /// Where in the plist, e.g. `SKExternalPurchaseMultiLink.fr[2]`; empty for file-level problems.
    public var keyPath: String
    /// The offending value (for fingerprints and baselines, never the line).
    public var value: String
    public var related: [RelatedLocation]
    /// The source text of `range` and the whole first line of it, when the file could be
    /// read again for presentation (filled in just before reporting).
    public var snippet: String?
    public var sourceLine: String?
    /// How to repair it, when the rule knows one right answer (`--fix`).
    public var fix: Fix?

    public init(file: String, rule: RuleID, severity: Severity, message: String, range: SourceRange,
                keyPath: String = "", value: String = "", related: [RelatedLocation] = [], fix: Fix? = nil) {
        self.file = file
        self.rule = rule
        self.severity = severity
        self.message = message
        self.range = range
        self.keyPath = keyPath
        self.value = value
        self.related = related
        self.fix = fix
    }

    /// Line, then column, then rule ID (files are ordered by the caller, as discovered).
    public static func inReportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        (lhs.range.start.line, lhs.range.start.column, lhs.rule.rawValue) < (rhs.range.start.line, rhs.range.start.column, rhs.rule.rawValue)
    }
}
