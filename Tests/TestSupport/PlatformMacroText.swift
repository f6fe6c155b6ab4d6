/// An Info.plist whose regions depend on `#if TARGET_OS_*`: the simulator's branch has an
/// upper-case region (EP101), the device's none, any other platform's another. The in-process
/// and end-to-end PlatformMacroTests share it.
package enum PlatformMacroText {
    package static let infoPlist =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>SKExternalPurchase</key>\n#if TARGET_OS_SIMULATOR\n\t<array><string>NL</string></array>\n#elif TARGET_OS_IOS\n\t<array><string>nl</string></array>\n#else\n\t<array><string>FR</string></array>\n#endif\n</dict>\n</plist>\n"
    /// The simulator branch's finding, as gcc prints it for `App/Info.plist`.
    package static let simulatorFinding = "App/Info.plist:6:9: error: region 'NL' must be lowercase: 'nl' [EP101]"
}
