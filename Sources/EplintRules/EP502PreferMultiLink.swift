import LintEngine

/// Every deployment target reads `SKExternalPurchaseMultiLink`, yet only
/// `SKExternalPurchaseLink` is used.
struct EP502PreferMultiLink: LintRule {
    func check(_ context: LintContext) {
        guard let link = context.facts.values[.link], context.facts.values[.multiLink] == nil,
            !context.deploymentTargets.isEmpty, context.deploymentTargets.allSatisfy(\.supportsMultiLink)
        else { return }
        let targets = context.deploymentTargets.map { "\($0.platform.rawValue) \($0.version)" }.joined(separator: ", ")
        context.diagnose(
            self, Message.prefer(targets), at: link.keyRange, keyPath: StoreKitKey.link.rawValue, value: targets)
    }

    enum Message {
        static func prefer(_ targets: String) -> String {
            "the deployment target (\(targets)) supports SKExternalPurchaseMultiLink; Apple recommends it over SKExternalPurchaseLink"
        }
    }
}
