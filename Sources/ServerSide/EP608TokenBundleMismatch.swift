/// A token or notification for another app: its `bundleId` differs from `--bundle-id` / `bundle-id:`.
/// A notification names its app in `data`, `summary` or `appData` (its externalPurchaseToken is
/// checked as a token); Apple's verifier compares `bundleId` in every environment.
struct EP608TokenBundleMismatch: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.token, .notification] }

    func check(_ context: ServerContext) {
        guard let expected = context.options.bundleID else { return }
        var object = context.object
        var prefix = ""
        if context.kind == .notification {
            guard let holder = context.member("data") ?? context.member("summary") ?? context.member("appData"),
                holder.value.isObject
            else { return }
            object = holder.value
            prefix = holder.key + "."
        }
        guard let bundle = object.member("bundleId")?.value, let name = bundle.string, name != expected else { return }
        context.report(
            id, "\(context.kind.rawValue) is for bundle ID '\(name)', not this app's '\(expected)'", at: bundle,
            key: prefix + "bundleId")
    }
}
