/// What a file is to eplint, by its name: the one place this is decided. An Info.plist is any
/// name ending in `Info.plist` (`App-Info.plist`, as Xcode templates name them); entitlements
/// files end in `.entitlements`; anything else is another plist, linted only for StoreKit keys.
package enum FileKind: Sendable, Equatable {
    case infoPlist, entitlements, other

    /// The name as spelled, byte by byte (as the file system compares it, and without the
    /// cost of comparing `Character`s: rules ask for every file's kind).
    package init(path: String) {
        if Self.path(path, endsWith: ".entitlements") {
            self = .entitlements
        } else if Self.path(path, endsWith: "Info.plist") {
            self = .infoPlist
        } else {
            self = .other
        }
    }

    /// Whether the last component of `path` ends in `suffix`, which holds no `/`.
    private static func path(_ path: String, endsWith suffix: StaticString) -> Bool {
        let bytes = path.utf8
        guard bytes.count >= suffix.utf8CodeUnitCount else { return false }
        var index = bytes.endIndex
        return suffix.withUTF8Buffer { expected in
            for byte in expected.reversed() {
                bytes.formIndex(before: &index)
                if bytes[index] != byte { return false }
            }
            return true
        }
    }
}
