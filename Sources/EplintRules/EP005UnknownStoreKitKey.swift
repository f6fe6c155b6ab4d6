import LintEngine
import PlistSyntax

/// A top-level key that is almost a StoreKit key: the OS ignores it without a word.
struct EP005UnknownStoreKitKey: LintRule {
    func check(_ context: LintContext) {
        // Once per key, at its last occurrence; most keys are dismissed by nearMiss at once.
        let entries = context.facts.topLevel
        var reported = Set<String>()
        for entry in entries.reversed() {
            guard let intended = StoreKitKey.nearMiss(of: entry.key), reported.insert(entry.key).inserted else {
                continue
            }
            context.diagnose(
                self, Message.nearMiss(entry.key, intended), at: entry.keyRange, keyPath: entry.key, value: entry.key,
                fix: fix(entry, context))
        }
    }

    /// Renamed when one StoreKit key is closest, the file does not have it yet and the near
    /// miss appears once (a rename must not make a duplicate); otherwise withheld, saying why.
    private func fix(_ entry: PlistEntry, _ context: LintContext) -> Fix? {
        guard let intended = StoreKitKey.uniqueNearMiss(of: entry.key) else { return nil }
        if context.facts.values[intended] != nil {
            return .withheld(
                "'\(intended.rawValue)' is already in the file, so renaming would make a duplicate key; merge the two entries or remove this one"
            )
        }
        if context.facts.topLevel.filter({ $0.key == entry.key }).count != 1 {
            return .withheld(
                "the key appears more than once, so renaming would make a duplicate key; remove the extra entries")
        }
        return .safe(.replaceText(element: entry.keyRange, old: entry.key, new: intended.rawValue))
    }

    enum Message {
        static func nearMiss(_ key: String, _ intended: StoreKitKey) -> String {
            "\(key.quotedForMessage) is not a StoreKit key and the OS ignores it; did you mean '\(intended.rawValue)'?"
        }
    }
}
