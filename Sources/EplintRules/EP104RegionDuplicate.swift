import LintEngine

/// The same region twice in one array (compared after lowercasing), the allowed-regions
/// entitlement's array included.
struct EP104RegionDuplicate: PairingRule {
    func check(_ context: LintContext) {
        var seenInEntitlement = Set<String>()
        for region in context.customPurchaseLinkRegions?.regions ?? [] {
            guard let value = region.resolution.value, !seenInEntitlement.insert(value.asciiLowercased).inserted else {
                continue
            }
            context.diagnose(
                self, Message.duplicateInEntitlement(region.resolution.shown(writtenAs: region.text)),
                at: region.range, keyPath: region.keyPath, value: value.asciiLowercased, in: context.entitlements?.path)
        }
        for key in StoreKitKey.allCases where key.isRegionArray {
            var seen = Set<String>()
            for region in context.facts.regions where region.key == key {
                guard let value = region.resolution.value else { continue }
                if !seen.insert(value.asciiLowercased).inserted {
                    context.diagnose(
                        self, Message.duplicate(region.resolution.shown(writtenAs: region.text), key),
                        at: region.range, keyPath: region.keyPath, value: value.asciiLowercased,
                        fix: region.isLiteral ? .safe(.remove(region.range)) : .fromBuildSetting)
                }
            }
        }
    }

    enum Message {
        static func duplicate(_ shown: String, _ key: StoreKitKey) -> String {
            "region \(shown) is listed more than once in \(key.rawValue)"
        }
        static func duplicateInEntitlement(_ shown: String) -> String {
            "region \(shown) is listed more than once in \(CustomPurchaseLinkRegions.entitlement)"
        }
    }
}
