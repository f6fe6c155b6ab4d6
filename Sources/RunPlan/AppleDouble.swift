/// AppleDouble files: `._Info.plist` beside `Info.plist`, the resource fork and extended
/// attributes macOS writes on volumes that cannot hold them (exFAT, SMB) and tar keeps. Never
/// a plist or an entitlements file: walks do not lint them, folders do not pair with them.
package enum AppleDouble {
    package static func isSidecar(_ name: String) -> Bool { name.hasPrefix("._") }
}
