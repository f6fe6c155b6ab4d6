import LintEngine

/// Not an ISO 3166-1 alpha-2 code in any case (`eu`, `uk`, `nld`, ` nl`).
struct EP102RegionUnknown: LintRule {
    func check(_ context: LintContext) {
        for region in context.facts.regions {
            guard let value = region.resolution.value, context.regionData.status(of: value, for: region.key) == .unknown else { continue }
            context.diagnose(self, Message.unknown(region.resolution.shown(writtenAs: region.text)), at: region.range, keyPath: region.keyPath, value: value)
        }
    }

    enum Message {
        static func unknown(_ shown: String) -> String {
            "\(shown) is not an ISO 3166-1 alpha-2 region code"
        }
    }
}
