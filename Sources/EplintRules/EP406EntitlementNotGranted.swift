import LintEngine
import PlistSyntax

/// A StoreKit entitlement signed into a built app that its embedded provisioning profile
/// does not grant: App Store Connect refuses such a build.
struct EP406EntitlementNotGranted: PairingRule {
    func check(_ context: LintContext) {
        guard let entitlements = context.entitlements, let profile = entitlements.profile else { return }
        var seen = Set<String>()
        for entry in entitlements.entries.reversed()
        where entry.key.hasPrefix("com.apple.developer.storekit.") && seen.insert(entry.key).inserted {
            let granted = profile.entitlements.last(forKey: entry.key)
            guard !(granted.map { Self.grants($0.value, entry.value) } ?? false) else { continue }
            context.diagnose(
                self, Message.notGranted(entry.key, profile: profile.path, grantsOtherValue: granted != nil),
                at: entry.keyRange,
                keyPath: entry.key, value: entry.key, in: entitlements.path)
        }
    }

    /// Equal values; an array holding every element signed; a string ending in `*` whose
    /// rest starts the signed string (how profiles write wildcards).
    static func grants(_ granted: PlistNode, _ signed: PlistNode) -> Bool {
        switch (granted.content, signed.content) {
        case (.string(let pattern), .string(let value)) where pattern.hasSuffix("*"):
            return value.hasPrefix(pattern.dropLast())
        case (.array(let grantedItems), .array(let signedItems)):
            return signedItems.allSatisfy { item in
                grantedItems.contains { PlistValueEquality.same($0, item, keysInAnyOrder: true) }
            }
        default:
            return PlistValueEquality.same(granted, signed, keysInAnyOrder: true)
        }
    }

    enum Message {
        static func notGranted(_ entitlement: String, profile: String, grantsOtherValue: Bool) -> String {
            grantsOtherValue
                ? "\(entitlement) is signed with a value the provisioning profile \(profile) does not grant"
                : "\(entitlement) is signed into the app but the provisioning profile \(profile) does not grant it"
        }
    }
}
