import LintEngine

/// A token for another app: its `bundleId` differs from `--bundle-id` / `bundle-id:`.
struct EP608TokenBundleMismatch: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.token] }

    func check(_ context: ServerContext) {
        guard let expected = context.options.bundleID, let bundle = context.field("bundleId"), let name = bundle.string,
            name != expected
        else { return }
        context.report(
            id, "token is for bundle ID '\(name)', not this app's '\(expected)'", at: bundle, key: "bundleId")
    }
}
