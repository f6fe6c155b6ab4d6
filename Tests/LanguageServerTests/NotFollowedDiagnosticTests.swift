import Foundation
import LintRun
import TestSupport
import Testing

@testable import LanguageServer

/// A run that fails (the command line's exit 2) is one diagnostic on the linted document, at
/// its line 1: `not-followed` for a path the repository names that the run's lock does not
/// follow, `run-failure` for another failure. Before, it was only a pop-up, and a pulling
/// client's request failed (-32603): the editor showed nothing on the file.
@Suite struct NotFollowedDiagnosticTests {
    typealias Client = ServerTests.Client

    static let canary = "CANARY-4f1e62"

    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CFBundleName</key>
        \t<string>KEY</string>
        </dict>
        </plist>

        """

    /// A workspace (`repo`) whose project preprocesses `App/Info.plist` with `prefixHeader`,
    /// beside a folder it must not reach (`outside`, its header defining `KEY` as the canary);
    /// `repo/link.h` is a link to that header. The Info.plist's URL.
    static func workspace(prefixHeader: String, pbxproj: String? = nil) throws -> (root: URL, info: URL) {
        let top = try TestScratch.folder("lsp-not-followed")
        let root = top.appendingPathComponent("repo")
        let outside = top.appendingPathComponent("outside")
        for folder in [root.appendingPathComponent("App.xcodeproj"), root.appendingPathComponent("App"), outside] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("#define KEY \(canary)\n".utf8).write(to: outside.appendingPathComponent("macros.h"))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("link.h").path, withDestinationPath: "../outside/macros.h")
        let project =
            pbxproj
            ?? XcodeProjectText.pbxproj(target: [
                "INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "iphoneos",
                "INFOPLIST_PREPROCESS": "YES", "INFOPLIST_PREFIX_HEADER": prefixHeader,
            ])
        try Data(project.utf8).write(to: root.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        let info = root.appendingPathComponent("App/Info.plist")
        try Data(infoPlist.utf8).write(to: info)
        return (root, info)
    }

    /// The folder's path with every link resolved, as `realpath(3)` gives it.
    static func realPath(_ folder: URL) -> String {
        guard let resolved = realpath(folder.path, nil) else { return folder.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func expectNothingOutside(_ client: Client, _ what: String) throws {
        let sent = String(decoding: try JSONSerialization.data(withJSONObject: client.sent), as: UTF8.self)
        #expect(!sent.contains(canary), "\(what): \(sent)")
        #expect(!client.sent.contains { $0["method"] as? String == "window/showMessage" }, "\(what)")
    }

    /// The one diagnostic a failed run gives: at line 1, an error of eplint's, with `code`.
    static func expectFailure(_ diagnostics: [[String: Any]]?, code: String, naming path: String?, _ what: String) {
        #expect(diagnostics?.count == 1, "\(what): \(String(describing: diagnostics))")
        guard let diagnostic = diagnostics?.first else { return }
        #expect(diagnostic["code"] as? String == code, "\(what): \(diagnostic)")
        #expect(diagnostic["severity"] as? Int == 1)
        #expect(diagnostic["source"] as? String == "eplint")
        let start = (diagnostic["range"] as? [String: Any])?["start"] as? [String: Any]
        #expect(start?["line"] as? Int == 0 && start?["character"] as? Int == 0, "\(what): \(diagnostic)")
        // The path as the server shows it (absolute), cut as messages cut values (at 80 characters).
        guard let path else { return }
        let message = diagnostic["message"] as? String ?? ""
        let quoted = message.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false).dropFirst().first
        let named = String(quoted ?? "")
        #expect(
            named.count > 20 && path.hasPrefix(named.hasSuffix("…") ? String(named.dropLast()) : named),
            "\(what): \(message)")
        let href = (diagnostic["codeDescription"] as? [String: Any])?["href"] as? String ?? ""
        #expect(href.contains("docs/"), "\(what): \(href)")
    }

    @Test(arguments: ["../outside/macros.h", "link.h"])
    func aPrefixHeaderNotFollowedIsADiagnosticOnTheInfoPlist(_ header: String) throws {
        let (root, info) = try Self.workspace(prefixHeader: header)
        let client = Client()
        client.initialize(root: root)
        ConfigurationDocumentTests.open(client, info, Self.infoPlist)
        let published = ConfigurationDocumentTests.published(client, info.absoluteString)
        let shown = (root.path as NSString).appendingPathComponent(header)
        Self.expectFailure(published, code: "not-followed", naming: (shown as NSString).standardizingPath, header)
        let message = published?.first?["message"] as? String ?? ""
        #expect(message.hasPrefix("INFOPLIST_PREFIX_HEADER of App/Debug names"), "\(message)")
        #expect(message.contains("which eplint does not follow"), "\(message)")
        try Self.expectNothingOutside(client, header)
    }

    /// Pulled, the same diagnostic is the report, not a failed request.
    @Test func aPullingClientGetsItFromItsPull() throws {
        let (root, info) = try Self.workspace(prefixHeader: "../outside/macros.h")
        let client = Client()
        client.initialize(root: root, capabilities: PullDiagnosticsTests.pulling)
        ConfigurationDocumentTests.open(client, info, Self.infoPlist)
        let response = client.request(2, "textDocument/diagnostic", ["textDocument": ["uri": info.absoluteString]])
        #expect(client.errorCode(response) == nil, "\(String(describing: response))")
        let items = (response?["result"] as? [String: Any])?["items"] as? [[String: Any]]
        // The server resolves `..` as the system does: from the real folder (the scratch folder
        // may be reached through a link, as /var is on a Mac).
        let shown = Self.realPath(root.deletingLastPathComponent()) + "/outside/macros.h"
        Self.expectFailure(items, code: "not-followed", naming: shown, "pulled")
        try Self.expectNothingOutside(client, "pulled")
    }

    /// A file `.eplint.yml` names is its failure: EP012 on `.eplint.yml`, at the line of the key
    /// that names it; the Info.plist is linted with the defaults meanwhile.
    @Test func aFileTheConfigurationNamesIsEP012AtItsKey() throws {
        let (root, info) = try Self.workspace(prefixHeader: "")
        let configuration = root.appendingPathComponent(".eplint.yml")
        try Data("preprocess: true\n# the region data\nregions: ../outside/macros.h\n".utf8).write(to: configuration)
        let client = Client()
        client.initialize(root: root)
        ConfigurationDocumentTests.open(client, info, Self.infoPlist)
        let shown = try #require(ConfigurationDocumentTests.published(client, configuration.absoluteString))
        #expect(shown.map { $0["code"] as? String } == ["EP012"], "\(shown)")
        let start = (shown.first?["range"] as? [String: Any])?["start"] as? [String: Any]
        #expect(start?["line"] as? Int == 2, "\(shown)")
        #expect((shown.first?["message"] as? String)?.contains("which eplint does not follow") == true, "\(shown)")
        let codes = ConfigurationDocumentTests.published(client, info.absoluteString)?.map { $0["code"] as? String }
        #expect(codes?.contains("not-followed") == false, "\(String(describing: codes))")
        try Self.expectNothingOutside(client, "regions:")
    }

    /// Another failure of the run (a broken baseline, a header that cannot be opened) has the
    /// other code; each links to where it is explained.
    @Test func eachFailureHasItsCode() {
        let document = TextDocument(
            uri: "file:///p/Info.plist", path: "/p/Info.plist", version: 1, text: Array("<plist>é\n</plist>\n".utf8))
        for (failure, code, page) in [
            (
                RunFailure(message: "a path", isNotFollowed: true), "not-followed",
                "docs/untrusted-input.md#a-path-that-is-not-followed"
            ),
            (RunFailure(message: "cannot read"), "run-failure", "docs/editors.md#when-a-run-fails"),
        ] {
            let json = LanguageServer.failureDiagnostic(failure, in: document, encoding: .utf16).serialized()
            let diagnostic = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
            Self.expectFailure(diagnostic.map { [$0] }, code: code, naming: nil, code)
            #expect(json.contains(page), "\(json)")
            // The whole of line 1: `<plist>é` is 8 UTF-16 code units.
            let end = (diagnostic?["range"] as? [String: Any])?["end"] as? [String: Any]
            #expect(end?["line"] as? Int == 0 && end?["character"] as? Int == 8, "\(json)")
        }
    }
}
