/// What makes two findings the same, in one family so that de-duplication, a baseline, a
/// report's fingerprints and `--fix` never disagree about it. From strongest to weakest:
/// - `Diagnostic.ReportIdentity` — the same report: file, position, rule and message (the
///   contexts it names left out). A finding reached twice (two targets, a walk and a pairing)
///   is reported once.
/// - `Diagnostic.StableIdentity` — the same finding wherever its line is: rule, key path and
///   value. Baseline entries (with the file relative to the baseline) and SARIF's and GitLab's
///   fingerprints (with its occurrence in the file) are made from it: lines move, these do not.
/// - `FixSelection.identity` — rule and value: a fix renames keys, so its key path changes.
extension Diagnostic {
    package struct ReportIdentity: Hashable, Sendable {
        package var file: String
        package var line: Int
        package var column: Int
        package var rule: RuleID
        package var message: String

        /// `fileKey` is the file as the caller compares files (one key for two spellings of a file).
        package init(_ diagnostic: Diagnostic, fileKey: String) {
            file = fileKey
            line = diagnostic.range.start.line
            column = diagnostic.range.start.column
            rule = diagnostic.rule
            message = diagnostic.contextFreeMessage
        }
    }

    package struct StableIdentity: Hashable, Comparable, Sendable {
        package var rule: String
        package var keyPath: String
        package var value: String

        package init(rule: String, keyPath: String, value: String) {
            self.rule = rule
            self.keyPath = keyPath
            self.value = value
        }

        package static func < (lhs: StableIdentity, rhs: StableIdentity) -> Bool {
            (lhs.rule, lhs.keyPath, lhs.value) < (rhs.rule, rhs.keyPath, rhs.value)
        }
    }

    package var stableIdentity: StableIdentity { StableIdentity(rule: rule.rawValue, keyPath: keyPath, value: value) }
}
