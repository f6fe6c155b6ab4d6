/// A production token or notification for another app: its `appAppleId` differs from
/// `--app-apple-id` / `app-apple-id:`. Sandbox and Xcode ones are left alone: Apple's verifier
/// compares `appAppleId` in production only (the others carry test values).
struct EP610AppAppleIdMismatch: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.token, .notification] }

    func check(_ context: ServerContext) {
        guard let expected = context.options.appAppleID, context.options.environment ?? .production == .production
        else {
            return
        }
        var object = context.object
        var prefix = ""
        if context.kind == .notification {
            // A notification names its app in `data` or `summary` (its externalPurchaseToken is checked as a token).
            guard let holder = context.member("data") ?? context.member("summary"), holder.value.isObject,
                holder.value.member("environment")?.value.string != "Sandbox"
            else { return }
            object = holder.value
            prefix = holder.key + "."
        } else if context.field("externalPurchaseId")?.string?.hasPrefix(ServerFacts.sandboxPrefix) == true {
            return
        }
        guard let member = object.member("appAppleId") else {
            // Apple's verifier compares a missing appAppleId too; a token without one is EP603's.
            if context.kind == .notification {
                context.report(
                    id, "notification has no \(prefix)appAppleId; this app's is \(expected)",
                    at: context.member(String(prefix.dropLast()))?.value, key: String(prefix.dropLast()))
            }
            return
        }
        guard let value = member.value.integer, value != expected else { return }
        context.report(
            id, "\(context.kind.rawValue) is for the app with Apple ID \(value), not this app's \(expected)",
            at: member.value, key: prefix + "appAppleId")
    }
}
