import LintEngine

/// A valid region written in upper or mixed case: Apple asks for lowercase codes. Also in
/// the allowed-regions entitlement of the paired entitlements file.
struct EP101RegionNotLowercase: PairingRule {
    func check(_ context: LintContext) {
        for region in context.customPurchaseLinkRegions?.regions ?? [] {
            guard let value = region.resolution.value, value != value.asciiLowercased,
                context.regionData.isoCodes.contains(value.asciiLowercased)
            else { continue }
            context.diagnose(
                self, Message.notLowercase(region.resolution.shown(writtenAs: region.text), value.asciiLowercased),
                at: region.range, keyPath: region.keyPath, value: value, in: context.entitlements?.path)
        }
        for region in context.facts.regions {
            guard let value = region.resolution.value,
                case .notLowercase(let lowercase) = context.regionData.status(of: value, for: region.key)
            else { continue }
            context.diagnose(
                self, Message.notLowercase(region.resolution.shown(writtenAs: region.text), lowercase),
                at: region.range, keyPath: region.keyPath, value: value, fix: fix(region, lowercase, context))
        }
    }

    /// Lowercasing in place, unless the code comes from a build setting or a dictionary already
    /// has the lowercase key (that is a duplicate to resolve by hand).
    private func fix(_ region: RegionOccurrence, _ lowercase: String, _ context: LintContext) -> Fix? {
        guard region.isLiteral else { return .fromBuildSetting }
        if region.isDictionaryKey,
            context.facts.regions.contains(where: { $0.key == region.key && $0.isDictionaryKey && $0.text == lowercase }
            )
        {
            return nil
        }
        return .safe(.replaceText(element: region.range, old: region.text, new: lowercase))
    }

    enum Message {
        static func notLowercase(_ shown: String, _ lowercase: String) -> String {
            "region \(shown) must be lowercase: '\(lowercase)'"
        }
    }
}
