public import EplintBase
public import PlistSyntax

/// The StoreKit entitlements and the Info.plist keys that need each of them.
public enum StoreKitEntitlement: String, CaseIterable, Sendable {
    case externalPurchase = "com.apple.developer.storekit.external-purchase"
    case externalPurchaseLink = "com.apple.developer.storekit.external-purchase-link"
    case externalPurchaseLinkStreaming = "com.apple.developer.storekit.external-purchase-link-streaming"

    /// What every StoreKit entitlement's key starts with.
    public static let keyPrefix = "com.apple.developer.storekit."

    public var keys: [StoreKitKey] {
        switch self {
        case .externalPurchase: [.externalPurchase]
        case .externalPurchaseLink: [.link, .multiLink, .customLinkRegions]
        case .externalPurchaseLinkStreaming: [.linkStreamingRegions]
        }
    }

    public static func needed(by key: StoreKitKey) -> StoreKitEntitlement {
        allCases.first { $0.keys.contains(key) }!
    }
}

/// The provisioning profile embedded in a built app: what it grants, and until when.
public struct GrantingProfile: Sendable {
    /// The path as it is shown in diagnostics.
    public var path: String
    /// Its `Entitlements` entries.
    public var entitlements: [PlistEntry]
    /// `ExpirationDate` as the plist writes it (`2019-04-07T01:27:21Z`).
    public var expirationDate: String?

    public init(path: String, entitlements: [PlistEntry], expirationDate: String?) {
        self.path = path
        self.entitlements = entitlements
        self.expirationDate = expirationDate
    }
}

/// An entitlements file paired with an Info.plist, parsed and well formed.
public struct PairedEntitlements: Sendable {
    /// The path as it is shown in diagnostics.
    public var path: String
    /// The top-level entries (all retained; entitlements files are small).
    public var entries: [PlistEntry]
    /// For the entitlements signed into a built app: the profile embedded beside them.
    public var profile: GrantingProfile?
    /// The top-level `<dict>`, where a moved entry goes; nil when the file is not XML text.
    public var dictionary: SourceRange?

    public init(path: String, entries: [PlistEntry], profile: GrantingProfile? = nil, dictionary: SourceRange? = nil) {
        self.path = path
        self.entries = entries
        self.profile = profile
        self.dictionary = dictionary
    }

    /// The entry that counts for an entitlement: its last occurrence.
    public func entry(_ entitlement: StoreKitEntitlement) -> PlistEntry? {
        entries.last(forKey: entitlement.rawValue)
    }

    /// Set to `<true/>`.
    public func grants(_ entitlement: StoreKitEntitlement) -> Bool {
        entry(entitlement)?.value.boolValue == true
    }
}

/// What pairing found for one Info.plist.
public enum EntitlementsPairing: Sendable {
    /// No entitlements file is known for it.
    case none
    /// The file could not be used for pairing; its own diagnostics (EP001/EP002/EP004, or a
    /// read failure reported by the caller) say why.
    case unusable(diagnostics: [Diagnostic])
    /// The file could not be read: the run fails (exit 2) with this reason.
    case unreadable(reason: String)
    case paired(PairedEntitlements)
}
