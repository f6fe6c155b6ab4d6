import LintEngine

/// A real region code the key does not accept (`kr` for links, `us` for SKExternalPurchase;
/// `jp` and `br` anywhere, with where they belong instead).
struct EP103RegionNotAllowed: PairingRule {
    func check(_ context: LintContext) {
        for region in context.facts.regions {
            guard let value = region.resolution.value,
                context.regionData.status(of: value, for: region.key) == .notAllowed
            else { continue }
            context.diagnose(
                self,
                Message.notAllowed(
                    region.resolution.shown(writtenAs: region.text), region.key, lowercase: value.asciiLowercased),
                at: region.range, keyPath: region.keyPath, value: value)
        }
        // The allowed-regions entitlement only where the data lists its regions (Apple's page lists none today).
        let entitlement = CustomPurchaseLinkRegions.entitlement
        guard let paired = context.customPurchaseLinkRegions,
            let allowed = context.regionData.appleFacts.entitlementRegions[entitlement]
        else { return }
        for region in paired.regions {
            guard let value = region.resolution.value?.asciiLowercased, context.regionData.isoCodes.contains(value),
                !allowed.contains(value)
            else { continue }
            context.diagnose(
                self, "region \(region.resolution.shown(writtenAs: region.text)) is not allowed in \(entitlement)",
                at: region.range, keyPath: region.keyPath, value: value, in: context.entitlements?.path)
        }
    }

    enum Message {
        static func notAllowed(_ shown: String, _ key: StoreKitKey, lowercase: String) -> String {
            let message = "region \(shown) is not allowed in \(key.rawValue)"
            // Regions Apple opens through the allowed-regions entitlement only: those with a
            // minimum OS of their own there (`NAME:region` in MinimumOS, Rules/regions.plist).
            let entitlement = CustomPurchaseLinkRegions.entitlement
            let minimumOS = AppleFacts.builtIn.minimumOS
            guard let own = minimumOS[entitlement + ":" + lowercase], let version = own[.iOS],
                let base = minimumOS[entitlement]?[.iOS]
            else { return message }
            return message
                + "; '\(lowercase)' uses the entitlement \(entitlement) (iOS \(base) and later; its tokens from iOS \(version)) "
                + "with the ExternalPurchaseCustomLink API, not Info.plist keys"
        }
    }
}
