import LintEngine

/// A StoreKit key used without its entitlement set to `<true/>` in the paired entitlements file.
struct EP401MissingEntitlement: PairingRule {
    func check(_ context: LintContext) {
        guard let entitlements = context.entitlements, !context.isEntitlementsFile else { return }
        for key in StoreKitKey.allCases {
            guard let entry = context.facts.values[key] else { continue }
            let needed = StoreKitEntitlement.needed(by: key)
            // A non-boolean value is EP403's finding, in the entitlements file.
            if let value = entitlements.entry(needed)?.value, value.kind != .boolean { continue }
            guard !entitlements.grants(needed) else { continue }
            // On the allowed-regions route the key does nothing (EP408): adding the entitlement
            // Apple did not grant would fail code signing.
            if EP408KeyUnusedOnAllowedRegionsRoute.applies(to: key, context) { continue }
            context.diagnose(
                self, Message.missing(key, needed, file: entitlements.path), at: entry.keyRange, keyPath: key.rawValue,
                value: needed.rawValue)
        }
    }

    enum Message {
        static func missing(_ key: StoreKitKey, _ entitlement: StoreKitEntitlement, file: String) -> String {
            "\(key.rawValue) needs the entitlement \(entitlement.rawValue) set to <true/> in \(file)"
        }
    }
}
