public import EplintBase

public enum Severity: String, Sendable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int { Self.allCases.firstIndex(of: self)! }
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A stable rule identifier such as `EP203`, always one with a page in Rules/: code names a
/// generated constant (`RuleID.ep203UrlHasQuery`), and text from outside eplint (configuration,
/// inline directives) becomes an ID through `init?(validating:)` alone.
public struct RuleID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String
    /// For the generated constants and the catalogue, which build IDs from the pages themselves.
    init(_ rawValue: String) { self.rawValue = rawValue }

    /// The ID `text` names exactly (`EP203`, not `ep203`), or nil when no rule has that ID.
    public init?(validating text: String) {
        guard let known = RuleCatalog.metadata(for: RuleID(text)) else { return nil }
        self = known.id
    }

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

/// A finding that is not reported, and what dropped it: an inline `eplint:` directive, the
/// configuration file or a baseline (`--verbose` says which; applied in that order).
public struct SuppressedFinding: Sendable {
    public enum Kind: Sendable { case inSource, configuration, baseline }

    public var diagnostic: Diagnostic
    public var kind: Kind
    /// What dropped it, for people: `eplint:disable-next at line 12`, `disable: in .eplint.yml`.
    public var reason: String

    public init(_ diagnostic: Diagnostic, kind: Kind, reason: String) {
        self.diagnostic = diagnostic
        self.kind = kind
        self.reason = reason
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
    /// The contexts (`App/Debug` …) of its file that report it, when only some do; empty when
    /// every context does. The message names them (`hold(onlyIn:)`).
    public private(set) var onlyInContexts: [String] = []
    /// How to repair it, when the rule knows one right answer (`--fix`).
    public var fix: Fix?

    /// A finding of `rule` at its page's severity (`RuleCatalog.defaultSeverity(of:)`), the one
    /// severity a finding is made with; only the configuration changes it afterwards.
    public init(
        file: String, rule: RuleID, message: String, range: SourceRange,
        keyPath: String = "", value: String = "", related: [RelatedLocation] = [], fix: Fix? = nil
    ) {
        self.file = file
        self.rule = rule
        severity = RuleCatalog.defaultSeverity(of: rule)
        self.message = message
        self.range = range
        self.keyPath = keyPath
        self.value = value
        self.related = related
        self.fix = fix
    }

    /// The message without the contexts it names: what makes two reports of one finding the same.
    public var contextFreeMessage: String {
        onlyInContexts.isEmpty ? message : String(message.dropLast(Self.contextSuffix(onlyInContexts).count))
    }

    /// Says the finding holds only in these contexts of its file (none: in all of them).
    public mutating func hold(onlyIn contexts: [String]) {
        message = contextFreeMessage + (contexts.isEmpty ? "" : Self.contextSuffix(contexts))
        onlyInContexts = contexts
    }

    /// The same finding reached another way (a walk and a target's pairing): it holds wherever either holds.
    public mutating func merge(contextsOf other: Diagnostic) {
        guard !onlyInContexts.isEmpty else { return }
        if other.onlyInContexts.isEmpty { return hold(onlyIn: []) }
        hold(onlyIn: onlyInContexts + other.onlyInContexts.filter { !onlyInContexts.contains($0) })
    }

    private static func contextSuffix(_ contexts: [String]) -> String {
        " (only in \(contexts.joined(separator: ", ")))"
    }

    /// Line, then column, then rule ID (files are ordered by the caller, as discovered).
    public static func inReportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        (lhs.range.start.line, lhs.range.start.column, lhs.rule.rawValue) < (
            rhs.range.start.line, rhs.range.start.column, rhs.rule.rawValue
        )
    }
}
