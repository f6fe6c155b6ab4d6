import Foundation
import LintEngine
import TestSupport
import Testing

/// `.eplint.yml` as a document: its error is a diagnostic at its line (EP012), the other
/// documents are linted with the last configuration that read without error.
@Suite struct ConfigurationDocumentTests {
    typealias Client = ServerTests.Client

    /// The diagnostics last published for `uri`, nil when none were.
    static func published(_ client: Client, _ uri: String) -> [[String: Any]]? {
        let last = client.sent.last {
            ($0["method"] as? String) == "textDocument/publishDiagnostics"
                && ($0["params"] as? [String: Any])?["uri"] as? String == uri
        }
        return (last?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
    }

    /// The version of the diagnostics last published for `uri`: an empty list is only the
    /// document's current findings if it is of the current version.
    static func publishedVersion(_ client: Client, _ uri: String) -> Int? {
        let last = client.sent.last {
            ($0["method"] as? String) == "textDocument/publishDiagnostics"
                && ($0["params"] as? [String: Any])?["uri"] as? String == uri
        }
        return (last?["params"] as? [String: Any])?["version"] as? Int
    }

    static func open(_ client: Client, _ url: URL, _ text: String, version: Int = 1) {
        client.send([
            "method": "textDocument/didOpen",
            "params": [
                "textDocument": ["uri": url.absoluteString, "languageId": "yaml", "version": version, "text": text]
            ],
        ])
    }

    static func openInfo(_ client: Client, _ uri: String) {
        client.send([
            "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": plist]],
        ])
    }

    /// The client's report that the file at `url` changed on disk.
    static func changedOnDisk(_ client: Client, _ url: URL) {
        client.send([
            "method": "workspace/didChangeWatchedFiles",
            "params": ["changes": [["uri": url.absoluteString, "type": 2]]],
        ])
    }

    static func change(_ client: Client, _ url: URL, _ text: String, version: Int) {
        client.send([
            "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": url.absoluteString, "version": version], "contentChanges": [["text": text]],
            ],
        ])
    }

    /// A diagnostic as the command line would print it for the file, as the page's output shows.
    static func line(_ diagnostic: [String: Any], file: String) -> String {
        let start = (diagnostic["range"] as? [String: [String: Int]])?["start"] ?? [:]
        let severity = [1: "error", 2: "warning", 3: "note"][diagnostic["severity"] as? Int ?? 0] ?? "?"
        return "\(file):\(start["line"]! + 1):\(start["character"]! + 1): \(severity): "
            + "\(diagnostic["message"] as? String ?? "") [\(diagnostic["code"] as? String ?? "")]"
    }

    static let pages = RuleCatalog.all.map(RulePage.init).filter(\.isConfigurationPage)

    /// The page's failing `.eplint.yml`, opened, gets its output; the passing one nothing.
    @Test(arguments: pages) func examplesAreTheServersDiagnostics(_ page: RulePage) throws {
        for (block, expected) in [
            ("yaml configuration failing", try #require(page.block("text output"))), ("yaml configuration passing", ""),
        ] {
            let folder = try TestScratch.folder("lsp-config")
            let file = folder.appendingPathComponent(".eplint.yml")
            let text = try #require(page.block(block))
            try Data(text.utf8).write(to: file)
            let client = Client()
            client.initialize(root: folder)
            Self.open(client, file, text)
            let found = Self.published(client, file.absoluteString) ?? []
            #expect(found.map { Self.line($0, file: ".eplint.yml") + "\n" }.joined() == expected, "\(block)")
            // The failing example has a finding to show: an empty output matches no page.
            if block.hasSuffix("failing") {
                #expect(found.count == expected.split(separator: "\n").count && !found.isEmpty)
            }
        }
        #expect(page.block("text output")?.contains("[\(page.metadata.id)]") == true)
    }

    static let plist = FixTexts.upperCaseRegion  // EP101 at its `NL`.

    /// Edited into an error, `.eplint.yml` shows it at its line while the Info.plist is linted
    /// with the last good text; fixed, the diagnostic clears and the new text applies.
    @Test func anEditedConfigurationKeepsTheLastGoodOne() throws {
        let folder = try TestScratch.folder("lsp-config")
        let configuration = folder.appendingPathComponent(".eplint.yml")
        let info = folder.appendingPathComponent("Info.plist")
        try Data("disable: [EP101]\n".utf8).write(to: configuration)
        let client = Client()
        client.initialize(root: folder)
        Self.openInfo(client, info.absoluteString)
        #expect(Self.published(client, info.absoluteString)?.isEmpty == true)
        #expect(Self.publishedVersion(client, info.absoluteString) == 1)
        Self.open(client, configuration, "disable: [EP101]\n")
        #expect(Self.published(client, configuration.absoluteString) == nil)
        Self.change(client, configuration, "# comment\ndisable: [EP101, EP999]\n", version: 2)
        let shown = try #require(Self.published(client, configuration.absoluteString))
        #expect(
            shown.map { Self.line($0, file: ".eplint.yml") } == [
                ".eplint.yml:2:1: error: disable: unknown rule 'EP999'; 'eplint rules' lists them [EP012]"
            ])
        let range = shown.first?["range"] as? [String: [String: Int]]
        #expect(range?["end"] == ["line": 1, "character": 23])
        // The Info.plist, edited meanwhile, is linted with the last good configuration: EP101 stays disabled.
        client.send([
            "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": info.absoluteString, "version": 2], "contentChanges": [["text": Self.plist]],
            ],
        ])
        #expect(Self.published(client, info.absoluteString)?.isEmpty == true)
        #expect(Self.publishedVersion(client, info.absoluteString) == 2)
        #expect(!client.sent.contains { $0["method"] as? String == "window/showMessage" })
        // Pulled, the configuration's diagnostics are the same.
        let pulled = client.request(
            5, "textDocument/diagnostic", ["textDocument": ["uri": configuration.absoluteString]])
        #expect(((pulled?["result"] as? [String: Any])?["items"] as? [[String: Any]])?.count == 1)
        // Fixed: the diagnostic clears, and the new configuration re-lints the Info.plist.
        Self.change(client, configuration, "disable: [EP102]\n", version: 3)
        #expect(Self.published(client, configuration.absoluteString)?.isEmpty == true)
        #expect(Self.published(client, info.absoluteString)?.map { $0["code"] as? String } == ["EP101"])
    }

    /// A `.eplint.yml` opened at the root before it was ever saved is the workspace's already.
    @Test func anUnsavedConfigurationAtTheRootApplies() throws {
        let folder = try TestScratch.folder("lsp-config")
        let client = Client()
        client.initialize(root: folder)
        let info = folder.appendingPathComponent("Info.plist").absoluteString
        Self.openInfo(client, info)
        #expect(Self.published(client, info)?.map { $0["code"] as? String } == ["EP101"])
        Self.open(client, folder.appendingPathComponent(".eplint.yml"), "disable: [EP101]\n")
        #expect(Self.published(client, info)?.isEmpty == true)
    }

    /// Broken on disk before any good text: the error is shown on the file (not open), and the
    /// documents are linted with the defaults; fixed on disk and reported, it clears.
    @Test func aBrokenConfigurationOnDiskIsADiagnosticOnIt() throws {
        let folder = try TestScratch.folder("lsp-config")
        let configuration = folder.appendingPathComponent(".eplint.yml")
        try Data("severity: [not a map\n".utf8).write(to: configuration)
        let client = Client()
        client.initialize(root: folder)
        let info = folder.appendingPathComponent("Info.plist").absoluteString
        Self.openInfo(client, info)
        let shown = try #require(Self.published(client, configuration.absoluteString))
        #expect(shown.map { $0["code"] as? String } == ["EP012"])
        #expect((shown.first?["message"] as? String)?.hasPrefix("not valid YAML") == true)
        #expect(Self.published(client, info)?.map { $0["code"] as? String } == ["EP101"])
        try Data("disable: [EP101]\n".utf8).write(to: configuration)
        Self.changedOnDisk(client, configuration)
        #expect(Self.published(client, configuration.absoluteString)?.isEmpty == true)
        #expect(Self.published(client, info)?.isEmpty == true)
    }
}
