import Foundation
import TestSupport
import Testing

@testable import LanguageServer

/// A client that pulls diagnostics (LSP 3.17 `textDocument.diagnostic`) gets each open
/// document's findings from its pulls only: pushed too, Neovim shows both sets. What is not
/// open (an Info.plist paired with an edited entitlements file) is still pushed, and cleared
/// when it is opened, so no document is in both sets.
@Suite struct PullDiagnosticsTests {
    typealias Client = ServerTests.Client

    static var pulling: [String: Any] { ["textDocument": ["diagnostic": ["dynamicRegistration": false]]] }

    /// The publishDiagnostics notifications sent for `uri` that carried diagnostics.
    static func nonEmptyPushes(_ client: Client, _ uri: String) -> Int {
        client.sent.filter {
            let params = $0["params"] as? [String: Any]
            return ($0["method"] as? String) == "textDocument/publishDiagnostics" && params?["uri"] as? String == uri
                && (params?["diagnostics"] as? [Any])?.isEmpty == false
        }.count
    }

    static func pulled(_ client: Client, _ id: Int, _ uri: String) -> [String?] {
        let response = client.request(id, "textDocument/diagnostic", ["textDocument": ["uri": uri]])
        let items = (response?["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        return items.map { $0["code"] as? String }
    }

    @Test func aPullingClientGetsOpenDocumentsOnlyFromItsPulls() throws {
        let folder = try TestScratch.folder("lsp-pull")
        let info = folder.appendingPathComponent("Info.plist")
        try Data(FixTexts.upperCaseRegion.utf8).write(to: info)
        let client = Client()
        client.initialize(root: folder, capabilities: Self.pulling)
        #expect(client.server.pulls)
        ConfigurationDocumentTests.open(client, info, FixTexts.upperCaseRegion)
        ConfigurationDocumentTests.change(client, info, FixTexts.upperCaseRegion + "\n", version: 2)
        #expect(Self.pulled(client, 2, info.absoluteString) == ["EP101"])
        // Hover and code actions see the same findings, linted when asked.
        let actions = client.request(
            3, "textDocument/codeAction",
            [
                "textDocument": ["uri": info.absoluteString],
                "range": ["start": ["line": 5, "character": 0], "end": ["line": 5, "character": 40]],
            ])
        #expect((actions?["result"] as? [Any])?.isEmpty == false)
        #expect(Self.nonEmptyPushes(client, info.absoluteString) == 0)
    }

    /// The same session without the capability is pushed to, as before.
    @Test func aClientThatDoesNotPullIsPushedTo() throws {
        let folder = try TestScratch.folder("lsp-pull")
        let info = folder.appendingPathComponent("Info.plist")
        try Data(FixTexts.upperCaseRegion.utf8).write(to: info)
        let client = Client()
        client.initialize(root: folder)
        #expect(!client.server.pulls)
        ConfigurationDocumentTests.open(client, info, FixTexts.upperCaseRegion)
        #expect(Self.nonEmptyPushes(client, info.absoluteString) == 1)
    }

    @Test func aClosedPairedInfoPlistIsPushedThenPulledOnceOpen() throws {
        let folder = try TestScratch.folder("lsp-pull")
        let info = folder.appendingPathComponent("Info.plist")
        try Data(FixTexts.upperCaseRegion.replacingOccurrences(of: "NL", with: "nl").utf8).write(to: info)
        let entitlements = folder.appendingPathComponent("App.entitlements")
        try Data(FixTexts.grantedEntitlements.utf8).write(to: entitlements)
        let client = Client()
        var capabilities = Self.pulling
        capabilities["workspace"] = ["diagnostics": ["refreshSupport": true]]
        client.initialize(root: folder, capabilities: capabilities)
        ConfigurationDocumentTests.open(client, entitlements, FixTexts.grantedEntitlements)
        ConfigurationDocumentTests.change(
            client, entitlements, FixTexts.grantedEntitlements.replacingOccurrences(of: "<true/>", with: "<false/>"),
            version: 2)
        // Closed, nothing pulls it: its findings are pushed, the only set it has.
        #expect(PairedDocumentTests.codes(client, info.absoluteString) == ["EP401"])
        #expect(Self.nonEmptyPushes(client, entitlements.absoluteString) == 0)
        let pushesBefore = Self.nonEmptyPushes(client, info.absoluteString)
        ConfigurationDocumentTests.open(
            client, info, FixTexts.upperCaseRegion.replacingOccurrences(of: "NL", with: "nl"))
        // Opened, the pushed set is cleared and its pulls show the finding.
        #expect(PairedDocumentTests.codes(client, info.absoluteString) == [])
        #expect(Self.pulled(client, 5, info.absoluteString) == ["EP401"])
        // An entitlements edit changes the open Info.plist's findings: the client is asked to
        // pull again, not pushed to.
        ConfigurationDocumentTests.change(client, entitlements, FixTexts.grantedEntitlements, version: 3)
        #expect(client.sent.last?["method"] as? String == "workspace/diagnostic/refresh")
        #expect(Self.nonEmptyPushes(client, info.absoluteString) == pushesBefore)
        #expect(Self.pulled(client, 6, info.absoluteString) == [])
    }
}
