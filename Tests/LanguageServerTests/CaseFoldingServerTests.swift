import Foundation
import LintRun
import TestSupport
import Testing

@testable import LanguageServer

/// Paths that differ in case only, on a volume whose names ignore case (APFS's default, through
/// `CaseFoldingDisk`) and on one whose names do not (the host here): one file on the first,
/// two on the second.
@Suite struct CaseFoldingServerTests {
    typealias Client = ServerTests.Client

    /// A project whose target signs `App/Info.plist` with `App/App.entitlements` (granted on disk).
    static func project() throws -> URL {
        let folder = try TestScratch.folder("lsp-case")
        for name in ["App.xcodeproj", "App"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try Data(
            XcodeProjectText.pbxproj(target: [
                "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements",
            ]).utf8
        ).write(to: folder.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        try Data(Self.info.utf8).write(to: folder.appendingPathComponent("App/Info.plist"))
        try Data(FixTexts.grantedEntitlements.utf8).write(to: folder.appendingPathComponent("App/App.entitlements"))
        return folder
    }

    static let info = FixTexts.upperCaseRegion.replacingOccurrences(of: "NL", with: "nl")
    static let revoked = FixTexts.grantedEntitlements.replacingOccurrences(of: "<true/>", with: "<false/>")

    static func client(foldsCase: Bool, root: URL) -> Client {
        let client = Client(fileSystem: foldsCase ? CaseFoldingDisk() : HostPlanFileSystem())
        client.initialize(root: root)
        return client
    }

    /// The project names `App/App.entitlements`; the editor has it open, unsaved, as
    /// `App/app.entitlements`. Where names ignore case, that text is what the Info.plist is
    /// linted against (EP401: no longer granted); where they do not, the file on disk is.
    @Test(arguments: [true, false])
    func unsavedEntitlementsUnderAnotherCaseAreTheProjects(foldsCase: Bool) throws {
        let folder = try Self.project()
        let client = Self.client(foldsCase: foldsCase, root: folder)
        ConfigurationDocumentTests.open(client, folder.appendingPathComponent("App/app.entitlements"), Self.revoked)
        let infoURI = FileURI.uri(of: folder.appendingPathComponent("App/Info.plist").path)
        client.send([
            "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": infoURI, "languageId": "xml", "version": 1, "text": Self.info]],
        ])
        #expect(PairedDocumentTests.codes(client, infoURI) == (foldsCase ? ["EP401"] : []))
    }

    /// The Info.plist open as `app/Info.plist`: where names ignore case it is the target's, so an
    /// edit of the entitlements file re-lints it and publishes nothing for `App/Info.plist` (a
    /// duplicate of the same file's diagnostics); where they do not, the closed file is another
    /// and is published.
    @Test(arguments: [true, false])
    func anInfoPlistOpenUnderAnotherCaseGetsNoDuplicate(foldsCase: Bool) throws {
        let folder = try Self.project()
        let client = Self.client(foldsCase: foldsCase, root: folder)
        let openURI = FileURI.uri(of: folder.appendingPathComponent("app/Info.plist").path)
        client.send([
            "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": openURI, "languageId": "xml", "version": 1, "text": Self.info]],
        ])
        let entitlements = folder.appendingPathComponent("App/App.entitlements")
        ConfigurationDocumentTests.open(client, entitlements, FixTexts.grantedEntitlements)
        ConfigurationDocumentTests.change(client, entitlements, Self.revoked, version: 2)
        let closedURI = FileURI.uri(of: folder.appendingPathComponent("App/Info.plist").path)
        if foldsCase {
            #expect(PathSpellingServerTests.publications(client, closedURI) == 0)
            #expect(PairedDocumentTests.codes(client, openURI) == ["EP401"])
        } else {
            #expect(PairedDocumentTests.codes(client, closedURI) == ["EP401"])
        }
    }

    /// An unsaved `.eplint.yml` open under the root spelled in another case is the workspace's
    /// where names ignore case (EP101 disabled), another file where they do not.
    @Test(arguments: [true, false])
    func anUnsavedConfigurationUnderAnotherCaseApplies(foldsCase: Bool) throws {
        let folder = try Self.project()
        let client = Self.client(foldsCase: foldsCase, root: folder)
        let info = folder.appendingPathComponent("Info.plist").absoluteString
        ConfigurationDocumentTests.openInfo(client, info)
        #expect(PairedDocumentTests.codes(client, info) == ["EP101"])
        let otherCase = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent.uppercased())
        ConfigurationDocumentTests.open(client, otherCase.appendingPathComponent(".eplint.yml"), "disable: [EP101]\n")
        #expect(PairedDocumentTests.codes(client, info) == (foldsCase ? [] : ["EP101"]))
    }

    /// A document under the root spelled in another case is inside the workspace where names
    /// ignore case (no "outside the workspace" message), outside where they do not.
    @Test(arguments: [true, false])
    func aDocumentUnderTheRootInAnotherCaseIsInside(foldsCase: Bool) throws {
        let folder = try Self.project()
        let client = Self.client(foldsCase: foldsCase, root: folder)
        let otherCase = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent.uppercased())
        ConfigurationDocumentTests.openInfo(client, otherCase.appendingPathComponent("Info.plist").absoluteString)
        let logs = client.sent.filter { $0["method"] as? String == "window/logMessage" }.compactMap {
            ($0["params"] as? [String: Any])?["message"] as? String
        }
        #expect(logs.contains { $0.contains("outside the workspace folders") } == !foldsCase, "\(logs)")
    }

    /// An atomic save of the entitlements file (a new inode under the old name), reported as a
    /// watched file's change: the document open under another case is still the project's file,
    /// so the Info.plist re-linted for the change is linted against its unsaved text.
    @Test func anAtomicSaveKeepsTheOpenDocumentTheFile() throws {
        let folder = try Self.project()
        let client = Self.client(foldsCase: true, root: folder)
        ConfigurationDocumentTests.open(client, folder.appendingPathComponent("App/app.entitlements"), Self.revoked)
        let infoURI = FileURI.uri(of: folder.appendingPathComponent("App/Info.plist").path)
        client.send([
            "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": infoURI, "languageId": "xml", "version": 1, "text": Self.info]],
        ])
        #expect(PairedDocumentTests.codes(client, infoURI) == ["EP401"])
        let before = PathSpellingServerTests.publications(client, infoURI)
        let file = folder.appendingPathComponent("App/App.entitlements")
        let saved = folder.appendingPathComponent("App/App.entitlements.new")
        try Data(FixTexts.grantedEntitlements.utf8).write(to: saved)
        #expect(rename(saved.path, file.path) == 0)
        ConfigurationDocumentTests.changedOnDisk(client, file)
        #expect(PathSpellingServerTests.publications(client, infoURI) > before)
        #expect(PairedDocumentTests.codes(client, infoURI) == ["EP401"])
    }
}
