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
            return signedItems.allSatisfy { item in grantedItems.contains { same($0, item) } }
        default:
            return same(granted, signed)
        }
    }

    static func same(_ first: PlistNode, _ second: PlistNode) -> Bool {
        switch (first.content, second.content) {
        case (.string(let a), .string(let b)), (.integer(let a), .integer(let b)), (.real(let a), .real(let b)),
            (.date(let a), .date(let b)):
            return a == b
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case (.dictionary(let a), .dictionary(let b)):
            return a.count == b.count
                && a.allSatisfy { entry in b.last(forKey: entry.key).map { same(entry.value, $0.value) } ?? false }
        default: return false
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
