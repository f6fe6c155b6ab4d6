/// A rule: looks at one file's facts and reports through the context.
///
/// Rules live one per file in the EplintRules module, named `EPnnnShortName` after their
/// ID; their name, severity and documentation come from `Rules/EPnnn.md`.
package protocol LintRule: Sendable {
    /// Generated with the list of rules (`Generated/AllRules.swift`): the page's constant.
    var id: RuleID { get }
    /// Whether it runs on files without StoreKit keys too (see `PairingRule`). A requirement,
    /// not a cast: the first cast of each rule to a protocol costs a scan of the binary's
    /// conformance table, half a millisecond at start-up for all of them.
    var runsWithoutStoreKitKeys: Bool { get }
    func check(_ context: LintContext)
}

extension LintRule {
    package var runsWithoutStoreKitKeys: Bool { false }
}
