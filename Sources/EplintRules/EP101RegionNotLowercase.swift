import LintEngine

/// A valid region written in upper or mixed case: Apple asks for lowercase codes.
struct EP101RegionNotLowercase: LintRule {
    func check(_ context: LintContext) {
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
