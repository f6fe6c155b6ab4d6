import LintEngine

/// A top-level key that is almost a StoreKit key: the OS ignores it without a word.
struct EP005UnknownStoreKitKey: LintRule {
    func check(_ context: LintContext) {
        // Once per key, at its last occurrence; most keys are dismissed by nearMiss at once.
        let entries = context.facts.topLevel
        var reported = Set<String>()
        for entry in entries.reversed() {
            guard let intended = StoreKitKey.nearMiss(of: entry.key), reported.insert(entry.key).inserted else { continue }
            context.diagnose(self, Message.nearMiss(entry.key, intended), at: entry.keyRange, keyPath: entry.key, value: entry.key)
        }
    }

    enum Message {
        static func nearMiss(_ key: String, _ intended: StoreKitKey) -> String {
            "\(key.quotedForMessage) is not a StoreKit key and the OS ignores it; did you mean '\(intended.rawValue)'?"
        }
    }
}
