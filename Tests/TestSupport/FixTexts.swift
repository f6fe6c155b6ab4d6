import Foundation

/// An Info.plist with findings of every kind `--fix` meets (safe, unsafe, refused), and the
/// texts the fixes make of it: the in-process and end-to-end fix tests share them. And the
/// small documents several test targets lint, each written here once.
package enum FixTexts {
    package static let broken = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<!-- regions -->
        \t<key>SKExternalPurchase</key>
        \t<array>
        \t\t<string>NL</string> <string>FR</string>
        \t\t<string>nl</string>
        \t\t<string>IT</string>
        \t</array>
        \t<key>SKExternalPurchaseMultilink</key>
        \t<dict>
        \t\t<key>nl</key>
        \t\t<array>
        \t\t\t<string>http://example.com/nl?from=app</string>
        \t\t\t<string>https://example.com/nl</string>
        \t\t</array>
        \t</dict>
        </dict>
        </plist>

        """
    /// `broken` with the safe fixes `--fix` applies: lowercase regions, the repeated `nl` gone.
    /// The rename is refused: it would show an http link and a query, which only unsafe fixes repair.
    package static let regionsFixed = broken.replacingOccurrences(
        of: "<string>NL</string> <string>FR</string>\n\t\t<string>nl</string>\n\t\t<string>IT</string>",
        with: "<string>nl</string> <string>fr</string>\n\t\t<string>it</string>"
    )
    /// And the key renamed.
    package static let safelyFixed = regionsFixed.replacingOccurrences(
        of: "SKExternalPurchaseMultilink", with: "SKExternalPurchaseMultiLink")
    /// And the unsafe ones: https, no query, then the repeated link gone.
    package static let unsafelyFixed =
        safelyFixed
        .replacingOccurrences(
            of:
                "\t\t\t<string>http://example.com/nl?from=app</string>\n\t\t\t<string>https://example.com/nl</string>\n",
            with: "\t\t\t<string>https://example.com/nl</string>\n")

    /// What `--fix` says of `broken`'s refused rename (on standard error; a run's notes in-process).
    package static let refusedRename =
        "eplint: not fixed: Info.plist:12:2 [EP005]: the fix would bring a new finding: "
        + "13:3: region 'nl' has 2 distinct links in total; the maximum is 1 because the app is not declared as "
        + "qualifying for EEA music streaming; if it does, pass --music-streaming true or set music-streaming: true "
        + "in .eplint.yml [EP301]\n"

    /// An Info.plist with one finding, an upper-case region (EP101) at 6:3 whose safe fix
    /// lowercases it: the language server's and the read-once tests' document.
    package static let upperCaseRegion = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>SKExternalPurchase</key>
        \t<array>
        \t\t<string>NL</string>
        \t</array>
        </dict>
        </plist>

        """

    /// An entitlements file granting the external-purchase entitlement, and nothing else.
    package static let grantedEntitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>com.apple.developer.storekit.external-purchase</key>
        \t<true/>
        </dict>
        </plist>

        """

    /// A pair whose entries are each in the other file (EP404, EP405), and the pair moved.
    package enum Move {
        /// An entitlement in the Info.plist (tabs) and an Info.plist key in the entitlements file
        /// (four spaces): each goes to the other, indented as the file it lands in.
        package static let infoPlist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>SKExternalPurchaseLink</key>
            \t<dict>
            \t\t<key>nl</key>
            \t\t<string>https://example.com/nl</string>
            \t</dict>
            \t<key>com.apple.developer.storekit.external-purchase-link</key>
            \t<true/>
            </dict>
            </plist>

            """
        package static let entitlements = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>com.apple.developer.storekit.external-purchase</key>
                <true/>
                <key>SKExternalPurchase</key>
                <array>
                    <string>nl</string>
                </array>
            </dict>
            </plist>

            """
        package static let movedInfoPlist = infoPlist.replacingOccurrences(
            of: "\t<key>com.apple.developer.storekit.external-purchase-link</key>\n\t<true/>\n",
            with: "\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>nl</string>\n\t</array>\n")
        package static let movedEntitlements = entitlements.replacingOccurrences(
            of: "    <key>SKExternalPurchase</key>\n    <array>\n        <string>nl</string>\n    </array>\n",
            with: "    <key>com.apple.developer.storekit.external-purchase-link</key>\n    <true/>\n")
    }
}
