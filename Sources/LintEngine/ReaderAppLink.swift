import PlistSyntax

/// The reader-app link: the Info.plist key `SKExternalLinkAccount` (region -> URL, with a `*`
/// default) and the Boolean entitlement it needs. Not one of the five StoreKit keys: it has
/// no allowed-regions list and no link maximum.
package enum ReaderAppLink {
    package static let key = "SKExternalLinkAccount"
    package static let entitlement = "com.apple.developer.storekit.external-link.account"
    /// The key that maps to the default URL.
    package static let defaultKey = "*"
}

extension LintContext {
    /// The file's `SKExternalLinkAccount` entry (its last occurrence), if it has one.
    package var readerAppLink: PlistEntry? {
        isEntitlementsFile ? nil : facts.topLevel.last(forKey: ReaderAppLink.key)
    }
}
