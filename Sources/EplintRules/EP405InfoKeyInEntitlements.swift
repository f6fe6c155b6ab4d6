import LintEngine

/// One of the five Info.plist keys in the paired entitlements file, where StoreKit never
/// reads it.
struct EP405InfoKeyInEntitlements: PairingRule {
    func check(_ context: LintContext) {
        guard let entitlements = context.entitlements else { return }
        for entry in entitlements.entries {
            guard let key = StoreKitKey.named(entry.key) else { continue }
            context.diagnose(self, Message.misplaced(key), at: entry.keyRange, keyPath: entry.key, value: entry.key, in: entitlements.path)
        }
    }

    enum Message {
        static func misplaced(_ key: StoreKitKey) -> String {
            "\(key.rawValue) is an Info.plist key: in an entitlements file it has no effect; move it to the Info.plist"
        }
    }
}
