/// The links of one region across `SKExternalPurchaseLink` and `SKExternalPurchaseMultiLink`,
/// as Apple counts them: distinct URL strings of both keys together. Case variants of a
/// region (`FR`, `fr`) are merged; regions that are unknown, not allowed or unresolved are
/// not counted.
package struct RegionLinks: Sendable {
    package var region: String
    package var linkEntries: [RegionEntry] = []
    package var multiLinkEntries: [RegionEntry] = []
    /// Distinct link identities, in document order.
    package var links: [String] = []

    /// Where to report: the exactly lowercase `<key>` if there is one, else the first.
    package static func reportingEntry(_ entries: [RegionEntry], region: String) -> RegionEntry? {
        entries.first { $0.region.resolution.value == region } ?? entries.first
    }
}

extension LintContext {
    /// Counted regions in order of first appearance (computed once; EP301 and EP302 share it).
    package var regionLinks: [RegionLinks] {
        if let cached = regionLinksCache { return cached }
        // Groups in order of first appearance; a set per group keeps the distinct-link test
        // constant-time (40,000 links in one region stay linear).
        var links: [RegionLinks] = []
        var seen: [Set<String>] = []
        var groupIndex: [String: Int] = [:]
        for key in [StoreKitKey.link, .multiLink] {
            for entry in facts.regionEntries[key] ?? [] {
                guard let value = entry.region.resolution.value else { continue }
                switch regionData.status(of: value, for: key) {
                case .valid, .notLowercase: break
                case .unknown, .notAllowed, .retired: continue
                }
                let region = value.asciiLowercased
                let index: Int
                if let known = groupIndex[region] {
                    index = known
                } else {
                    index = links.count
                    groupIndex[region] = index
                    links.append(RegionLinks(region: region))
                    seen.append([])
                }
                if key == .link {
                    links[index].linkEntries.append(entry)
                } else {
                    links[index].multiLinkEntries.append(entry)
                }
                for link in entry.links where seen[index].insert(link.identity).inserted {
                    links[index].links.append(link.identity)
                }
            }
        }
        regionLinksCache = links
        return links
    }

    /// The links allowed for `region`, and why, for messages.
    package func linkMaximum(for region: String) -> (maximum: Int, reason: String) {
        let maximum = regionData.maximumLinks(for: region, musicStreaming: musicStreaming.qualifies)
        if !musicStreaming.qualifies { return (maximum, musicStreaming.reason) }
        if maximum > regionData.linkMaximum {
            return (maximum, "the app qualifies for EEA music streaming (\(musicStreaming.reason))")
        }
        return (maximum, "'\(region)' allows \(maximum) even for apps that qualify for EEA music streaming")
    }
}
