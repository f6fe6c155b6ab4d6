import Foundation
import TestSupport
import Testing

@testable import LanguageServer

/// A change to an open entitlements file re-lints the Info.plists paired with it that are not
/// open (their saved text against its unsaved one), found through the run's pairing.
@Suite struct PairedDocumentTests {
    typealias Client = ServerTests.Client

    static func codes(_ client: Client, _ uri: String) -> [String?]? {
        ConfigurationDocumentTests.published(client, uri)?.map { $0["code"] as? String }
    }

    @Test func anEntitlementsChangeRelintsItsInfoPlistsThatAreNotOpen() throws {
        let folder = try TestScratch.folder("lsp-paired")
        let info = FixTexts.upperCaseRegion.replacingOccurrences(of: "NL", with: "nl")
        // The folder's Info.plist pairs with its only entitlements file; `entitlements:` maps
        // another folder's to it too; a plist that is no Info.plist does not pair.
        let other = folder.appendingPathComponent("Other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        for file in [
            folder.appendingPathComponent("Info.plist"), other.appendingPathComponent("Info.plist"),
            folder.appendingPathComponent("Settings.plist"),
        ] {
            try Data(info.utf8).write(to: file)
        }
        try Data(FixTexts.grantedEntitlements.utf8).write(to: folder.appendingPathComponent("App.entitlements"))
        try Data("entitlements:\n  Other/Info.plist: App.entitlements\n".utf8).write(
            to: folder.appendingPathComponent(".eplint.yml"))
        let client = Client()
        client.initialize(root: folder)
        let entitlements = folder.appendingPathComponent("App.entitlements")
        let infoURI = FileURI.uri(of: folder.appendingPathComponent("Info.plist").path)
        let otherURI = FileURI.uri(of: other.appendingPathComponent("Info.plist").path)
        let settingsURI = FileURI.uri(of: folder.appendingPathComponent("Settings.plist").path)
        client.send([
            "method": "textDocument/didOpen",
            "params": [
                "textDocument": [
                    "uri": entitlements.absoluteString, "languageId": "xml", "version": 1,
                    "text": FixTexts.grantedEntitlements,
                ]
            ],
        ])
        // Opened, it is its saved text: the closed Info.plists are left alone.
        #expect(Self.codes(client, infoURI) == nil)
        ConfigurationDocumentTests.change(client, entitlements, FixTexts.grantedEntitlements, version: 2)
        #expect(Self.codes(client, infoURI) == [])
        #expect(Self.codes(client, otherURI) == [])
        ConfigurationDocumentTests.change(
            client, entitlements, FixTexts.grantedEntitlements.replacingOccurrences(of: "<true/>", with: "<false/>"),
            version: 3)
        #expect(Self.codes(client, infoURI) == ["EP401"])
        #expect(Self.codes(client, otherURI) == ["EP401"])
        #expect(Self.codes(client, settingsURI) == nil)
        // Opened, the Info.plist's diagnostics are its own; closing the entitlements file
        // clears those shown for it on the one still closed.
        client.send([
            "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": infoURI, "languageId": "xml", "version": 1, "text": info]],
        ])
        client.send([
            "method": "textDocument/didClose", "params": ["textDocument": ["uri": entitlements.absoluteString]],
        ])
        #expect(Self.codes(client, otherURI) == [])
        #expect(Self.codes(client, infoURI) == [])
        let published = client.sent.filter {
            ($0["params"] as? [String: Any])?["uri"] as? String == infoURI
        }
        // The open Info.plist got its own lint after the close, with a version.
        #expect((published.last?["params"] as? [String: Any])?["version"] as? Int == 1)
    }

    /// An Xcode target's `CODE_SIGN_ENTITLEMENTS` pairs too, across folders.
    @Test func anXcodeTargetsInfoPlistIsRelintedToo() throws {
        let folder = try TestScratch.folder("lsp-paired")
        for name in ["App.xcodeproj", "App", "Signing"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try Data(
            XcodeProjectText.pbxproj(target: [
                "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "Signing/App.entitlements",
            ]).utf8
        ).write(to: folder.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        let info = folder.appendingPathComponent("App/Info.plist")
        try Data(FixTexts.upperCaseRegion.replacingOccurrences(of: "NL", with: "nl").utf8).write(to: info)
        let entitlements = folder.appendingPathComponent("Signing/App.entitlements")
        try Data(FixTexts.grantedEntitlements.utf8).write(to: entitlements)
        let client = Client()
        client.initialize(root: folder)
        client.send([
            "method": "textDocument/didOpen",
            "params": [
                "textDocument": [
                    "uri": entitlements.absoluteString, "languageId": "xml", "version": 1,
                    "text": FixTexts.grantedEntitlements,
                ]
            ],
        ])
        ConfigurationDocumentTests.change(
            client, entitlements, FixTexts.grantedEntitlements.replacingOccurrences(of: "<true/>", with: "<false/>"),
            version: 2)
        #expect(Self.codes(client, FileURI.uri(of: info.path))?.contains("EP401") == true)
    }
}
