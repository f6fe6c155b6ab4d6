import LintEngine

/// A one-link region listed in both link keys with different links: both keys need to
/// specify the same link.
struct EP302LinkMismatch: LintRule {
    func check(_ context: LintContext) {
        for group in context.regionLinks {
            let (maximum, reason) = context.linkMaximum(for: group.region)
            guard maximum == 1, group.links.count > 1,
                let link = RegionLinks.reportingEntry(group.linkEntries, region: group.region),
                let multiLink = RegionLinks.reportingEntry(group.multiLinkEntries, region: group.region)
            else { continue }
            context.diagnose(
                self, Message.mismatch(group.region, count: group.links.count, reason: reason),
                at: link.region.range, keyPath: link.region.keyPath, value: group.region,
                related: [(multiLink.region.range, Message.multiLinkEntry(group.region))])
        }
    }

    enum Message {
        static func mismatch(_ region: String, count: Int, reason: String) -> String {
            "region '\(region)' has \(count) different links in SKExternalPurchaseLink and SKExternalPurchaseMultiLink; "
                + "both keys need to specify the same link, as the maximum is 1 because \(reason)"
        }
        static func multiLinkEntry(_ region: String) -> String {
            "the SKExternalPurchaseMultiLink entry for '\(region)' is here"
        }
    }
}
