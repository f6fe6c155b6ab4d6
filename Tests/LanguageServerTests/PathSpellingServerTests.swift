import Foundation
import TestSupport
import Testing

@testable import LanguageServer

/// One file however its path is spelled: a workspace reached through a link (as `/var` and
/// `/tmp` are on macOS) and documents opened by the real path.
@Suite struct PathSpellingServerTests {
    typealias Client = ServerTests.Client

    /// A workspace folder and a link to it: (the real folder, the link).
    static func linkedWorkspace() throws -> (real: URL, link: URL) {
        let scratch = try TestScratch.folder("lsp-spelling")
        let real = scratch.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = scratch.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
        return (real, link)
    }

    static func publications(_ client: Client, _ uri: String) -> Int {
        client.sent.filter {
            $0["method"] as? String == "textDocument/publishDiagnostics"
                && ($0["params"] as? [String: Any])?["uri"] as? String == uri
        }.count
    }

    /// Through the link, a closed Info.plist paired with an edited entitlements file is shown
    /// under the workspace's spelling only, never also under the real one (a stale duplicate).
    @Test func aClosedPairedInfoPlistIsShownUnderTheWorkspacesSpelling() throws {
        let (real, link) = try Self.linkedWorkspace()
        try Data(FixTexts.upperCaseRegion.replacingOccurrences(of: "NL", with: "nl").utf8).write(
            to: real.appendingPathComponent("Info.plist"))
        try Data(FixTexts.grantedEntitlements.utf8).write(to: real.appendingPathComponent("App.entitlements"))
        let client = Client()
        client.initialize(root: link)
        let entitlements = link.appendingPathComponent("App.entitlements")
        ConfigurationDocumentTests.open(client, entitlements, FixTexts.grantedEntitlements)
        ConfigurationDocumentTests.change(
            client, entitlements, FixTexts.grantedEntitlements.replacingOccurrences(of: "<true/>", with: "<false/>"),
            version: 2)
        let linked = FileURI.uri(of: link.appendingPathComponent("Info.plist").path)
        #expect(PairedDocumentTests.codes(client, linked) == ["EP401"])
        #expect(Self.publications(client, FileURI.uri(of: real.appendingPathComponent("Info.plist").path)) == 0)
        // Opened by its real path, it is the same file: its diagnostics are its own from now on.
        ConfigurationDocumentTests.open(
            client, real.appendingPathComponent("App.entitlements"), FixTexts.grantedEntitlements, version: 1)
        #expect(client.server.documents[real.appendingPathComponent("App.entitlements").absoluteString] != nil)
    }

    /// An unsaved `.eplint.yml` opened by the real path of a workspace reached through a link
    /// is the workspace's configuration: it applies, and its error is EP012 on it.
    @Test func anUnsavedConfigurationOpenedByAnotherSpellingApplies() throws {
        let (real, link) = try Self.linkedWorkspace()
        let client = Client()
        client.initialize(root: link)
        let info = link.appendingPathComponent("Info.plist").absoluteString
        ConfigurationDocumentTests.openInfo(client, info)
        #expect(PairedDocumentTests.codes(client, info) == ["EP101"])
        let configuration = real.appendingPathComponent(".eplint.yml")
        ConfigurationDocumentTests.open(client, configuration, "disable: [EP101]\n")
        #expect(PairedDocumentTests.codes(client, info) == [])
        ConfigurationDocumentTests.change(client, configuration, "disable: [EP999]\n", version: 2)
        #expect(PairedDocumentTests.codes(client, configuration.absoluteString) == ["EP012"])
    }

    /// The link replaced (as an atomic save replaces a file): once a watched file's change is
    /// reported, the paths are resolved anew, and the `.eplint.yml` open in the old folder is
    /// no longer the workspace's.
    @Test func aReplacedLinkIsResolvedAnewAfterAWatchedChange() throws {
        let (real, link) = try Self.linkedWorkspace()
        let other = real.deletingLastPathComponent().appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let client = Client()
        client.initialize(root: link)
        let info = link.appendingPathComponent("Info.plist").absoluteString
        ConfigurationDocumentTests.openInfo(client, info)
        ConfigurationDocumentTests.open(client, real.appendingPathComponent(".eplint.yml"), "disable: [EP101]\n")
        #expect(PairedDocumentTests.codes(client, info) == [])
        let replacement = link.deletingLastPathComponent().appendingPathComponent("link.new")
        try FileManager.default.createSymbolicLink(atPath: replacement.path, withDestinationPath: other.path)
        #expect(rename(replacement.path, link.path) == 0)
        ConfigurationDocumentTests.changedOnDisk(client, link.appendingPathComponent(".eplint.yml"))
        #expect(PairedDocumentTests.codes(client, info) == ["EP101"])
    }
}
