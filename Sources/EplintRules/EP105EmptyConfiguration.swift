import LintEngine

/// A StoreKit key present with an empty array or dictionary: it configures nothing.
struct EP105EmptyConfiguration: LintRule {
    func check(_ context: LintContext) {
        for key in StoreKitKey.allCases {
            guard let value = context.facts.values[key]?.value else { continue }
            let isEmpty = key.isRegionArray ? value.arrayValue?.isEmpty : value.dictionaryEntries?.isEmpty
            if isEmpty == true {
                context.diagnose(self, Message.empty(key), at: value.range, keyPath: key.rawValue)
            }
        }
    }

    enum Message {
        static func empty(_ key: StoreKitKey) -> String {
            "\(key.rawValue) is empty; add regions or remove the key"
        }
    }
}
