import LintEngine

/// `SKExternalLinkAccount` while the paired entitlements file does not set
/// `com.apple.developer.storekit.external-link.account` to `<true/>`.
struct EP803ReaderLinkMissingEntitlement: PairingRule {
    func check(_ context: LintContext) {
        guard let entry = context.readerAppLink, let entitlements = context.entitlements,
            entitlements.entries.last(forKey: ReaderAppLink.entitlement)?.value.boolValue != true
        else { return }
        context.diagnose(
            self,
            "\(ReaderAppLink.key) needs the entitlement \(ReaderAppLink.entitlement) set to <true/> in \(entitlements.path)",
            at: entry.keyRange, keyPath: ReaderAppLink.key, value: ReaderAppLink.entitlement)
    }
}
