import LintEngine

/// `com.apple.developer.storekit.external-link.account` is `<true/>` but the Info.plist has no
/// `SKExternalLinkAccount`: reported in the entitlements file.
struct EP804ReaderLinkUnusedEntitlement: PairingRule {
    func check(_ context: LintContext) {
        guard !context.isEntitlementsFile, context.readerAppLink == nil, let entitlements = context.entitlements,
            let entry = entitlements.entries.last(forKey: ReaderAppLink.entitlement), entry.value.boolValue == true
        else { return }
        context.diagnose(
            self, "\(ReaderAppLink.entitlement) is granted but \(context.file) has no \(ReaderAppLink.key)",
            at: entry.keyRange, keyPath: ReaderAppLink.entitlement, in: entitlements.path)
    }
}
