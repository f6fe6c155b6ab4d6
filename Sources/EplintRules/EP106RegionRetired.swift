import EplintBase
import LintEngine

/// A region Apple's documentation no longer lists for the key (`us` in the link keys since
/// May 2025). Which regions, since when and why is data (`RetiredRegions` in regions.plist).
struct EP106RegionRetired: LintRule {
    func check(_ context: LintContext) {
        for region in context.facts.regions {
            guard let value = region.resolution.value,
                case .retired(let retired) = context.regionData.status(of: value, for: region.key)
            else { continue }
            context.diagnose(
                self, Message.retired(region.resolution.shown(writtenAs: region.text), region.key, retired),
                at: region.range, keyPath: region.keyPath, value: value.asciiLowercased, fix: fix(region, context))
        }
    }

    /// Unsafe: the app stops offering its link there. An array element goes alone; a link
    /// dictionary's region goes with its value.
    private func fix(_ region: RegionOccurrence, _ context: LintContext) -> Fix? {
        guard region.isLiteral else { return .fromBuildSetting }
        guard region.isDictionaryKey else { return .unsafe(.remove(region.range)) }
        guard let entry = context.facts.regionEntries[region.key]?.first(where: { $0.region.range == region.range })
        else { return nil }
        return .unsafe(.remove(SourceRange(start: region.range.start, end: entry.value.range.end)))
    }

    enum Message {
        static func retired(_ shown: String, _ key: StoreKitKey, _ retired: RegionData.RetiredRegion) -> String {
            "region \(shown) is no longer among the documented regions of \(key.rawValue) (since \(retired.since): \(retired.reason))"
        }
    }
}
