/// What a file is to eplint, by its name: the one place this is decided. An Info.plist is any
/// name ending in `Info.plist` (`App-Info.plist`, as Xcode templates name them); entitlements
/// files end in `.entitlements`; anything else is another plist, linted only for StoreKit keys.
/// Suffixes match as spelled, on every platform: `App.Entitlements` is no entitlements file,
/// even on a volume that ignores case (docs/macos.md).
package enum FileKind: Sendable, Equatable {
    case infoPlist, entitlements, other

    private static let propertyListSuffix = ".plist"
    private static let entitlementsSuffix = ".entitlements"
    private static let infoPlistSuffix = "Info.plist"

    /// The names a directory walk lints: property lists and entitlements files.
    package static let walkedSuffixes = [propertyListSuffix, entitlementsSuffix]

    package init(path: String) {
        let name = Self.name(of: path)
        if name.hasSuffix(Self.entitlementsSuffix) {
            self = .entitlements
        } else if name.hasSuffix(Self.infoPlistSuffix) {
            self = .infoPlist
        } else {
            self = .other
        }
    }

    /// Whether the file is a property list by its name (`*.plist`, an Info.plist among them); an
    /// entitlements file, a property list too, is named by its own suffix.
    package static func isPropertyList(_ path: String) -> Bool { path.hasSuffix(propertyListSuffix) }

    private static func name(of path: String) -> Substring {
        path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] } ?? path[...]
    }
}
