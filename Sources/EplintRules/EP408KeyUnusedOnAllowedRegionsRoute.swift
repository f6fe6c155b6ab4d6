import LintEngine

/// `SKExternalPurchaseCustomLinkRegions` in an app whose entitlements hold the allowed-regions
/// entitlement and not `external-purchase-link`: Apple's other route, where the key does nothing.
struct EP408KeyUnusedOnAllowedRegionsRoute: LintRule {
    /// The key EP401 leaves to this rule: the app is on the allowed-regions route.
    static func applies(to key: StoreKitKey, _ context: LintContext) -> Bool {
        guard key == .customLinkRegions, let entitlements = context.entitlements, !context.isEntitlementsFile,
            context.customPurchaseLinkRegions != nil
        else { return false }
        return !entitlements.grants(.externalPurchaseLink)
    }

    func check(_ context: LintContext) {
        guard let entry = context.facts.values[.customLinkRegions], Self.applies(to: .customLinkRegions, context),
            let entitlements = context.entitlements
        else { return }
        context.diagnose(
            self, Message.unused(file: entitlements.path), at: entry.keyRange,
            keyPath: StoreKitKey.customLinkRegions.rawValue)
    }

    enum Message {
        static func unused(file: String) -> String {
            "SKExternalPurchaseCustomLinkRegions does nothing with \(CustomPurchaseLinkRegions.entitlement) in \(file) "
                + "and no \(StoreKitEntitlement.externalPurchaseLink.rawValue): the entitlement's array gives the regions; "
                + "remove the key (do not add an entitlement your profile does not grant)"
        }
    }
}
