import Foundation
import Testing

/// A temporary app project, linted by the built binary as a user would.
struct Project {
    let root: URL

    init() throws { root = try Eplint.temporaryDirectory() }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func run(_ arguments: [String], in folder: String = "") throws -> EplintRun {
        try Eplint.run(arguments, in: folder.isEmpty ? root : root.appendingPathComponent(folder))
    }
}

private func plist(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n"
}

private func entitlements(_ pairs: [(String, String)]) -> String {
    plist(pairs.map { "\t<key>com.apple.developer.storekit.\($0.0)</key>\n\t\($0.1)" }.joined(separator: "\n"))
}

private let linkPlist = plist(
    "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>https://x.com/nl?a=1</string>\n\t</dict>"
)

@Suite struct ProjectTests {
    @Test func configurationInAParentFolderExplicitFilesAndWalks() throws {
        let project = try Project()
        try project.write(".eplint.yml", "severity: {EP203: warning}\nexclude: [\"Fixtures/**\"]\n")
        try project.write("App/Info.plist", linkPlist)
        try project.write("Fixtures/Info.plist", linkPlist)
        let named = try project.run(["Info.plist", "../Fixtures/Info.plist"], in: "App")
        #expect(
            named.standardOutput
                == "Info.plist:7:3: warning: link 'https://x.com/nl?a=1' has a query ('?a=1'); destination URLs must not have query parameters [EP203]\n"
        )
        #expect(named.status == 0)
        let walked = try project.run(["."])
        #expect(walked.standardOutput.split(separator: "\n").map { $0.prefix(16) } == ["./App/Info.plist"])
        let strict = try project.run(["--strict", "."])
        #expect(strict.status == 1)
    }

    @Test func configurationMistakesFailTheRun() throws {
        let project = try Project()
        try project.write("App/Info.plist", linkPlist)
        try project.write(".eplint.yml", "disable: [EP203]\nseverity:\n  EP999: error\n")
        let run = try project.run(["Info.plist"], in: "App")
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "error: eplint: ../.eplint.yml:3: severity: unknown rule 'EP999'; 'eplint rules' lists them\n")
        try project.write(".eplint.yml", "disable: [EP203]\n")
        #expect(try project.run(["Info.plist"], in: "App").standardOutput == "")
        #expect(try project.run(["--config", "missing.yml", "App"]).status == 2)
    }

    @Test func ignoreEntriesSuppressByPathRuleAndKeyPath() throws {
        let project = try Project()
        try project.write(
            ".eplint.yml",
            "ignore:\n  - {path: \"App/Info.plist\", rule: EP203, keyPath: \"SKExternalPurchaseLink.nl\"}\n")
        try project.write("App/Info.plist", linkPlist)
        try project.write("Other/Info.plist", linkPlist)
        let run = try project.run(["App", "Other"])
        #expect(run.standardOutput.split(separator: "\n").map { String($0.prefix(17)) } == ["Other/Info.plist:"])
    }

    @Test func baselineSurvivesALineShiftAndReportsNewFindings() throws {
        let project = try Project()
        try project.write("App/Info.plist", linkPlist)
        let recorded = try project.run(["--write-baseline", "eplint-baseline.json", "App"])
        #expect(recorded.status == 1, "findings are still reported while recording")
        let baseline = try project.read("eplint-baseline.json")
        #expect(
            baseline.contains("\"file\": \"App/Info.plist\"")
                && baseline.contains("\"keyPath\": \"SKExternalPurchaseLink.nl\"") && !baseline.contains("line"))

        try project.write(
            "App/Info.plist",
            linkPlist.replacingOccurrences(
                of: "<dict>\n", with: "<dict>\n\t<key>CFBundleName</key>\n\t<string>App</string>\n\n", options: [],
                range: linkPlist.range(of: "<dict>\n")))
        let shifted = try project.run(["--baseline", "eplint-baseline.json", "App"])
        #expect(shifted.standardOutput == "" && shifted.status == 0)

        try project.write("App/Info.plist", linkPlist.replacingOccurrences(of: "<key>nl</key>", with: "<key>fr</key>"))
        let changed = try project.run(["--baseline", "eplint-baseline.json", "--verbose", "App"])
        #expect(changed.standardOutput.contains("[EP203]") && changed.status == 1)
        #expect(
            changed.standardError.contains(
                "baseline entry no longer found: App/Info.plist EP203 SKExternalPurchaseLink.nl"))
        #expect(try project.run(["--baseline", "nope.json", "App"]).status == 2)
    }

    @Test func xcconfigSettingsResolveBuildSettingReferences() throws {
        let project = try Project()
        try project.write(
            "Config/Release.xcconfig", "// Store\nHOST = shop.example.com\nSTORE_URL = http:/$()/$(HOST)/buy\n")
        try project.write(".eplint.yml", "xcconfig: [\"Config/Release.xcconfig\"]\n")
        try project.write(
            "App/Info.plist",
            plist(
                "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>$(STORE_URL)</string>\n\t</dict>"
            ))
        let run = try project.run(["App/Info.plist"])
        #expect(
            run.standardOutput
                == "App/Info.plist:7:3: error: link 'http://shop.example.com/buy' (from '$(STORE_URL)'; STORE_URL from Config/Release.xcconfig:3) uses 'http'; destination URLs must use https [EP201]\n"
        )
        let overridden = try project.run(["--define", "STORE_URL=https://x.com/", "App/Info.plist"])
        #expect(overridden.standardOutput == "")
    }

    @Test func anUpdatedRegionsFileIsUsedWithoutRebuilding() throws {
        let project = try Project()
        try project.write(
            "App/Info.plist", plist("\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>jp</string>\n\t</array>"))
        #expect(
            try project.run(["App"]).standardOutput.contains(
                "region 'jp' is not allowed in SKExternalPurchase; Japan and Brazil use the entitlement"))
        let builtIn = try project.run(["regions"]).standardOutput
        let updated = builtIn.replacingOccurrences(
            of: "<key>SKExternalPurchase</key>\n\t\t<array>\n",
            with: "<key>SKExternalPurchase</key>\n\t\t<array>\n\t\t\t<string>jp</string>\n")
        #expect(updated != builtIn)
        try project.write("regions.plist", updated)
        #expect(try project.run(["--regions", "regions.plist", "App"]).standardOutput == "")
        try project.write(".eplint.yml", "regions: regions.plist\n")
        #expect(try project.run(["Info.plist"], in: "App").standardOutput == "")
        try project.write("broken.plist", "<plist><dict><key>FormatVersion</key><integer>1</integer></dict></plist>")
        let broken = try project.run(["--regions", "broken.plist", "App"])
        #expect(
            broken.status == 2
                && broken.standardError
                    == "error: eplint: invalid regions file 'broken.plist': missing key ISO3166Alpha2\n"
        )
    }

    @Test func entitlementsPairing() throws {
        let project = try Project()
        try project.write("App/Info.plist", linkPlist)
        try project.write("App/App.entitlements", entitlements([("external-purchase", "<true/>")]))
        let auto = try project.run(["--verbose", "App/Info.plist"])
        #expect(
            auto.standardOutput.contains(
                "App/Info.plist:4:2: error: SKExternalPurchaseLink needs the entitlement com.apple.developer.storekit.external-purchase-link set to <true/> in App/App.entitlements [EP401]"
            ))
        #expect(
            auto.standardOutput.hasSuffix(
                "App/App.entitlements:4:2: warning: com.apple.developer.storekit.external-purchase is granted but App/Info.plist uses none of its keys (SKExternalPurchase) [EP402]\n"
            ))
        #expect(
            auto.standardError.contains(
                "App/Info.plist pairs with App/App.entitlements (the only *.entitlements file in its folder)"))

        // Two candidates: no automatic pairing, and --verbose says why.
        try project.write("App/Debug.entitlements", entitlements([("external-purchase-link", "<true/>")]))
        let ambiguous = try project.run(["--verbose", "App/Info.plist"])
        #expect(
            !ambiguous.standardOutput.contains("EP401")
                && ambiguous.standardError.contains("2 *.entitlements files in its folder"))
        #expect(
            try project.run(["--entitlements", "App/Debug.entitlements", "App/Info.plist"]).standardOutput.contains(
                "EP401") == false)
        try project.write(".eplint.yml", "entitlements: {\"App/Info.plist\": \"App/App.entitlements\"}\n")
        #expect(try project.run(["App/Info.plist"]).standardOutput.contains("[EP401]"))

        // A non-boolean entitlement: EP403 only; a malformed file: its own EP001 only.
        try project.write("App/App.entitlements", entitlements([("external-purchase-link", "<string>YES</string>")]))
        let notBoolean = try project.run(["App/Info.plist"])
        #expect(
            notBoolean.standardOutput.contains(
                "App/App.entitlements:5:2: error: com.apple.developer.storekit.external-purchase-link must be <true/> or <false/>, found string [EP403]"
            ))
        #expect(!notBoolean.standardOutput.contains("EP401"))
        try project.write("App/App.entitlements", "<plist><dict><key>a</key></plist>")
        let malformed = try project.run(["App/Info.plist", "App/App.entitlements"])
        #expect(malformed.standardOutput.components(separatedBy: "[EP001]").count == 2, "reported once")
        #expect(!malformed.standardOutput.contains("EP401"))
    }

    @Test func streamingEntitlementAllowsFiveLinks() throws {
        let project = try Project()
        let urls = (1...5).map { "\t\t\t<string>https://x.com/\($0)</string>" }.joined(separator: "\n")
        try project.write(
            "App/Info.plist",
            plist(
                "\t<key>SKExternalPurchaseMultiLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<array>\n\(urls)\n\t\t</array>\n\t</dict>"
            ))
        try project.write(
            "App/App.entitlements",
            entitlements([("external-purchase-link", "<true/>"), ("external-purchase-link-streaming", "<true/>")]))
        let run = try project.run(["App"])
        #expect(!run.standardOutput.contains("EP301"))
        #expect(
            run.standardOutput.contains("[EP402]"),
            "streaming is granted but SKExternalPurchaseLinkStreamingRegions is not used")
        let forced = try project.run(["--music-streaming", "false", "App"])
        #expect(forced.standardOutput.contains("the maximum is 1 because --music-streaming false was given [EP301]"))
    }

    @Test func deploymentTargets() throws {
        let project = try Project()
        let multiLink =
            "\t<key>SKExternalPurchaseMultiLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<array><string>https://x.com/</string></array>\n\t</dict>"
        try project.write(
            "App/Info.plist", plist("\t<key>MinimumOSVersion</key>\n\t<string>16.4</string>\n" + multiLink))
        #expect(
            try project.run(["App"]).standardOutput.contains(
                "App/Info.plist:6:2: warning: SKExternalPurchaseMultiLink needs iOS 17.5 but the deployment target is iOS 16.4 (MinimumOSVersion)"
            ))
        #expect(try project.run(["--deployment-target", "ios=17.5", "App"]).standardOutput == "")
        let both = try project.run(["--deployment-target", "iOS=17.5", "--deployment-target", "macOS=14.4", "App"])
        #expect(
            both.standardOutput.contains(
                "needs macOS 14.5 but the deployment target is macOS 14.4 (--deployment-target)"))
        let unknown = try project.run(["--deployment-target", "android=14", "App"])
        #expect(unknown.status == 2 && unknown.standardError.hasPrefix("error: eplint: unknown platform 'android'"))
        try project.write(".eplint.yml", "deployment-target: {tvOS: \"18.0\"}\n")
        #expect(try project.run(["App"]).standardOutput == "")
        try project.write(".eplint.yml", "deployment-target: {tvOS: \"eighteen\"}\n")
        #expect(try project.run(["App"]).standardError.hasPrefix("error: eplint: .eplint.yml:1: deployment-target:"))

        try project.write(".eplint.yml", "")
        try project.write(
            "App/Info.plist",
            plist(
                "\t<key>LSMinimumSystemVersion</key>\n\t<string>$(MACOSX_DEPLOYMENT_TARGET)</string>\n\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>https://x.com/</string>\n\t</dict>"
            ))
        #expect(try project.run(["App"]).standardOutput == "", "an unresolved build setting means unknown")
        #expect(
            try project.run(["--define", "MACOSX_DEPLOYMENT_TARGET=15.0", "App"]).standardOutput.contains(
                "note: the deployment target (macOS 15.0) supports SKExternalPurchaseMultiLink"))
    }

    @Test func inlineSuppression() throws {
        let project = try Project()
        let text = linkPlist.replacingOccurrences(
            of: "\t<key>SKExternalPurchaseLink</key>",
            with: "\t<!-- eplint:disable-next EP203 EP201 -->\n\t<key>SKExternalPurchaseLink</key>"
        )
        .replacingOccurrences(of: "</dict>\n</plist>", with: "<!-- eplint:disable EP104, EP9 --></dict>\n</plist>")
        try project.write("App/Info.plist", text)
        let run = try project.run(["App/Info.plist"])
        #expect(
            run.standardOutput == """
                App/Info.plist:4:2: warning: eplint suppression of EP201 suppresses nothing; remove it [EP008]
                App/Info.plist:10:1: warning: eplint suppression of EP104 suppresses nothing; remove it [EP008]
                App/Info.plist:10:1: warning: unknown rule 'EP9' in eplint:disable [EP009]

                """)
        #expect(run.status == 0)
    }
}
