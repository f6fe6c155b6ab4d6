/// A rule: looks at one file's facts and reports through the context.
///
/// Rules live one per file in the EplintRules module, named `EPnnnShortName` after their
/// ID; their name, severity and documentation come from `Rules/EPnnn.md`.
public protocol LintRule: Sendable {
    var id: RuleID { get }
    func check(_ context: LintContext)
}

extension LintRule {
    /// The ID from the type's name (`EP203UrlHasQuery` → `EP203`).
    public var id: RuleID { RuleID(String(String(describing: Self.self).prefix(5))) }
}
