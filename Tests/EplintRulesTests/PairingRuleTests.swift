import EplintRules
import LintEngine
import Testing

/// The entitlements rules, and EP011 (preprocessor lines break any Info.plist), and only they,
/// run on an Info.plist without StoreKit keys.
@Suite struct PairingRuleTests {
    @Test func onlyTheEntitlementRulesRunWithoutStoreKitKeys() {
        #expect(allRules.filter(\.runsWithoutStoreKitKeys).map(\.id.rawValue) == ["EP011", "EP401", "EP402", "EP403"])
    }
}
