import LintEngine

/// A region with more distinct links, across both link keys, than its maximum.
struct EP301LinkLimitExceeded: LintRule {
    func check(_ context: LintContext) {
        for group in context.regionLinks {
            let (maximum, reason) = context.linkMaximum(for: group.region)
            guard group.links.count > maximum else { continue }
            let bothKeys = !group.linkEntries.isEmpty && !group.multiLinkEntries.isEmpty
            // EP302 says it better when both keys must hold the same single link.
            if maximum == 1 && bothKeys { continue }
            let primary =
                RegionLinks.reportingEntry(group.multiLinkEntries, region: group.region)
                ?? RegionLinks.reportingEntry(group.linkEntries, region: group.region)!
            let other =
                primary.key == .multiLink ? RegionLinks.reportingEntry(group.linkEntries, region: group.region) : nil
            context.diagnose(
                self,
                Message.tooMany(
                    group.region, count: group.links.count, maximum: maximum, reason: reason, bothKeys: bothKeys),
                at: primary.region.range, keyPath: primary.region.keyPath, value: group.region,
                related: other.map { [($0.region.range, Message.otherEntry(group.region, in: $0.key))] } ?? [])
        }
    }

    enum Message {
        static func tooMany(_ region: String, count: Int, maximum: Int, reason: String, bothKeys: Bool) -> String {
            let place = bothKeys ? "across SKExternalPurchaseLink and SKExternalPurchaseMultiLink" : "in total"
            return
                "region '\(region)' has \(count) distinct links \(place); the maximum is \(maximum) because \(reason)"
        }
        static func otherEntry(_ region: String, in key: StoreKitKey) -> String {
            "the \(key.rawValue) entry for '\(region)' counts too"
        }
    }
}
