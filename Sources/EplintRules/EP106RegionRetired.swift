import LintEngine

/// A region Apple's documentation no longer lists for the key (`us` in the link keys since
/// May 2025). Which regions, since when and why is data (`RetiredRegions` in regions.plist).
struct EP106RegionRetired: LintRule {
    func check(_ context: LintContext) {
        for region in context.facts.regions {
            guard let value = region.resolution.value, case .retired(let retired) = context.regionData.status(of: value, for: region.key) else { continue }
            context.diagnose(self, Message.retired(region.resolution.shown(writtenAs: region.text), region.key, retired),
                             at: region.range, keyPath: region.keyPath, value: value.asciiLowercased)
        }
    }

    enum Message {
        static func retired(_ shown: String, _ key: StoreKitKey, _ retired: RegionData.RetiredRegion) -> String {
            "region \(shown) is no longer among the documented regions of \(key.rawValue) (since \(retired.since): \(retired.reason))"
        }
    }
}
