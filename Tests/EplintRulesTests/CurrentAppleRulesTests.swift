import EplintBase
import EplintRules
import Foundation
import LintEngine
import Testing

/// Apple's rules as of the newest documentation: retired regions (EP106), the
/// allowed-regions entitlement, misplaced keys (EP404, EP405) and the streaming key.
@Suite struct CurrentAppleRulesTests {
    static let linkOneRegion = plist(
        "<key>SKExternalPurchaseLink</key>\n<dict><key>nl</key><string>https://example.com/nl</string></dict>")

    static func entitlements(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n" + body + "\n</dict>\n</plist>\n"
    }

    static let grantsLink = "<key>com.apple.developer.storekit.external-purchase-link</key><true/>"
    static let allowedRegions = "com.apple.developer.storekit.custom-purchase-link.allowed-regions"

    @Test func usIsRetiredFromBothLinkKeysNotDisallowed() {
        let link = plist(
            "<key>SKExternalPurchaseLink</key>\n<dict><key>us</key><string>https://example.com/us</string></dict>")
        #expect(findings(link) == ["5:7 EP106"])
        let multi = plist(
            "<key>SKExternalPurchaseMultiLink</key>\n<dict><key>US</key><array><string>https://example.com/us</string></array></dict>"
        )
        #expect(findings(multi) == ["5:7 EP106"])
        // Elsewhere `us` is as it was: not allowed in SKExternalPurchase.
        #expect(findings(plist("<key>SKExternalPurchase</key>\n<array><string>us</string></array>")) == ["5:8 EP103"])
        #expect(lint(link).first?.contains("since 2025-05-01") == true)
    }

    @Test func retiredRegionsAreData() throws {
        let data = try RegionData(plist: Array(RegionData.builtInPlist.utf8))
        #expect(data.retiredRegions[.link]?.map(\.region) == ["us"])
        #expect(data.retiredRegions[.multiLink]?.map(\.region) == ["us"])
        #expect(data.retiredRegions[.externalPurchase]?.isEmpty == true)
        #expect(data.status(of: "us", for: .link) == .retired(data.retiredRegions[.link]![0]))
        // A file without the optional key reads as before: nothing retired.
        let withoutRetired = RegionData.builtInPlist.replacingOccurrences(
            of: "<key>RetiredRegions</key>", with: "<key>Unused</key>")
        #expect(try RegionData(plist: Array(withoutRetired.utf8)).status(of: "us", for: .link) == .notAllowed)
        #expect(
            RegionData.builtInPlist.contains("<key>AsOf</key>")
                && RegionData.builtInPlist.contains("<key>Sources</key>"))
    }

    /// A later change of Apple's is a data edit: retiring `nl` from SKExternalPurchase.
    @Test func retiringARegionIsADataEdit() throws {
        var text = RegionData.builtInPlist
        let allowed = try #require(text.range(of: "<key>AllowedRegions</key>"))
        let nl = try #require(text.range(of: "<string>nl</string>", range: allowed.upperBound..<text.endIndex))
        text.removeSubrange(nl)
        text = text.replacingOccurrences(
            of: "<key>RetiredRegions</key>\n\t<dict>\n",
            with: "<key>RetiredRegions</key>\n\t<dict>\n"
                + "<key>SKExternalPurchase</key><array><dict><key>Region</key><string>nl</string>"
                + "<key>Since</key><string>2030-01-01</string><key>Reason</key><string>a test</string></dict></array>\n"
        )
        let linter = Linter(
            rules: allRules, configuration: LintConfiguration(regionData: try RegionData(plist: Array(text.utf8))))
        var source = BytesSource(Array(plist("<key>SKExternalPurchase</key>\n<array><string>nl</string></array>").utf8))
        let result = try linter.lint(&source, path: "Info.plist")
        #expect(result.diagnostics.map(\.rule.rawValue) == ["EP106"])
        #expect(result.diagnostics.first?.message.contains("since 2030-01-01: a test") == true)
    }

    @Test func allowedRegionsEntitlementIsAnArrayOfRegionCodes() {
        let good = Self.entitlements(
            "\(Self.grantsLink)\n<key>\(Self.allowedRegions)</key>\n<array><string>br</string><string>jp</string></array>"
        )
        #expect(findings(Self.linkOneRegion, entitlements: good) == [])
        // Needs no Info.plist key: checked beside an Info.plist without StoreKit keys too.
        let bare = plist("<key>CFBundleName</key><string>App</string>")
        let bad = Self.entitlements(
            "<key>\(Self.allowedRegions)</key>\n<array>\n<string>BR</string>\n<string>xx</string>\n<string>br</string>\n<true/>\n</array>"
        )
        #expect(
            findings(bare, entitlements: bad) == [
                "App.entitlements:6:1 EP101", "App.entitlements:7:1 EP102", "App.entitlements:8:1 EP104",
                "App.entitlements:9:1 EP004",
            ])
        let notArray = Self.entitlements("<key>\(Self.allowedRegions)</key>\n<string>br</string>")
        #expect(findings(bare, entitlements: notArray) == ["App.entitlements:5:1 EP004"])
        // Never EP402/EP403 for it, and no EP103: Apple publishes no list of its regions.
        let unusual = Self.entitlements(
            "<key>\(Self.allowedRegions)</key>\n<array><string>us</string><string>kr</string></array>")
        #expect(findings(bare, entitlements: unusual) == [])
    }

    @Test func entitlementKeysInAnInfoPlist() {
        let misplaced = plist(
            "<key>CFBundleName</key><string>App</string>\n<key>\(Self.allowedRegions)</key>\n<array><string>br</string></array>"
        )
        #expect(findings(misplaced) == ["5:1 EP404"])
        #expect(lint(misplaced, path: "App/Info.plist").count == 1)
        // Not an Info.plist and no StoreKit keys: not looked at.
        #expect(lint(misplaced, path: "Settings.plist") == [])
        #expect(lint(misplaced, path: "App.entitlements") == [])
        // Other keys that merely start alike are left alone.
        #expect(findings(plist("<key>com.apple.developer.storekitty</key><true/>")) == [])
    }

    @Test func infoPlistKeysInTheEntitlementsFile() {
        let misplaced = Self.entitlements(
            "\(Self.grantsLink)\n<key>SKExternalPurchaseLink</key>\n<dict><key>nl</key><string>https://example.com/nl</string></dict>"
        )
        #expect(findings(Self.linkOneRegion, entitlements: misplaced) == ["App.entitlements:5:1 EP405"])
        let near = Self.entitlements("\(Self.grantsLink)\n<key>SKExternalPurchaseLinks</key><true/>")
        #expect(findings(Self.linkOneRegion, entitlements: near) == [])
    }

    @Test func streamingRegionsKeyDeclaresMusicStreaming() {
        let links =
            "<key>SKExternalPurchaseMultiLink</key>\n<dict><key>fr</key><array><string>https://example.com/1</string><string>https://example.com/2</string></array></dict>"
        let streaming = "<key>SKExternalPurchaseLinkStreamingRegions</key>\n<array><string>fr</string></array>"
        #expect(findings(plist(links)).contains("5:7 EP301"))
        #expect(!findings(plist(links + "\n" + streaming)).contains("5:7 EP301"))
        #expect(findings(plist(links + "\n" + streaming), musicStreaming: false).contains("5:7 EP301"))
    }

    /// A paired entitlements file decides over the streaming key; the key declares music
    /// streaming only when no entitlements file is known; a flag overrides both. The message
    /// names the source that decided.
    /// Issue 47: three links for `no` with only external-purchase-link. Apple gives five links to
    /// apps that qualify for that (Boolean) entitlement as music-streaming apps; nothing in the
    /// files tells, so the finding says how to tell eplint, and --music-streaming true allows them.
    @Test func musicStreamingAppWithTheLinkEntitlementOnly() {
        let info = plist(
            "<key>SKExternalPurchaseMultiLink</key>\n<dict><key>no</key><array><string>https://example.com/1</string><string>https://example.com/2</string><string>https://example.com/3</string></array></dict>"
        )
        let linkOnly = Self.entitlements(Self.grantsLink)
        let found = lint(info, entitlements: linkOnly)
        #expect(
            found.count == 1 && found[0].contains("[EP301]") && found[0].contains("--music-streaming true"), "\(found)")
        #expect(findings(info, musicStreaming: true, entitlements: linkOnly) == [])
    }

    @Test func pairedEntitlementsDecideTheLinkMaximum() {
        let links =
            "<key>SKExternalPurchaseMultiLink</key>\n<dict><key>fr</key><array><string>https://example.com/1</string><string>https://example.com/2</string></array></dict>"
        let streaming = "<key>SKExternalPurchaseLinkStreamingRegions</key>\n<array><string>fr</string></array>"
        let withoutStreaming = Self.entitlements(Self.grantsLink)
        let withStreaming = Self.entitlements(
            Self.grantsLink + "<key>com.apple.developer.storekit.external-purchase-link-streaming</key><true/>")
        let falseStreaming = Self.entitlements(
            Self.grantsLink + "<key>com.apple.developer.storekit.external-purchase-link-streaming</key><false/>")
        let info = plist(links + "\n" + streaming)
        #expect(findings(info, entitlements: withoutStreaming) == ["5:7 EP301", "6:1 EP401"])
        #expect(findings(info, entitlements: falseStreaming) == ["5:7 EP301", "6:1 EP401"])
        #expect(
            lint(info, entitlements: withoutStreaming).contains {
                $0.hasSuffix(
                    "the maximum is 1 because nothing in App.entitlements tells whether the app qualifies for EEA music streaming (five links are for apps with com.apple.developer.storekit.external-purchase-link that qualify as described in Distributing music streaming apps in the EEA); if it does, pass --music-streaming true or set music-streaming: true in .eplint.yml [EP301]"
                )
            })
        #expect(findings(info, entitlements: withStreaming) == [])
        #expect(!findings(plist(links), entitlements: withStreaming).contains("5:7 EP301"))
        #expect(
            lint(plist(links), entitlements: withoutStreaming).contains {
                $0.hasSuffix(
                    "the maximum is 1 because nothing in App.entitlements tells whether the app qualifies for EEA music streaming (five links are for apps with com.apple.developer.storekit.external-purchase-link that qualify as described in Distributing music streaming apps in the EEA); if it does, pass --music-streaming true or set music-streaming: true in .eplint.yml [EP301]"
                )
            })
        #expect(findings(info) == [])
        #expect(findings(info, musicStreaming: true, entitlements: withoutStreaming) == ["6:1 EP401"])
        // EP302 names the same source; the streaming key alone names itself when it raised the maximum.
        let both =
            "<key>SKExternalPurchaseLink</key>\n<dict><key>fr</key><string>https://example.com/0</string></dict>\n"
            + links + "\n" + streaming
        #expect(
            lint(plist(both), entitlements: withoutStreaming).contains {
                $0.contains("[EP302]")
                    && $0.hasSuffix(
                        "as the maximum is 1 because nothing in App.entitlements tells whether the app qualifies for EEA music streaming (five links are for apps with com.apple.developer.storekit.external-purchase-link that qualify as described in Distributing music streaming apps in the EEA); if it does, pass --music-streaming true or set music-streaming: true in .eplint.yml [EP302]"
                    )
            })
        #expect(findings(plist(both)) == [])
        let six =
            "<key>SKExternalPurchaseMultiLink</key>\n<dict><key>fr</key><array>"
            + (1...6).map { "<string>https://example.com/\($0)</string>" }.joined() + "</array></dict>"
        #expect(
            lint(plist(six + "\n" + streaming)) == [
                "Info.plist:5:7: error: region 'fr' has 6 distinct links in total; the maximum is 5 because the app qualifies for EEA music streaming (Info.plist has SKExternalPurchaseLinkStreamingRegions and no entitlements file is paired) [EP301]"
            ])
        #expect(
            lint(plist(six), entitlements: withStreaming).first?.hasSuffix(
                "the maximum is 5 because the app qualifies for EEA music streaming (the paired entitlements file App.entitlements sets com.apple.developer.storekit.external-purchase-link-streaming) [EP301]"
            ) == true)
        #expect(findings(info, musicStreaming: false) == ["5:7 EP301"])
        #expect(
            lint(info, musicStreaming: false).first?.hasSuffix(
                "the maximum is 1 because --music-streaming false [EP301]") == true)
    }

    /// Xcode's capability editor writes the allowed-regions entitlement as `<array/>` until
    /// regions are added: a warning at the array, with or without Info.plist keys.
    @Test func emptyAllowedRegionsEntitlement() {
        let empty = Self.entitlements("<key>\(Self.allowedRegions)</key>\n<array/>")
        #expect(
            findings(plist("<key>CFBundleName</key><string>App</string>"), entitlements: empty) == [
                "App.entitlements:5:1 EP105"
            ])
        #expect(
            findings(
                plist("<key>CFBundleName</key><string>App</string>"),
                entitlements: Self.entitlements("<key>\(Self.allowedRegions)</key>\n<array><string>jp</string></array>")
            ) == [])
        // A wrong type is EP004's, not an empty configuration.
        #expect(
            findings(
                plist("<key>CFBundleName</key><string>App</string>"),
                entitlements: Self.entitlements("<key>\(Self.allowedRegions)</key>\n<dict/>")) == [
                    "App.entitlements:5:1 EP004"
                ])
    }

    /// Japan and Brazil are never Info.plist regions; EP103 says where they belong.
    @Test func japanAndBrazilPointToTheAllowedRegionsEntitlement() {
        // Brazil's tokens come with iOS 26.5, Japan's with 26.4 (issue 47: the message said 26.2 for both).
        for (key, value, region, tokens) in [
            ("SKExternalPurchase", "<array><string>JP</string></array>", "jp", "26.4"),
            (
                "SKExternalPurchaseLink", "<dict><key>br</key><string>https://example.com/br</string></dict>", "br",
                "26.5"
            ),
            ("SKExternalPurchaseCustomLinkRegions", "<array><string>br</string></array>", "br", "26.5"),
            ("SKExternalPurchaseLinkStreamingRegions", "<array><string>jp</string></array>", "jp", "26.4"),
        ] {
            let lines = lint(plist("<key>\(key)</key>\n\(value)"), musicStreaming: true)
            #expect(
                lines.count == 1 && lines[0].contains("[EP103]")
                    && lines[0].contains(
                        "; '\(region)' uses the entitlement \(Self.allowedRegions) (iOS 26.2 and later; its tokens from iOS \(tokens)) with the ExternalPurchaseCustomLink API, not Info.plist keys"
                    ), "\(key): \(lines)")
        }
        #expect(
            lint(
                plist(
                    "<key>SKExternalPurchaseLink</key>\n<dict><key>kr</key><string>https://example.com/kr</string></dict>"
                ))
                == ["Info.plist:5:7: error: region 'kr' is not allowed in SKExternalPurchaseLink [EP103]"])
    }

    /// Apple's allowed-regions page lists no regions today (issue 47): any ISO code passes. A
    /// regions file whose EntitlementRegions lists them makes EP103 apply there, in the entitlements file.
    @Test func allowedRegionsEntitlementRegionsComeFromTheData() throws {
        let entitlements = Self.entitlements(
            "<key>\(Self.allowedRegions)</key><array><string>jp</string><string>us</string></array>")
        let info = plist("<key>CFBundleIdentifier</key><string>com.example</string>")
        #expect(lint(info, entitlements: entitlements) == [])
        #expect(RegionData.builtIn.appleFacts.entitlementRegions[Self.allowedRegions] == nil)
        let listed = RegionData.builtInPlist.replacingOccurrences(
            of: "\t<key>MinimumOS</key>\n",
            with:
                "\t<key>EntitlementRegions</key><dict><key>\(Self.allowedRegions)</key><array><string>jp</string><string>br</string></array></dict>\n\t<key>MinimumOS</key>\n"
        )
        let data = try RegionData(plist: Array(listed.utf8))
        #expect(
            lint(info, entitlements: entitlements, regionData: data).map {
                $0.replacingOccurrences(
                    of: #"^App.entitlements:\d+:\d+"#, with: "App.entitlements", options: .regularExpression)
            } == [
                "App.entitlements: error: region 'us' is not allowed in \(Self.allowedRegions) [EP103]"
            ])
    }

    /// Minimum OS per key, entitlement and region against the deployment targets (issue 47):
    /// notes for older versions, a warning for a platform that never reads the key.
    @Test func minimumOSPerKeyEntitlementAndRegion() {
        let streaming = plist("<key>SKExternalPurchaseLinkStreamingRegions</key>\n<array><string>no</string></array>")
        func targets(_ pairs: (Platform, String)...) -> [DeploymentTarget] {
            pairs.map { DeploymentTarget(platform: $0.0, version: Version($0.1)!, source: "test") }
        }
        #expect(findings(streaming, deploymentTargets: targets((.tvOS, "26.0"))) == ["4:1 EP504"])
        #expect(findings(streaming, deploymentTargets: targets((.iOS, "18.0"))) == ["4:1 EP503"])
        #expect(findings(streaming, deploymentTargets: targets((.iOS, "18.2"), (.iPadOS, "18.2"))) == [])
        let custom = plist("<key>SKExternalPurchaseCustomLinkRegions</key>\n<array><string>nl</string></array>")
        #expect(findings(custom, deploymentTargets: targets((.tvOS, "18.0"), (.macOS, "15.1"))) == ["4:1 EP503"])
        #expect(findings(custom) == [])  // no deployment target known: nothing said
        let info = plist("<key>CFBundleIdentifier</key><string>com.example</string>")
        let allowed = Self.entitlements(
            "<key>\(Self.allowedRegions)</key><array><string>jp</string><string>br</string><string>nl</string></array>")
        let lines = lint(info, entitlements: allowed, deploymentTargets: targets((.iOS, "26.2"), (.tvOS, "26.0")))
        #expect(lines.count == 3, "\(lines)")
        #expect(
            lines.contains {
                $0.contains("note: \(Self.allowedRegions) is read from tvOS 26.2; the deployment target is tvOS 26.0")
            })
        #expect(
            lines.contains {
                $0.contains("note: the IN_APP and LINK_OUT tokens of 'jp' in \(Self.allowedRegions) come with iOS 26.4")
            })
        #expect(lines.contains { $0.contains("tokens of 'br' in \(Self.allowedRegions) come with iOS 26.5") })
        #expect(lint(info, entitlements: allowed, deploymentTargets: targets((.iOS, "26.5"))) == [])
    }

    /// The reader-app link (issue 47): a real news app's dictionary had `en-GB*` and no `*`.
    @Test func readerAppLink() {
        func link(_ body: String) -> String { plist("<key>SKExternalLinkAccount</key>\n<dict>\(body)</dict>") }
        let news = link("<key>en-GB*</key><string>https://news.example.com/uk</string>")
        #expect(findings(news) == ["4:1 EP802", "5:7 EP801"])
        #expect(lint(news).contains { $0.contains("key 'en-GB*' of SKExternalLinkAccount is neither") })
        let upper = link(
            "<key>*</key><string>https://example.com</string><key>GB</key><string>https://example.com/gb</string>")
        #expect(
            lint(upper).contains { $0.hasSuffix("key 'GB' of SKExternalLinkAccount must be lowercase: 'gb' [EP801]") })
        let good = link(
            "<key>*</key><string>https://example.com</string><key>jp</key><string>https://example.com/jp</string>")
        #expect(findings(good) == [])
        #expect(findings(link("<key>*</key><true/>")) == ["5:19 EP801"])
        #expect(
            findings(plist("<key>SKExternalLinkAccount</key>\n<string>https://example.com</string>")) == ["4:1 EP801"])
        // The entitlement and the key, each without the other.
        let granted = Self.entitlements("<key>com.apple.developer.storekit.external-link.account</key><true/>")
        #expect(findings(good, entitlements: granted) == [])
        #expect(findings(good, entitlements: Self.entitlements("")) == ["4:1 EP803"])
        #expect(
            lint(plist("<key>CFBundleIdentifier</key><string>x</string>"), entitlements: granted).map {
                $0.replacingOccurrences(of: #":\d+:\d+:"#, with: ":", options: .regularExpression)
            } == [
                "App.entitlements: warning: com.apple.developer.storekit.external-link.account is granted but Info.plist has no SKExternalLinkAccount [EP804]"
            ])
        // Minimum OS: iOS and iPadOS 15.4, tvOS 16.4 (a real app targets iOS 12.4 with it).
        let old = [DeploymentTarget(platform: .iOS, version: Version("12.4")!, source: "test")]
        #expect(findings(good, deploymentTargets: old) == ["4:1 EP503"])
        let mac = [DeploymentTarget(platform: .macOS, version: Version("15.0")!, source: "test")]
        #expect(findings(good, deploymentTargets: mac) == ["4:1 EP504"])
    }
}
