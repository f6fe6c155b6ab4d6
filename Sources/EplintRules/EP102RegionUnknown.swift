import LintEngine

/// Not an ISO 3166-1 alpha-2 code in any case (`eu`, `uk`, `nld`, ` nl`). Also in the
/// allowed-regions entitlement of the paired entitlements file.
struct EP102RegionUnknown: PairingRule {
    func check(_ context: LintContext) {
        for region in context.customPurchaseLinkRegions?.regions ?? [] {
            guard let value = region.resolution.value, !context.regionData.isoCodes.contains(value.asciiLowercased)
            else { continue }
            context.diagnose(
                self, Message.unknown(region.resolution.shown(writtenAs: region.text)), at: region.range,
                keyPath: region.keyPath,
                value: value, in: context.entitlements?.path)
        }
        for region in context.facts.regions {
            guard let value = region.resolution.value, context.regionData.status(of: value, for: region.key) == .unknown
            else { continue }
            context.diagnose(
                self, Message.unknown(region.resolution.shown(writtenAs: region.text)), at: region.range,
                keyPath: region.keyPath, value: value)
        }
    }

    enum Message {
        static func unknown(_ shown: String) -> String {
            "\(shown) is not an ISO 3166-1 alpha-2 region code"
        }
    }
}
