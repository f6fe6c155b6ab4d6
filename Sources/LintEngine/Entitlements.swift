import EplintBase
import PlistSyntax

/// The StoreKit entitlements and the Info.plist keys that need each of them.
package enum StoreKitEntitlement: String, CaseIterable, Sendable {
    case externalPurchase = "com.apple.developer.storekit.external-purchase"
    case externalPurchaseLink = "com.apple.developer.storekit.external-purchase-link"
    case externalPurchaseLinkStreaming = "com.apple.developer.storekit.external-purchase-link-streaming"

    /// What every StoreKit entitlement's key starts with.
    package static let keyPrefix = "com.apple.developer.storekit."

    package var keys: [StoreKitKey] {
        switch self {
        case .externalPurchase: [.externalPurchase]
        case .externalPurchaseLink: [.link, .multiLink, .customLinkRegions]
        case .externalPurchaseLinkStreaming: [.linkStreamingRegions]
        }
    }

    package static func needed(by key: StoreKitKey) -> StoreKitEntitlement {
        allCases.first { $0.keys.contains(key) }!
    }
}

/// The provisioning profile embedded in a built app: what it grants, and until when.
package struct GrantingProfile: Sendable {
    /// The path as it is shown in diagnostics.
    package var path: String
    /// Its `Entitlements` entries.
    package var entitlements: [PlistEntry]
    /// `ExpirationDate` as the plist writes it (`2019-04-07T01:27:21Z`).
    package var expirationDate: String?

    package init(path: String, entitlements: [PlistEntry], expirationDate: String?) {
        self.path = path
        self.entitlements = entitlements
        self.expirationDate = expirationDate
    }
}

/// An entitlements file paired with an Info.plist, parsed and well formed.
package struct PairedEntitlements: Sendable {
    /// The path as it is shown in diagnostics.
    package var path: String
    /// The top-level entries (all retained; entitlements files are small).
    package var entries: [PlistEntry]
    /// For the entitlements signed into a built app: the profile embedded beside them.
    package var profile: GrantingProfile?
    /// The top-level `<dict>`, where a moved entry goes; nil when the file is not XML text.
    package var dictionary: SourceRange?

    package init(path: String, entries: [PlistEntry], profile: GrantingProfile? = nil, dictionary: SourceRange? = nil) {
        self.path = path
        self.entries = entries
        self.profile = profile
        self.dictionary = dictionary
    }

    /// The entry that counts for an entitlement: its last occurrence.
    package func entry(_ entitlement: StoreKitEntitlement) -> PlistEntry? {
        entries.last(forKey: entitlement.rawValue)
    }

    /// Set to `<true/>`.
    package func grants(_ entitlement: StoreKitEntitlement) -> Bool {
        entry(entitlement)?.value.boolValue == true
    }
}

/// What pairing found for one Info.plist.
package enum EntitlementsPairing: Sendable {
    /// No entitlements file is known for it.
    case none
    /// The file could not be used for pairing; its own diagnostics (EP001/EP002/EP004, or a
    /// read failure reported by the caller) say why.
    case unusable(diagnostics: [Diagnostic])
    /// The file could not be read: the run fails (exit 2) with this reason.
    case unreadable(reason: String)
    case paired(PairedEntitlements)
}
