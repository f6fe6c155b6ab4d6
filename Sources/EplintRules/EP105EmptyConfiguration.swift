import LintEngine

/// A StoreKit key present with an empty array or dictionary: it configures nothing. Also the
/// allowed-regions entitlement of the paired entitlements file as an empty array: Xcode's
/// capability editor writes it so until regions are added, and it grants no region.
struct EP105EmptyConfiguration: PairingRule {
    func check(_ context: LintContext) {
        for key in StoreKitKey.allCases {
            guard let value = context.facts.values[key]?.value else { continue }
            let isEmpty = key.isRegionArray ? value.arrayValue?.isEmpty : value.dictionaryEntries?.isEmpty
            if isEmpty == true {
                context.diagnose(self, Message.empty(key), at: value.range, keyPath: key.rawValue)
            }
        }
        if let entitlement = context.customPurchaseLinkRegions, entitlement.entry.value.arrayValue?.isEmpty == true {
            context.diagnose(
                self, Message.noAllowedRegion, at: entitlement.entry.value.range,
                keyPath: CustomPurchaseLinkRegions.entitlement,
                in: entitlement.entitlementsPath)
        }
    }

    enum Message {
        static func empty(_ key: StoreKitKey) -> String {
            "\(key.rawValue) is empty; add regions or remove the key"
        }
        static let noAllowedRegion =
            "\(CustomPurchaseLinkRegions.entitlement) is an empty array: the capability is on but lists no region, "
            + "so it allows custom purchase links nowhere; add the regions Apple granted or remove the entitlement"
    }
}
