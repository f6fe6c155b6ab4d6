/// An Info.plist each of whose findings is dropped by another stage, once `.eplint.yml` holds
/// `configuration` and a baseline records the rest: EP101 (NL) suppressed inline, EP201
/// (http) disabled and EP203 (query) ignored by the configuration, EP104 (the repeated 'fr')
/// accepted by the baseline. The in-process and end-to-end FindingsPipelineTests share it.
package enum DroppedFindingsText {
    package static let info =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            + """
            \t<key>SKExternalPurchase</key>
            \t<array>
            \t\t<!-- eplint:disable-next EP101 -->
            \t\t<string>NL</string>
            \t\t<string>fr</string>
            \t\t<string>fr</string>
            \t</array>
            \t<key>SKExternalPurchaseLink</key>
            \t<dict>
            \t\t<key>de</key>
            \t\t<string>http://example.com/de</string>
            \t\t<key>it</key>
            \t\t<string>https://example.com/it?a=1</string>
            \t</dict>

            """ + "</dict>\n</plist>\n"
    package static let configuration = "disable: [EP201]\nignore:\n  - path: App/Info.plist\n    rule: EP203\n"
}
