import Foundation
import TestSupport
import Testing

@testable import LanguageServer

/// A document outside every workspace folder is linted without includes (its folder is no
/// include root: the user never gave it) and without a project, and the client's log says so.
@Suite struct OutsideWorkspaceTests {
    typealias Client = ServerTests.Client

    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>SKExternalPurchase</key>
        \t<array>
        \t\t<string>nl</string>
        \t</array>
        #include "extra.h"
        </dict>
        </plist>

        """

    static let header = "\t<key>CFBundleName</key>\n\t<string>App</string>\n"

    /// The folder's Info.plist (StoreKit keys, then an include of its `extra.h`), opened in a session whose
    /// workspace is `workspace`; its diagnostics' codes and the log messages sent.
    static func lint(_ folder: URL, workspace: URL) throws -> (codes: [String?], logs: [String]) {
        try Data(Self.infoPlist.utf8).write(to: folder.appendingPathComponent("Info.plist"))
        try Data(Self.header.utf8).write(to: folder.appendingPathComponent("extra.h"))
        try Data("preprocess: true\n".utf8).write(to: workspace.appendingPathComponent(".eplint.yml"))
        let client = Client()
        client.initialize(root: workspace)
        let uri = FileURI.uri(of: folder.appendingPathComponent("Info.plist").path)
        client.send([
            "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": Self.infoPlist]],
        ])
        let codes = ConfigurationDocumentTests.published(client, uri)?.map { $0["code"] as? String } ?? []
        let logs = client.sent.filter { $0["method"] as? String == "window/logMessage" }.compactMap {
            ($0["params"] as? [String: Any])?["message"] as? String
        }
        return (codes, logs)
    }

    @Test func aDocumentOutsideIsLintedWithoutIncludes() throws {
        let workspace = try TestScratch.folder("lsp-workspace")
        let outside = try TestScratch.folder("lsp-outside")
        let (codes, logs) = try Self.lint(outside, workspace: workspace)
        #expect(codes.contains("EP007"), "\(codes)")
        #expect(logs.contains { $0.contains("outside the workspace folders") }, "\(logs)")
    }

    @Test func aDocumentInsideReadsItsIncludes() throws {
        let workspace = try TestScratch.folder("lsp-workspace")
        let inside = workspace.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        let (codes, logs) = try Self.lint(inside, workspace: workspace)
        #expect(!codes.contains("EP007"), "\(codes)")
        #expect(logs.isEmpty, "\(logs)")
    }
}
