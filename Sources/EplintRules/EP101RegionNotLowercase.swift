import LintEngine

/// A valid region written in upper or mixed case: Apple asks for lowercase codes. Also in
/// the allowed-regions entitlement of the paired entitlements file.
struct EP101RegionNotLowercase: PairingRule {
    func check(_ context: LintContext) {
        for region in context.customPurchaseLinkRegions?.regions ?? [] {
            guard let value = region.resolution.value, value != value.asciiLowercased, context.regionData.isoCodes.contains(value.asciiLowercased) else { continue }
            context.diagnose(self, Message.notLowercase(region.resolution.shown(writtenAs: region.text), value.asciiLowercased),
                             at: region.range, keyPath: region.keyPath, value: value, in: context.entitlements?.path)
        }
        for region in context.facts.regions {
            guard let value = region.resolution.value,
                  case .notLowercase(let lowercase) = context.regionData.status(of: value, for: region.key) else { continue }
            context.diagnose(self, Message.notLowercase(region.resolution.shown(writtenAs: region.text), lowercase),
                             at: region.range, keyPath: region.keyPath, value: value)
        }
    }

    enum Message {
        static func notLowercase(_ shown: String, _ lowercase: String) -> String {
            "region \(shown) must be lowercase: '\(lowercase)'"
        }
    }
}
