import LintEngine

/// A real region code the key does not accept (`kr` for links, `us` for SKExternalPurchase).
struct EP103RegionNotAllowed: LintRule {
    func check(_ context: LintContext) {
        for region in context.facts.regions {
            guard let value = region.resolution.value, context.regionData.status(of: value, for: region.key) == .notAllowed else { continue }
            context.diagnose(self, Message.notAllowed(region.resolution.shown(writtenAs: region.text), region.key),
                             at: region.range, keyPath: region.keyPath, value: value)
        }
    }

    enum Message {
        static func notAllowed(_ shown: String, _ key: StoreKitKey) -> String {
            "region \(shown) is not allowed in \(key.rawValue)"
        }
    }
}
