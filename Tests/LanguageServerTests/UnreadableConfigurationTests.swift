import Foundation
import TestSupport
import Testing

/// An `.eplint.yml` that must not be read (a device, a FIFO, a link out of the workspace; git
/// stores links, so a pull request can make one) is EP012 at line 1 on the file, and the
/// documents are linted with the last good configuration, or the defaults: never a failed
/// request (-32603 on every one, before).
@Suite struct UnreadableConfigurationTests {
    typealias Client = ServerTests.Client

    enum Kind: String, CaseIterable { case device, fifo, outside }

    /// Makes `.eplint.yml` in `folder` one that must not be read.
    static func make(_ kind: Kind, in folder: URL) throws {
        let file = folder.appendingPathComponent(".eplint.yml")
        try? FileManager.default.removeItem(at: file)
        switch kind {
        case .device: try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/zero")
        case .fifo: #expect(mkfifo(file.path, 0o600) == 0)
        case .outside:
            let outside = try TestScratch.folder("lsp-outside").appendingPathComponent("secret.yml")
            try Data("disable: [EP101]\n".utf8).write(to: outside)
            try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: outside.path)
        }
    }

    static func codes(_ client: Client, _ uri: String) -> [String?]? {
        ConfigurationDocumentTests.published(client, uri)?.map { $0["code"] as? String }
    }

    @Test(arguments: Kind.allCases) func theDefaultsApplyAndTheFileIsEP012(_ kind: Kind) throws {
        let folder = try TestScratch.folder("lsp-unreadable")
        try Self.make(kind, in: folder)
        let client = Client()
        client.initialize(root: folder)
        let info = folder.appendingPathComponent("Info.plist").absoluteString
        ConfigurationDocumentTests.openInfo(client, info)
        // The defaults: EP101 (the outside file, which disables it, was not read).
        #expect(Self.codes(client, info) == ["EP101"])
        let configuration = folder.appendingPathComponent(".eplint.yml").absoluteString
        let shown = try #require(ConfigurationDocumentTests.published(client, configuration))
        #expect(shown.map { $0["code"] as? String } == ["EP012"])
        #expect((shown.first?["range"] as? [String: [String: Int]])?["start"]?["line"] == 0)
        let pulled = client.request(7, "textDocument/diagnostic", ["textDocument": ["uri": info]])
        #expect(pulled?["error"] == nil)
        #expect(!client.sent.contains { $0["method"] as? String == "window/showMessage" })
    }

    /// A good configuration, then replaced by one that must not be read: the good one stays.
    @Test(arguments: Kind.allCases) func theLastGoodConfigurationStays(_ kind: Kind) throws {
        let folder = try TestScratch.folder("lsp-unreadable")
        let file = folder.appendingPathComponent(".eplint.yml")
        try Data("disable: [EP101]\n".utf8).write(to: file)
        let client = Client()
        client.initialize(root: folder)
        let info = folder.appendingPathComponent("Info.plist").absoluteString
        ConfigurationDocumentTests.openInfo(client, info)
        #expect(Self.codes(client, info) == [])
        try Self.make(kind, in: folder)
        ConfigurationDocumentTests.changedOnDisk(client, file)
        #expect(Self.codes(client, file.absoluteString) == ["EP012"])
        ConfigurationDocumentTests.change(
            client, URL(string: info)!, ConfigurationDocumentTests.plist, version: 2)
        #expect(Self.codes(client, info) == [])
        #expect(ConfigurationDocumentTests.publishedVersion(client, info) == 2)
    }
}
