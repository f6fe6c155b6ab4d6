import LintEngine

/// A StoreKit entitlement set to `<true/>` while the Info.plist uses none of its keys.
struct EP402UnusedEntitlement: PairingRule {
    func check(_ context: LintContext) {
        guard let entitlements = context.entitlements, !context.isEntitlementsFile else { return }
        for entitlement in StoreKitEntitlement.allCases where entitlements.grants(entitlement) {
            guard !entitlement.keys.contains(where: { context.facts.values[$0] != nil }),
                let entry = entitlements.entry(entitlement)
            else { continue }
            context.diagnose(
                self, Message.unused(entitlement, infoPlist: context.file), at: entry.keyRange,
                keyPath: entitlement.rawValue,
                value: entitlement.rawValue, in: entitlements.path)
        }
    }

    enum Message {
        static func unused(_ entitlement: StoreKitEntitlement, infoPlist: String) -> String {
            let keys = entitlement.keys.map(\.rawValue).joined(separator: ", ")
            return "\(entitlement.rawValue) is granted but \(infoPlist) uses none of its keys (\(keys))"
        }
    }
}
