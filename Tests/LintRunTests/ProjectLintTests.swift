import Foundation
import LintRun
import Testing

/// A project's files linted in-process: ignore entries, xcconfig settings, entitlements
/// pairing, streaming links, deployment targets and inline suppressions (the end-to-end
/// ProjectTests keep the working directory, configuration mistakes and written baselines).
@Suite struct ProjectLintTests {
    static func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n"
    }

    static func entitlements(_ pairs: [(String, String)]) -> String {
        plist(pairs.map { "\t<key>com.apple.developer.storekit.\($0.0)</key>\n\t\($0.1)" }.joined(separator: "\n"))
    }

    static let linkPlist = plist(
        "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>https://x.com/nl?a=1</string>\n\t</dict>"
    )

    static func write(_ path: String, _ text: String, in folder: URL) throws {
        try text.write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    @Test func ignoreEntriesSuppressByPathRuleAndKeyPath() throws {
        let folder = try FixRunTests.folder(with: [
            ".eplint.yml":
                "ignore:\n  - {path: \"App/Info.plist\", rule: EP203, keyPath: \"SKExternalPurchaseLink.nl\"}\n",
            "App/Info.plist": Self.linkPlist, "Other/Info.plist": Self.linkPlist,
        ])
        let run = try FolderRun(["App", "Other"], in: folder)
        #expect(run.gcc.split(separator: "\n").map { String($0.prefix(17)) } == ["Other/Info.plist:"], "\(run.gcc)")
    }

    @Test func xcconfigSettingsResolveBuildSettingReferences() throws {
        let folder = try FixRunTests.folder(with: [
            "Config/Release.xcconfig": "// Store\nHOST = shop.example.com\nSTORE_URL = http:/$()/$(HOST)/buy\n",
            ".eplint.yml": "xcconfig: [\"Config/Release.xcconfig\"]\n",
            "App/Info.plist": Self.plist(
                "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>$(STORE_URL)</string>\n\t</dict>"
            ),
        ])
        let run = try FolderRun(["App/Info.plist"], in: folder)
        #expect(
            run.gcc
                == "App/Info.plist:7:3: error: link '$(STORE_URL)' (STORE_URL set in Config/Release.xcconfig:3) uses part of $(STORE_URL); destination URLs must use https [EP201]\n",
            "\(run.gcc)")
        let overridden = try FolderRun(["App/Info.plist"], in: folder) {
            $0.plan.definitions = ["STORE_URL=https://x.com/"]
        }
        #expect(overridden.gcc == "")
    }

    @Test func entitlementsPairing() throws {
        let folder = try FixRunTests.folder(with: [
            "App/Info.plist": Self.linkPlist,
            "App/App.entitlements": Self.entitlements([("external-purchase", "<true/>")]),
        ])
        let auto = try FolderRun(["App/Info.plist"], in: folder) { $0.plan.verbose = true }
        #expect(
            auto.gcc.contains(
                "App/Info.plist:4:2: error: SKExternalPurchaseLink needs the entitlement com.apple.developer.storekit.external-purchase-link set to <true/> in App/App.entitlements [EP401]"
            ), "\(auto.gcc)")
        #expect(
            auto.gcc.hasSuffix(
                "App/App.entitlements:4:2: warning: com.apple.developer.storekit.external-purchase is granted but App/Info.plist uses none of its keys (SKExternalPurchase) [EP402]\n"
            ))
        #expect(
            auto.notes.contains(
                "App/Info.plist pairs with App/App.entitlements (the only *.entitlements file in its folder)"),
            "\(auto.notes)")

        // Two candidates: no automatic pairing, and --verbose says why.
        try Self.write(
            "App/Debug.entitlements", Self.entitlements([("external-purchase-link", "<true/>")]), in: folder)
        let ambiguous = try FolderRun(["App/Info.plist"], in: folder) { $0.plan.verbose = true }
        #expect(!ambiguous.gcc.contains("EP401") && ambiguous.notes.contains("2 *.entitlements files in its folder"))
        let given = try FolderRun(["App/Info.plist"], in: folder) {
            $0.plan.entitlements = folder.appendingPathComponent("App/Debug.entitlements").path
        }
        #expect(!given.gcc.contains("EP401"), "\(given.gcc)")
        // A non-boolean entitlement: EP403 only; a malformed file: its own EP001 only.
        try Self.write(
            "App/App.entitlements", Self.entitlements([("external-purchase-link", "<string>YES</string>")]),
            in: folder)
        // (Paired as given: `entitlements:` in .eplint.yml is read from the process's working
        // directory, so the end-to-end ProjectTests check it.)
        let paired = folder.appendingPathComponent("App/App.entitlements").path
        let notBoolean = try FolderRun(["App/Info.plist"], in: folder) { $0.plan.entitlements = paired }
        #expect(
            notBoolean.gcc.contains(
                "App/App.entitlements:5:2: error: com.apple.developer.storekit.external-purchase-link must be <true/> or <false/>, found string [EP403]"
            ), "\(notBoolean.gcc)")
        #expect(!notBoolean.gcc.contains("EP401"))
        try Self.write("App/App.entitlements", "<plist><dict><key>a</key></plist>", in: folder)
        let malformed = try FolderRun(["App/Info.plist", "App/App.entitlements"], in: folder) {
            $0.plan.entitlements = paired
        }
        #expect(malformed.gcc.components(separatedBy: "[EP001]").count == 2, "reported once")
        #expect(!malformed.gcc.contains("EP401"))
    }

    @Test func streamingEntitlementAllowsFiveLinks() throws {
        let urls = (1...5).map { "\t\t\t<string>https://x.com/\($0)</string>" }.joined(separator: "\n")
        let folder = try FixRunTests.folder(with: [
            "App/Info.plist": Self.plist(
                "\t<key>SKExternalPurchaseMultiLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<array>\n\(urls)\n\t\t</array>\n\t</dict>"
            ),
            "App/App.entitlements": Self.entitlements([
                ("external-purchase-link", "<true/>"), ("external-purchase-link-streaming", "<true/>"),
            ]),
        ])
        let run = try FolderRun(["App"], in: folder)
        #expect(!run.gcc.contains("EP301"))
        #expect(
            run.gcc.contains("[EP402]"), "streaming is granted but SKExternalPurchaseLinkStreamingRegions is not used")
        let forced = try FolderRun(["App"], in: folder) { $0.plan.musicStreaming = "false" }
        #expect(
            forced.gcc.contains("the maximum is 1 because --music-streaming false was given [EP301]"), "\(forced.gcc)")
    }

    @Test func deploymentTargets() throws {
        let multiLink =
            "\t<key>SKExternalPurchaseMultiLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<array><string>https://x.com/</string></array>\n\t</dict>"
        let folder = try FixRunTests.folder(with: [
            "App/Info.plist": Self.plist("\t<key>MinimumOSVersion</key>\n\t<string>16.4</string>\n" + multiLink)
        ])
        #expect(
            try FolderRun(["App"], in: folder).gcc.contains(
                "App/Info.plist:6:2: warning: SKExternalPurchaseMultiLink needs iOS 17.5 but the deployment target is iOS 16.4 (MinimumOSVersion)"
            ))
        #expect(try FolderRun(["App"], in: folder) { $0.plan.deploymentTargets = ["ios=17.5"] }.gcc == "")
        let both = try FolderRun(["App"], in: folder) { $0.plan.deploymentTargets = ["iOS=17.5", "macOS=14.4"] }
        #expect(
            both.gcc.contains("needs macOS 14.5 but the deployment target is macOS 14.4 (--deployment-target)"),
            "\(both.gcc)")
        try Self.write(".eplint.yml", "deployment-target: {tvOS: \"18.0\"}\n", in: folder)
        #expect(try FolderRun(["App"], in: folder).gcc == "")
        try Self.write(".eplint.yml", "deployment-target: {tvOS: \"eighteen\"}\n", in: folder)
        let mistake = #expect(throws: RunFailure.self) { try FolderRun(["App"], in: folder) }
        #expect(
            mistake?.message.contains(".eplint.yml:1: deployment-target:") == true, "\(String(describing: mistake))")

        try Self.write(".eplint.yml", "", in: folder)
        try Self.write(
            "App/Info.plist",
            Self.plist(
                "\t<key>LSMinimumSystemVersion</key>\n\t<string>$(MACOSX_DEPLOYMENT_TARGET)</string>\n\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>https://x.com/</string>\n\t</dict>"
            ), in: folder)
        #expect(try FolderRun(["App"], in: folder).gcc == "", "an unresolved build setting means unknown")
        #expect(
            try FolderRun(["App"], in: folder) { $0.plan.definitions = ["MACOSX_DEPLOYMENT_TARGET=15.0"] }.gcc.contains(
                "note: the deployment target (macOS 15.0) supports SKExternalPurchaseMultiLink"))
    }

    @Test func inlineSuppression() throws {
        let text = Self.linkPlist.replacingOccurrences(
            of: "\t<key>SKExternalPurchaseLink</key>",
            with: "\t<!-- eplint:disable-next EP203 EP201 -->\n\t<key>SKExternalPurchaseLink</key>"
        )
        .replacingOccurrences(of: "</dict>\n</plist>", with: "<!-- eplint:disable EP104, EP9 --></dict>\n</plist>")
        let folder = try FixRunTests.folder(with: ["App/Info.plist": text])
        let run = try FolderRun(["App/Info.plist"], in: folder)
        #expect(
            run.gcc == """
                App/Info.plist:4:2: warning: eplint suppression of EP201 suppresses nothing; remove it [EP008]
                App/Info.plist:10:1: warning: eplint suppression of EP104 suppresses nothing; remove it [EP008]
                App/Info.plist:10:1: warning: unknown rule 'EP9' in eplint:disable [EP009]

                """, "\(run.gcc)")
        #expect(run.status == .clean)
    }
}
