import EplintBase
import LintEngine
import PlistSyntax

/// A `<dict>` with the same key twice: the OS keeps the last value, silently.
/// Checked in the top-level dict and in every dict inside the values of the StoreKit keys.
struct EP003DuplicateKey: LintRule {
    func check(_ context: LintContext) {
        reportDuplicates(in: context.facts.topLevel, path: nil, context)
        for (key, entry) in context.facts.values { walk(entry.value, path: key.rawValue, context) }
    }

    private func walk(_ node: PlistNode, path: String, _ context: LintContext) {
        if let entries = node.dictionaryEntries {
            reportDuplicates(in: entries, path: path, context)
            for entry in entries { walk(entry.value, path: "\(path).\(entry.key)", context) }
        } else if let items = node.arrayValue {
            for (index, item) in items.enumerated() { walk(item, path: "\(path)[\(index)]", context) }
        }
    }

    private func reportDuplicates(in entries: [PlistEntry], path: String?, _ context: LintContext) {
        for (index, firstIndex) in RepeatedKeys.find(in: entries) {
            let entry = entries[index]
            let original = entries[firstIndex]
            context.diagnose(
                self, Message.duplicate(entry.key, in: path), at: entry.keyRange,
                keyPath: path.map { "\($0).\(entry.key)" } ?? entry.key, value: entry.key,
                related: [(original.keyRange, Message.firstOccurrence(entry.key))],
                fix: fix(entry, original, storeKit: path != nil || StoreKitKey.named(entry.key) != nil))
        }
    }

    /// Dropping the later entry changes nothing when both values are the same: only then,
    /// and only in the StoreKit keys eplint knows the meaning of.
    private func fix(_ entry: PlistEntry, _ original: PlistEntry, storeKit: Bool) -> Fix? {
        guard storeKit, PlistValueEquality.same(entry.value, original.value) else { return nil }
        return .safe(.remove(SourceRange(start: entry.keyRange.start, end: entry.value.range.end)))
    }

    enum Message {
        static func duplicate(_ key: String, in path: String?) -> String {
            "duplicate key \(key.quotedForMessage)\(path.map { " in \($0)" } ?? ""); only the last value is used"
        }
        static func firstOccurrence(_ key: String) -> String { "\(key.quotedForMessage) first appears here" }
    }
}
