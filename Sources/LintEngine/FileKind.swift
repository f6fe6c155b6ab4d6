/// What a file is to eplint, by its name: the one place this is decided. An Info.plist is any
/// name ending in `Info.plist` (`App-Info.plist`, as Xcode templates name them); entitlements
/// files end in `.entitlements`; anything else is another plist, linted only for StoreKit keys.
package enum FileKind: Sendable, Equatable {
    case infoPlist, entitlements, other

    package init(path: String) {
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] } ?? path[...]
        if name.hasSuffix(".entitlements") {
            self = .entitlements
        } else if name.hasSuffix("Info.plist") {
            self = .infoPlist
        } else {
            self = .other
        }
    }
}
