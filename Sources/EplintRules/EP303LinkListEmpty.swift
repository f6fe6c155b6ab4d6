import LintEngine

/// A MultiLink region mapped to an empty array.
struct EP303LinkListEmpty: LintRule {
    func check(_ context: LintContext) {
        for entry in context.facts.regionEntries[.multiLink] ?? [] where entry.value.arrayValue?.isEmpty == true {
            context.diagnose(
                self, Message.empty(entry.region.text), at: entry.value.range, keyPath: entry.region.keyPath,
                value: entry.region.text)
        }
    }

    enum Message {
        static func empty(_ region: String) -> String {
            "SKExternalPurchaseMultiLink gives no link for \(region.quotedForMessage); list one to five URLs or remove the region"
        }
    }
}
