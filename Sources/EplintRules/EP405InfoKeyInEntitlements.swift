import EplintBase
import LintEngine
import PlistSyntax

/// One of the five Info.plist keys in the paired entitlements file, where StoreKit never
/// reads it.
struct EP405InfoKeyInEntitlements: PairingRule {
    func check(_ context: LintContext) {
        guard let entitlements = context.entitlements else { return }
        for entry in entitlements.entries {
            guard let key = StoreKitKey.named(entry.key) else { continue }
            context.diagnose(
                self, Message.misplaced(key), at: entry.keyRange, keyPath: entry.key, value: entry.key,
                in: entitlements.path,
                fix: fix(entry, context))
        }
    }

    /// The entry moves to the Info.plist, unless the linted file is the entitlements file
    /// itself (no Info.plist is known) or the Info.plist already has the key.
    private func fix(_ entry: PlistEntry, _ context: LintContext) -> Fix {
        guard !context.isEntitlementsFile else { return .noPairedFile("Info.plist") }
        if context.facts.topLevel.contains(where: { $0.key == entry.key }) {
            return .withheld("\(context.file) already has \(entry.key)")
        }
        return .unsafe(
            .move(
                entry: SourceRange(start: entry.keyRange.start, end: entry.value.range.end),
                destination: context.file, dictionary: context.root.range))
    }

    enum Message {
        static func misplaced(_ key: StoreKitKey) -> String {
            "\(key.rawValue) is an Info.plist key: in an entitlements file it has no effect; move it to the Info.plist"
        }
    }
}
