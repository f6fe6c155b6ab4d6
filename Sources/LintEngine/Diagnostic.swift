import EplintBase

package enum Severity: String, Sendable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int { Self.allCases.firstIndex(of: self)! }
    package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A stable rule identifier such as `EP203`, always one with a page in Rules/: code names a
/// generated constant (`RuleID.ep203UrlHasQuery`), and text from outside eplint (configuration,
/// inline directives) becomes an ID through `init?(validating:)` alone.
package struct RuleID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let rawValue: String
    /// For the generated constants and the catalogue, which build IDs from the pages themselves.
    init(_ rawValue: String) { self.rawValue = rawValue }

    /// The ID `text` names exactly (`EP203`, not `ep203`), or nil when no rule has that ID.
    package init?(validating text: String) {
        guard let known = RuleCatalog.metadata(for: RuleID(text)) else { return nil }
        self = known.id
    }

    package var description: String { rawValue }
    package static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A secondary place that explains a diagnostic (the first of two duplicate keys …).
package struct RelatedLocation: Sendable, Equatable {
    package var file: String
    package var range: SourceRange
    package var message: String

    package init(file: String, range: SourceRange, message: String) {
        self.file = file
        self.range = range
        self.message = message.visibleForMessage()
    }
}

/// A finding that is not reported, and what dropped it: an inline `eplint:` directive, the
/// configuration file or a baseline (`--verbose` says which; applied in that order).
package struct SuppressedFinding: Sendable {
    package enum Kind: Sendable { case inSource, configuration, baseline }

    package var diagnostic: Diagnostic
    package var kind: Kind
    /// What dropped it, for people: `eplint:disable-next at line 12`, `disable: in .eplint.yml`.
    package var reason: String

    package init(_ diagnostic: Diagnostic, kind: Kind, reason: String) {
        self.diagnostic = diagnostic
        self.kind = kind
        self.reason = reason
    }
}

/// One finding, ready for any reporter.
package struct Diagnostic: Sendable {
    /// The path as the user gave it (relative stays relative).
    package var file: String
    package var rule: RuleID
    package var severity: Severity
    /// One line, no `[ID]` suffix.
    package var message: String
    package var range: SourceRange
    /// Where in the plist, e.g. `SKExternalPurchaseMultiLink.fr[2]`; empty for file-level problems.
    package var keyPath: String
    /// The offending value (for fingerprints and baselines, never the line).
    package var value: String
    package var related: [RelatedLocation]
    /// The source text of `range` and the whole first line of it, when the file could be
    /// read again for presentation (filled in just before reporting).
    package var snippet: String?
    package var sourceLine: String?
    /// The contexts (`App/Debug` …) of its file that report it, when only some do; empty when
    /// every context does. The message names them (`hold(onlyIn:)`).
    private(set) var onlyInContexts: [String] = []
    /// How to repair it, when the rule knows one right answer (`--fix`).
    package var fix: Fix?

    /// A finding of `rule` at its page's severity (`RuleCatalog.defaultSeverity(of:)`), the one
    /// severity a finding is made with; only the configuration changes it afterwards.
    package init(
        file: String, rule: RuleID, message: String, range: SourceRange,
        keyPath: String = "", value: String = "", related: [RelatedLocation] = [], fix: Fix? = nil
    ) {
        self.file = file
        self.rule = rule
        severity = RuleCatalog.defaultSeverity(of: rule)
        // Input quoted in a message reaches terminals, logs and annotations: shown visibly.
        self.message = message.visibleForMessage()
        self.range = range
        self.keyPath = keyPath
        self.value = value
        self.related = related
        self.fix = fix
    }

    /// The message without the contexts it names: what makes two reports of one finding the same.
    var contextFreeMessage: String {
        onlyInContexts.isEmpty ? message : String(message.dropLast(Self.contextSuffix(onlyInContexts).count))
    }

    /// Says the finding holds only in these contexts of its file (none: in all of them).
    package mutating func hold(onlyIn contexts: [String]) {
        message = contextFreeMessage + (contexts.isEmpty ? "" : Self.contextSuffix(contexts))
        onlyInContexts = contexts
    }

    /// The same finding reached another way (a walk and a target's pairing): it holds wherever either holds.
    package mutating func merge(contextsOf other: Diagnostic) {
        guard !onlyInContexts.isEmpty else { return }
        if other.onlyInContexts.isEmpty { return hold(onlyIn: []) }
        hold(onlyIn: onlyInContexts + other.onlyInContexts.filter { !onlyInContexts.contains($0) })
    }

    private static func contextSuffix(_ contexts: [String]) -> String {
        // Contexts are a project's names (untrusted): shown visibly, as the message is.
        " (only in \(contexts.joined(separator: ", ").visibleForMessage()))"
    }

    /// Line, then column, then rule ID (files are ordered by the caller, as discovered).
    package static func inReportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        (lhs.range.start.line, lhs.range.start.column, lhs.rule.rawValue) < (
            rhs.range.start.line, rhs.range.start.column, rhs.rule.rawValue
        )
    }
}
