import LintEngine
import PlistSyntax

/// A StoreKit entitlement whose value is not `<true/>` or `<false/>` (`<string>YES</string>`).
struct EP403EntitlementNotBoolean: PairingRule {
    func check(_ context: LintContext) {
        guard let entitlements = context.entitlements else { return }
        for entitlement in StoreKitEntitlement.allCases {
            guard let entry = entitlements.entry(entitlement), entry.value.kind != .boolean else { continue }
            context.diagnose(
                self, Message.notBoolean(entitlement, found: entry.value.kind), at: entry.value.range,
                keyPath: entitlement.rawValue, value: entitlement.rawValue, in: entitlements.path)
        }
    }

    enum Message {
        static func notBoolean(_ entitlement: StoreKitEntitlement, found: PlistKind) -> String {
            "\(entitlement.rawValue) must be <true/> or <false/>, found \(found.rawValue)"
        }
    }
}
