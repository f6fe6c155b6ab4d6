import Testing

/// Fine points of the region, URL and entitlement rules (Rules/), each with a triggering and a non-triggering form.
@Suite struct SemanticsTests {
    func regions(_ key: String, _ codes: [String]) -> String {
        "\t<key>\(key)</key>\n\t<array>\n" + codes.map { "\t\t<string>\($0)</string>\n" }.joined() + "\t</array>"
    }

    func links(_ key: String, _ entries: [(String, [String])]) -> String {
        var body = "\t<key>\(key)</key>\n\t<dict>\n"
        for (region, urls) in entries {
            body += "\t\t<key>\(region)</key>\n"
            if key == "SKExternalPurchaseLink" {
                body += "\t\t<string>\(urls[0])</string>\n"
            } else {
                body += "\t\t<array>\n" + urls.map { "\t\t\t<string>\($0)</string>\n" }.joined() + "\t\t</array>\n"
            }
        }
        return body + "\t</dict>"
    }

    @Test func regionCasePrecedence() {
        let text = plist(
            regions("SKExternalPurchase", ["NL", "Nl", "US", "kr", "KR", "eu", "", " nl", "uk", "xk", "nld"]))
        #expect(
            findings(text) == [
                "6:3 EP101", "7:3 EP101", "7:3 EP104", "8:3 EP103", "10:3 EP101", "10:3 EP104", "11:3 EP102",
                "12:3 EP102", "13:3 EP102", "14:3 EP102", "15:3 EP102", "16:3 EP102",
            ])
        #expect(findings(plist(regions("SKExternalPurchase", ["nl", "kr"]))) == [])
    }

    @Test func allowedRegionsPerKey() {
        #expect(findings(plist(regions("SKExternalPurchaseCustomLinkRegions", ["is", "fr"]))) == ["6:3 EP103"])
        #expect(
            findings(plist(regions("SKExternalPurchaseLinkStreamingRegions", ["is", "no", "ru"]))) == ["8:3 EP103"])
        #expect(
            findings(
                plist(
                    links(
                        "SKExternalPurchaseLink",
                        [("us", ["https://a.com"]), ("kr", ["https://a.com"]), ("JP", ["https://a.com"])])))
                == ["6:3 EP106", "8:3 EP103", "10:3 EP103"])
    }

    @Test func duplicateRegionsAfterLowercasingIncludingInvalid() {
        #expect(
            findings(plist(regions("SKExternalPurchase", ["nl", "NL", "eu", "eu", "it"]))) == [
                "7:3 EP101", "7:3 EP104", "8:3 EP102", "9:3 EP102", "9:3 EP104",
            ])
        #expect(findings(plist(regions("SKExternalPurchase", ["$(A)", "$(A)"]))) == ["6:3 EP006", "7:3 EP006"])
    }

    @Test func emptyAndWrongTypedValues() {
        #expect(findings(plist("\t<key>SKExternalPurchase</key>\n\t<dict/>")) == ["5:2 EP004"])
        #expect(findings(plist("\t<key>SKExternalPurchaseLink</key>\n\t<dict/>")) == ["5:2 EP105"])
        #expect(
            findings(plist("\t<key>SKExternalPurchase</key>\n\t<array><integer>1</integer><string>nl</string></array>"))
                == ["5:9 EP004"])
        #expect(findings(plist(links("SKExternalPurchaseMultiLink", [("nl", [])]))) == ["7:3 EP303"])
    }

    @Test func urlRulesAndPrecedence() {
        let urls = [
            "http://x.com/?a", "HTTPS://x.com/", "https://x.com/?", "https://x.com:/", "https://x.com:99999/",
            "https://x.com:0/",
            " https://x.com/", "https://x.com/ ", "https://x.com/a\\b", "https://x.com/%zz", "https:/x.com",
            "x.com/path",
            "javascript://x", "https://user:pw@x.com/", "https://[::1]/", "https://[fe80::1%25en0]/", "https://x.com./",
            "https://bücher.de/", "https://x.com/\u{A0}", "https://:443/", "https://x.com/#frag?x",
        ]
        var body = "\t<key>SKExternalPurchaseMultiLink</key>\n\t<dict>\n"
        for (index, url) in urls.enumerated() {
            body +=
                "\t\t<key>\(["at", "be", "bg", "hr", "cy", "cz", "dk", "ee", "fi", "fr", "de", "gr", "hu", "ie", "it", "lv", "lt", "lu", "mt", "nl", "pl"][index])</key>\n"
            body += "\t\t<array><string>\(url)</string></array>\n"
        }
        body += "\t</dict>"
        let result = findings(plist(body))
        func at(_ index: Int) -> [String] {
            let line = 7 + index * 2
            return result.filter { $0.hasPrefix("\(line):") }.map { String($0.split(separator: " ")[1]) }
        }
        #expect(at(0) == ["EP201", "EP203"])
        #expect(at(1) == [])
        #expect(at(2) == ["EP203"])
        #expect(at(3) == ["EP202"])
        #expect(at(4) == ["EP202"])
        #expect(at(5) == ["EP202"])
        #expect(at(6) == ["EP202"])
        #expect(at(7) == ["EP202"])
        #expect(at(8) == ["EP202"])
        #expect(at(9) == ["EP202"])
        #expect(at(10) == ["EP202"])
        #expect(at(11) == ["EP202"])
        #expect(at(12) == ["EP201"])
        #expect(at(13) == ["EP206"])
        #expect(at(14) == [])
        #expect(at(15) == ["EP202"])
        #expect(at(16) == [])
        #expect(at(17) == ["EP205"])
        #expect(at(18) == ["EP205"])
        #expect(at(19) == ["EP202"])
        #expect(at(20) == [])
    }

    @Test func lengthBoundary() {
        let base = "https://example.com/"
        let exactly = base + String(repeating: "a", count: 1000 - base.count)
        #expect(findings(plist(links("SKExternalPurchaseLink", [("nl", [exactly])]))) == [])
        #expect(findings(plist(links("SKExternalPurchaseLink", [("nl", [exactly + "a"])]))) == ["7:3 EP204"])
        // Scalars, not bytes: 1,000 characters of which some are two-byte is still fine for EP204.
        let accented = base + String(repeating: "é", count: 1000 - base.count)
        #expect(findings(plist(links("SKExternalPurchaseLink", [("nl", [accented])]))) == ["7:3 EP205"])
    }

    @Test func linkCountingAcrossBothKeys() {
        let same = plist(
            links("SKExternalPurchaseLink", [("nl", ["https://a.com/"])]) + "\n"
                + links("SKExternalPurchaseMultiLink", [("nl", ["https://a.com/"])]))
        #expect(findings(same) == [])
        let different = plist(
            links("SKExternalPurchaseLink", [("nl", ["https://a.com/"])]) + "\n"
                + links("SKExternalPurchaseMultiLink", [("nl", ["https://b.com/"])]))
        #expect(findings(different) == ["6:3 EP302"])
        // Qualifying music-streaming apps: five per EEA region, union across both keys.
        let five = (1...5).map { "https://a.com/\($0)" }
        let six = plist(
            links("SKExternalPurchaseLink", [("nl", ["https://a.com/6"])]) + "\n"
                + links("SKExternalPurchaseMultiLink", [("nl", five)]))
        #expect(findings(six, musicStreaming: true) == ["11:3 EP301"])
        #expect(findings(six, musicStreaming: false) == ["6:3 EP302"])
        let fiveWithOverlap = plist(
            links("SKExternalPurchaseLink", [("nl", ["https://a.com/1"])]) + "\n"
                + links("SKExternalPurchaseMultiLink", [("nl", five)]))
        #expect(findings(fiveWithOverlap, musicStreaming: true) == [])
        // ru stays at one link even for qualifying apps (us, retired from these keys, is EP106 only).
        #expect(
            findings(
                plist(links("SKExternalPurchaseMultiLink", [("ru", ["https://a.com/1", "https://a.com/2"])])),
                musicStreaming: true) == ["6:3 EP301"])
        #expect(
            findings(
                plist(links("SKExternalPurchaseMultiLink", [("us", ["https://a.com/1", "https://a.com/2"])])),
                musicStreaming: true) == ["6:3 EP106"])
    }

    @Test func caseVariantsMergeAndReportAtTheLowercaseKey() {
        let text = plist(links("SKExternalPurchaseLink", [("FR", ["https://a.com/1"]), ("fr", ["https://a.com/2"])]))
        #expect(findings(text) == ["6:3 EP101", "8:3 EP301"])
        let upperOnly = plist(
            links("SKExternalPurchaseMultiLink", [("FR", ["https://a.com/1"]), ("Fr", ["https://a.com/2"])]))
        #expect(findings(upperOnly) == ["6:3 EP101", "6:3 EP301", "10:3 EP101"])
        // Unknown and not-allowed regions are not counted.
        #expect(
            findings(plist(links("SKExternalPurchaseMultiLink", [("kr", ["https://a.com/1", "https://a.com/2"])]))) == [
                "6:3 EP103"
            ])
    }

    @Test func lastValueWinsOnRepeatedKeys() {
        let text = plist(links("SKExternalPurchaseLink", [("nl", ["http://old.com/"]), ("nl", ["https://new.com/"])]))
        #expect(findings(text) == ["8:3 EP003"])
        let topLevel = plist(regions("SKExternalPurchase", ["eu"]) + "\n" + regions("SKExternalPurchase", ["nl"]))
        #expect(findings(topLevel) == ["8:2 EP003"])
        // Without StoreKit keys, a duplicate top-level key is none of eplint's business.
        #expect(findings(plist("\t<key>A</key><true/>\n\t<key>A</key><true/>")) == [])
    }

    @Test func nearMissKeys() {
        for key in [
            "SKExternalPurchaseMultilink", "SKExternalPurchaseLinks", "skexternalpurchase", "SKExternalPurchaeLink",
        ] {
            #expect(
                findings(plist("\t<key>\(key)</key>\n\t<array><string>kr</string></array>")) == ["4:2 EP005"], "\(key)")
        }
        for key in ["SKExternalPurchaseCustomLinkRegionsX23", "CFBundleName", "SKAdNetworkItems"] {
            #expect(findings(plist("\t<key>\(key)</key>\n\t<array><string>kr</string></array>")) == [], "\(key)")
        }
    }

    @Test func buildSettings() {
        let text = plist(links("SKExternalPurchaseLink", [("$(REGION)", ["${STORE}/nl"])]))
        #expect(findings(text) == ["6:3 EP006", "7:3 EP006"])
        #expect(findings(text, defines: ["REGION": "NL", "STORE": "http://x.com"]) == ["6:3 EP101", "7:3 EP201"])
        let message = lint(text, defines: ["REGION": "nl", "STORE": "http://x.com"]).first ?? ""
        #expect(message.contains("'http://x.com/nl' (from '${STORE}/nl'; STORE from --define)"))
    }

    @Test func nonDictRootOnlyForInfoPlistAndEntitlements() {
        let array = "<plist><array/></plist>"
        #expect(
            lint(array, path: "App/Info.plist") == [
                "App/Info.plist:1:8: error: the top-level element must be a dictionary (<dict>), found array [EP004]"
            ])
        #expect(lint(array, path: "App.entitlements").count == 1)
        #expect(lint(array, path: "Settings.plist") == [])
    }

    @Test func preprocessedInfoPlist() {
        let text =
            "<plist>\n<dict>\n#ifdef DEBUG\n\t<key>SKExternalPurchase</key><array><string>eu</string></array>\n#else\n"
            + "\t<key>SKExternalPurchase</key><array><string>NL</string></array>\n#endif\n</dict>\n</plist>\n"
        #expect(findings(text) == ["6:38 EP101"])
        #expect(findings(text, defines: ["DEBUG": "1"]) == ["4:38 EP102"])
        // An undefined name is 0, as in cpp; a comparison is evaluated.
        let comparison =
            "<plist>\n<dict>\n#if FOO > 2 && BAR < 1\n\t<key>SKExternalPurchase</key><array><string>nl</string></array>\n#else\n"
            + "\t<key>SKExternalPurchase</key><array><string>NL</string></array>\n#endif\n#pragma once\n</dict>\n</plist>\n"
        #expect(findings(comparison) == ["6:38 EP101"])
        #expect(findings(comparison, defines: ["FOO": "3"]) == [])
        // What eplint cannot know is a note; __has_include is taken as 0, an #include is not followed.
        let unknowable =
            "<plist>\n<dict>\n#if __has_include(<X.h>)\n\t<key>SKExternalPurchase</key><array><string>NL</string></array>\n#else\n"
            + "\t<key>SKExternalPurchase</key><array><string>nl</string></array>\n#endif\n#include \"Links.h\"\n</dict>\n</plist>\n"
        #expect(findings(unknowable) == ["3:1 EP007", "8:1 EP007"])
        #expect(
            findings(
                "<plist>\n<dict>\n#if !defined(X) || (0 || 1)\n\t<key>SKExternalPurchase</key><array><string>eu</string></array>\n#endif\n</dict>\n</plist>\n"
            ) == ["4:38 EP102"])
        // A '#' that does not start its line is text, and text between elements is malformed.
        #expect(
            findings("<plist>\n<dict>\n\t<key>SKExternalPurchase</key> #ifdef X\n</dict>\n</plist>\n") == ["3:32 EP001"]
        )
    }
}
