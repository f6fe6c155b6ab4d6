import EplintBase
import LintEngine

/// The embedded provisioning profile of an app that uses external purchase has expired.
struct EP407ProfileExpired: PairingRule {
    func check(_ context: LintContext) {
        guard let entitlements = context.entitlements, let profile = entitlements.profile, let now = context.now,
            let expiration = profile.expirationDate, expiration < now
        else { return }
        // Only an app that uses external purchase: keys, or StoreKit entitlements signed.
        guard
            context.facts.hasStoreKitKeys
                || entitlements.entries.contains(where: { $0.key.hasPrefix("com.apple.developer.storekit.") })
        else { return }
        context.diagnose(
            self, Message.expired(expiration, profile: profile.path), at: SourceRange(at: .start),
            keyPath: "ExpirationDate",
            value: expiration, in: profile.path)
    }

    enum Message {
        static func expired(_ date: String, profile: String) -> String {
            "the provisioning profile \(profile) expired on \(date)"
        }
    }
}
