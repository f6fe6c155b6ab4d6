import Foundation
import TestSupport
import Testing

/// A file changed on disk re-lints the open documents it can change, not every one (a branch
/// switch reports thousands).
@Suite struct WatchedFilesTests {
    typealias Client = ServerTests.Client

    static func publications(_ client: Client, _ uri: String) -> Int {
        PathSpellingServerTests.publications(client, uri)
    }

    @Test func aChangeReLintsOnlyWhatItCanAffect() throws {
        let folder = try TestScratch.folder("lsp-watched")
        let names = ["A", "B"]
        for name in names {
            let app = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            try Data(FixTexts.grantedEntitlements.utf8).write(to: app.appendingPathComponent("App.entitlements"))
        }
        let client = Client()
        client.initialize(root: folder)
        let uris = names.map { folder.appendingPathComponent("\($0)/Info.plist").absoluteString }
        for uri in uris { ConfigurationDocumentTests.openInfo(client, uri) }
        #expect(uris.map { Self.publications(client, $0) } == [1, 1])
        // A's entitlements file: A's Info.plist pairs with it, B's does not.
        ConfigurationDocumentTests.changedOnDisk(client, folder.appendingPathComponent("A/App.entitlements"))
        #expect(uris.map { Self.publications(client, $0) } == [2, 1])
        // A project below B: B's documents only.
        ConfigurationDocumentTests.changedOnDisk(
            client, folder.appendingPathComponent("B/App.xcodeproj/project.pbxproj"))
        #expect(uris.map { Self.publications(client, $0) } == [2, 2])
        // An xcconfig file may be included from anywhere: every document.
        ConfigurationDocumentTests.changedOnDisk(client, folder.appendingPathComponent("Shared.xcconfig"))
        #expect(uris.map { Self.publications(client, $0) } == [3, 3])
    }
}
