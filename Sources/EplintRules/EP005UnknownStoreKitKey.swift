import LintEngine

/// A top-level key that is almost a StoreKit key: the OS ignores it without a word.
struct EP005UnknownStoreKitKey: LintRule {
    func check(_ context: LintContext) {
        let entries = context.facts.topLevel
        let lastPosition = Dictionary(entries.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { $1 })
        for (position, entry) in entries.enumerated() where lastPosition[entry.key] == position {
            guard let intended = StoreKitKey.nearMiss(of: entry.key) else { continue }
            context.diagnose(self, Message.nearMiss(entry.key, intended), at: entry.keyRange, keyPath: entry.key, value: entry.key)
        }
    }

    enum Message {
        static func nearMiss(_ key: String, _ intended: StoreKitKey) -> String {
            "\(key.quotedForMessage) is not a StoreKit key and the OS ignores it; did you mean '\(intended.rawValue)'?"
        }
    }
}
