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
        if Self.path(path, endsWith: Self.entitlementsSuffix) {
            self = .entitlements
        } else if Self.path(path, endsWith: Self.infoPlistSuffix) {
            self = .infoPlist
        } else {
            self = .other
        }
    }

    /// Whether the file is a property list by its name (`*.plist`, an Info.plist among them); an
    /// entitlements file, a property list too, is named by its own suffix.
    package static func isPropertyList(_ path: String) -> Bool { Self.path(path, endsWith: propertyListSuffix) }

    /// Whether the last component of `path` ends in `suffix` (which holds no `/`), byte by byte:
    /// the name as spelled, without the cost of comparing `Character`s (rules ask every file's kind).
    private static func path(_ path: String, endsWith suffix: String) -> Bool {
        let bytes = path.utf8
        let expected = suffix.utf8
        guard bytes.count >= expected.count else { return false }
        return bytes.reversed().starts(with: expected.reversed())
    }
}
