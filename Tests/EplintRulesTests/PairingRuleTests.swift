import EplintRules
import Testing

/// The entitlements rules and EP011, and only they, run on an Info.plist without StoreKit keys:
/// those of the three entitlements, the allowed-regions entitlement's checks (EP004, EP101,
/// EP102, EP103 where the data lists its regions, EP104, EP105: it needs no Info.plist key), the misplaced keys (EP404, EP405), and EP011
/// (preprocessor lines break any Info.plist), and a built app's signed entitlements against
/// its profile (EP406, EP407: an app may sign an entitlement and use no key), and the
/// minimum OS of the allowed-regions entitlement (EP503, EP504), and the reader-app link
/// (EP801–EP804: SKExternalLinkAccount is not one of the five keys).
@Suite struct PairingRuleTests {
    @Test func onlyTheEntitlementRulesRunWithoutStoreKitKeys() {
        #expect(
            allRules.filter(\.runsWithoutStoreKitKeys).map(\.id.rawValue)
                == [
                    "EP004", "EP011", "EP101", "EP102", "EP103", "EP104", "EP105", "EP401", "EP402", "EP403", "EP404",
                    "EP405",
                    "EP406", "EP407", "EP503", "EP504", "EP801", "EP802", "EP803", "EP804",
                ])
    }
}
