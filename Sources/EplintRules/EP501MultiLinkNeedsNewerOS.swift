import LintEngine

/// Only `SKExternalPurchaseMultiLink` while a deployment target predates it: older systems
/// get no link at all.
struct EP501MultiLinkNeedsNewerOS: LintRule {
    func check(_ context: LintContext) {
        guard let multiLink = context.facts.values[.multiLink], context.facts.values[.link] == nil,
            let old = context.deploymentTargets.first(where: { !$0.supportsMultiLink })
        else { return }
        context.diagnose(
            self, Message.tooOld(old), at: multiLink.keyRange, keyPath: StoreKitKey.multiLink.rawValue,
            value: "\(old.platform.rawValue) \(old.version)")
    }

    enum Message {
        static func tooOld(_ target: DeploymentTarget) -> String {
            "SKExternalPurchaseMultiLink needs \(target.platform.rawValue) \(target.platform.multiLinkMinimum) but the deployment target is "
                + "\(target.platform.rawValue) \(target.version) (\(target.source)); add SKExternalPurchaseLink so that older systems get a link"
        }
    }
}
