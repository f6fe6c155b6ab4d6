import LintEngine

/// A real region code the key does not accept (`kr` for links, `us` for SKExternalPurchase;
/// `jp` and `br` anywhere, with where they belong instead).
struct EP103RegionNotAllowed: LintRule {
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
    }

    enum Message {
        static func notAllowed(_ shown: String, _ key: StoreKitKey, lowercase: String) -> String {
            let message = "region \(shown) is not allowed in \(key.rawValue)"
            guard customLinkRegions.contains(lowercase) else { return message }
            return message
                + "; Japan and Brazil use the entitlement \(CustomPurchaseLinkRegions.entitlement) (iOS 26.2 and later) "
                + "with the ExternalPurchaseCustomLink API, not Info.plist keys"
        }

        /// Regions Apple opens through the allowed-regions entitlement only (its page's example lists Brazil and Japan).
        static let customLinkRegions: Set<String> = ["jp", "br"]
    }
}
