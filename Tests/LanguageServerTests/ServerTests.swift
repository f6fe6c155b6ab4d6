import EplintBase
import Foundation
import LintRun
import RunPlan
import TestSupport
import Testing

@testable import LanguageServer

/// The server in-process: messages in, the messages it writes decoded and checked.
@Suite struct ServerTests {
    final class Client {
        var sent: [[String: Any]] = []
        /// The server's clock, in milliseconds: moved by the test, never by time.
        var now = 0
        /// What the server reads through: the host's, unless a test gives its own.
        var fileSystem: any PlanFileSystem = HostPlanFileSystem()
        lazy var server = LanguageServer(
            root: "/", fileSystem: fileSystem, clock: { [unowned self] in now },
            send: { [unowned self] bytes in
                // Each write is one framed message.
                var reader = FrameReader(BytesSource(bytes))
                guard case .message(let body) = reader.next(),
                    let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
                else {
                    Issue.record("the server wrote an unframed or malformed message")
                    return
                }
                sent.append(object)
            })

        init(fileSystem: any PlanFileSystem = HostPlanFileSystem()) { self.fileSystem = fileSystem }

        func send(_ object: [String: Any]) {
            var message = object
            message["jsonrpc"] = "2.0"
            server.handle(Array(try! JSONSerialization.data(withJSONObject: message)))
        }

        /// Sends a request and returns its response (the last message written for its id).
        func request(_ id: Int, _ method: String, _ params: [String: Any] = [:]) -> [String: Any]? {
            send(["id": id, "method": method, "params": params])
            return sent.last { ($0["id"] as? Int) == id }
        }

        func errorCode(_ response: [String: Any]?) -> Int? { (response?["error"] as? [String: Any])?["code"] as? Int }

        /// The diagnostics last published.
        var published: [[String: Any]] {
            let last = sent.last { ($0["method"] as? String) == "textDocument/publishDiagnostics" }
            return (last?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
        }

        /// `capabilities`: the client's, beside `general.positionEncodings`.
        func initialize(root: URL, encodings: [String] = [], capabilities: [String: Any] = [:]) {
            var offered = capabilities
            offered["general"] = ["positionEncodings": encodings]
            let response = request(
                1, "initialize",
                [
                    "rootUri": root.absoluteString,
                    "capabilities": offered,
                    // Changes linted at the end of each message (the debounce is `DebounceTests`').
                    "initializationOptions": ["debounceMilliseconds": 0],
                ])
            #expect(response?["result"] != nil)
            send(["method": "initialized", "params": [:]])
        }
    }

    @Test func theLifecycle() {
        let client = Client()
        #expect(client.errorCode(client.request(1, "textDocument/hover")) == -32002)
        let response = client.request(2, "initialize", ["capabilities": [:]])
        let capabilities = (response?["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect(capabilities?["positionEncoding"] as? String == "utf-16")
        #expect((capabilities?["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
        #expect(client.errorCode(client.request(3, "initialize")) == -32600)
        #expect(client.errorCode(client.request(4, "no/such")) == -32601)
        #expect(client.server.exitStatus == nil)
        #expect(client.request(5, "shutdown")?.keys.contains("result") == true)
        #expect(client.errorCode(client.request(6, "no/such")) == -32600)
        client.send(["method": "exit"])
        #expect(client.server.exitStatus == 0)
    }

    @Test func exitWithoutShutdownIsStatusOne() {
        let client = Client()
        client.send(["method": "exit"])
        #expect(client.server.exitStatus == 1)
    }

    @Test(arguments: ["{bad", "[1, 2]", "", "\"text\"", #"{"id": 1.5, "method": "x"}"#, #"{"id": 1, "method": 7}"#])
    func malformedMessagesAreAnsweredNotFatal(body: String) {
        let client = Client()
        client.server.handle(Array(body.utf8))
        let code = client.errorCode(client.sent.last)
        #expect(code == (body.hasPrefix("{\"") || body.hasPrefix("[") || body.hasPrefix("\"") ? -32600 : -32700))
        #expect(client.server.exitStatus == nil)
        // The server goes on.
        #expect(client.request(9, "initialize")?["result"] != nil)
    }

    @Test func utf8IsNegotiatedWhenOffered() throws {
        let client = Client()
        let response = client.request(
            1, "initialize", ["capabilities": ["general": ["positionEncodings": ["utf-32", "utf-8", "utf-16"]]]])
        let capabilities = (response?["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect(capabilities?["positionEncoding"] as? String == "utf-8")
        #expect(client.server.encoding == .utf8)
    }

    /// Opened, the unsaved text is linted; changed (incrementally, after a multibyte comment), the
    /// new text is; a finding's range is the element's, counted in the negotiated encoding.
    @Test(arguments: ["utf-16", "utf-8"])
    func diagnosticsFollowTheUnsavedText(encoding: String) throws {
        let folder = try TestScratch.folder("lsp")
        let file = folder.appendingPathComponent("Info.plist")
        // The file on disk is clean: what is linted is the editor's text.
        try Data(FixTexts.upperCaseRegion.replacingOccurrences(of: "NL", with: "nl").utf8).write(to: file)
        let client = Client()
        client.initialize(root: folder, encodings: [encoding])
        let uri = file.absoluteString
        let text = FixTexts.upperCaseRegion.replacingOccurrences(of: "<dict>", with: "<dict><!-- é😀 -->")
        client.send([
            "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": text]],
        ])
        #expect(client.published.map { $0["code"] as? String } == ["EP101"])
        let range = client.published.first?["range"] as? [String: [String: Int]]
        #expect(range?["start"] == ["line": 5, "character": 2])
        #expect(range?["end"] == ["line": 5, "character": 21])
        #expect(client.published.first?["source"] as? String == "eplint")
        #expect(client.published.first?["severity"] as? Int == 1)
        // Insert after the comment and replace the region: "<dict>", "<!-- ", é, 😀, " -->"
        // are 6, 5, 2, 4, 4 bytes and 6, 5, 1, 2, 4 UTF-16 units.
        let commentEnd = encoding == "utf-8" ? 6 + 5 + 2 + 4 + 4 : 6 + 5 + 1 + 2 + 4
        client.send([
            "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [
                    [
                        "range": [
                            "start": ["line": 2, "character": commentEnd], "end": ["line": 2, "character": commentEnd],
                        ],
                        "text": "<!-- ü -->",
                    ],
                    [
                        "range": ["start": ["line": 5, "character": 10], "end": ["line": 5, "character": 12]],
                        "text": "nl",
                    ],
                ],
            ],
        ])
        #expect(client.published.isEmpty)
        let document = try #require(client.server.documents[uri])
        #expect(
            String(decoding: document.text, as: UTF8.self)
                == FixTexts.upperCaseRegion.replacingOccurrences(of: "<dict>", with: "<dict><!-- é😀 --><!-- ü -->")
                .replacingOccurrences(of: "NL", with: "nl"))
        #expect(document.version == 2)
        // Back to upper case in a full change: the finding returns.
        client.send([
            "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": uri, "version": 3], "contentChanges": [["text": FixTexts.upperCaseRegion]],
            ],
        ])
        #expect(client.published.map { $0["code"] as? String } == ["EP101"])
        client.send(["method": "textDocument/didClose", "params": ["textDocument": ["uri": uri]]])
        #expect(client.published.isEmpty)
        #expect(client.server.documents.isEmpty)
    }

    /// Hover on a rule ID in a suppression comment shows its page; a quick fix's edit is the
    /// finding's fix; a document not open has neither. The file was never saved: its text alone is linted.
    /// Hover on the reader-app key (issue 47): its shape, the `*` default, the entitlement, the first systems.
    @Test func hoverOnTheReaderAppKey() throws {
        let text = try #require(KeyHover.markdown(named: "SKExternalLinkAccount"))
        #expect(text.hasPrefix("**SKExternalLinkAccount**: a dictionary of lowercase ISO 3166-1 alpha-2 country codes"))
        #expect(text.contains("`com.apple.developer.storekit.external-link.account`"))
        #expect(text.contains("Read from iOS 15.4, iPadOS 15.4, tvOS 16.4"))
        #expect(KeyHover.markdown(named: "SKExternalPurchase")?.hasPrefix("**SKExternalPurchase**") == true)
        #expect(KeyHover.markdown(named: "CFBundleIdentifier") == nil)
    }

    @Test func hoverAndQuickFixes() throws {
        let folder = try TestScratch.folder("lsp")
        let client = Client()
        client.initialize(root: folder)
        let uri = folder.appendingPathComponent("Info.plist").absoluteString
        let text = FixTexts.upperCaseRegion.replacingOccurrences(
            of: "<dict>", with: "<dict><!-- eplint:disable-next EP102 -->")
        client.send([
            "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": text]],
        ])
        func hover(_ line: Int, _ character: Int) -> String? {
            let response = client.request(
                7, "textDocument/hover",
                ["textDocument": ["uri": uri], "position": ["line": line, "character": character]])
            return ((response?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        }
        // "<dict><!-- eplint:disable-next " is 31 characters: EP102 spans 31 to 36.
        #expect(hover(2, 31)?.hasPrefix("# EP102 region-unknown\n") == true)
        #expect(hover(2, 36)?.hasPrefix("# EP102 region-unknown\n") == true)
        #expect(hover(2, 30)?.hasPrefix("# EP008") == true)  // The comment itself is EP008's finding.
        #expect(hover(0, 3) == nil)
        // On a StoreKit key: its entitlement, regions and (for the link keys) the link maximum.
        let key = try #require(hover(3, 10))
        #expect(key.hasPrefix("**SKExternalPurchase**: an array of region strings."))
        #expect(key.contains("- Entitlement: `com.apple.developer.storekit.external-purchase` set to `<true/>`"))
        #expect(key.contains(", nl, ") && !key.contains(", us, ") && !key.contains("links per region"))
        let response = client.request(
            8, "textDocument/codeAction",
            [
                "textDocument": ["uri": uri],
                "range": ["start": ["line": 5, "character": 0], "end": ["line": 5, "character": 0]],
                "context": ["diagnostics": []],
            ])
        let actions = try #require(response?["result"] as? [[String: Any]])
        #expect(
            actions.map { $0["title"] as? String } == [
                "Fix: region 'NL' must be lowercase: 'nl' [EP101]", "Disable EP101 for the next element",
                "Fix all safe eplint findings in this file",
            ])
        #expect(actions.map { $0["isPreferred"] as? Bool } == [true, nil, nil])
        func edits(_ action: [String: Any]) -> [[String: Any]]? {
            ((action["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])?[uri]
        }
        #expect(edits(actions[0])?.map { $0["newText"] as? String } == ["nl"])
        // The disabling comment goes on its own line before the finding's, indented as it is.
        #expect(edits(actions[1])?.map { $0["newText"] as? String } == ["\t\t<!-- eplint:disable-next EP101 -->\n"])
        #expect(
            edits(actions[1])?.first?["range"] as? [String: [String: Int]] == [
                "start": ["line": 5, "character": 0], "end": ["line": 5, "character": 0],
            ])
        // Fix all: the unsaved text as `--fix` would write it, replacing the whole document.
        #expect(
            edits(actions[2])?.map { $0["newText"] as? String } == [text.replacingOccurrences(of: "NL", with: "nl")])
        #expect(
            edits(actions[2])?.first?["range"] as? [String: [String: Int]] == [
                "start": ["line": 0, "character": 0], "end": ["line": 9, "character": 0],
            ])
        // Applied, the comment suppresses the finding (no EP008: it suppresses something).
        client.send([
            "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [
                    ["range": edits(actions[1])![0]["range"]!, "text": edits(actions[1])![0]["newText"]!]
                ],
            ],
        ])
        #expect(client.published.map { $0["code"] as? String } == ["EP008"])  // Only the earlier EP102 comment's.
        // Outside every finding's lines, only the file's action; `only` narrows by kind.
        func actionTitles(line: Int, only: [String]? = nil) -> [String?] {
            var context: [String: Any] = ["diagnostics": []]
            if let only { context["only"] = only }
            let response = client.request(
                9, "textDocument/codeAction",
                [
                    "textDocument": ["uri": uri],
                    "range": ["start": ["line": line, "character": 0], "end": ["line": line, "character": 1]],
                    "context": context,
                ])
            return (response?["result"] as? [[String: Any]])?.map { $0["title"] as? String } ?? [nil]
        }
        client.send([
            "method": "textDocument/didChange",
            "params": ["textDocument": ["uri": uri, "version": 3], "contentChanges": [["text": text]]],
        ])
        #expect(actionTitles(line: 0) == ["Fix all safe eplint findings in this file"])
        #expect(actionTitles(line: 5, only: ["quickfix"]).count == 2)
        #expect(actionTitles(line: 5, only: ["source"]) == ["Fix all safe eplint findings in this file"])
        let closed = client.request(
            10, "textDocument/hover",
            ["textDocument": ["uri": "file:///nowhere/a.swift"], "position": ["line": 0, "character": 0]])
        #expect(closed?.keys.contains("result") == true && closed?["result"] is NSNull)
    }

    /// Messages that arrived together: the edits are linted once, before the first request
    /// (which then sees the last text), and a request cancelled in the same burst is answered
    /// -32800 without being worked on.
    @Test func aBurstIsLintedOnceAndCancelledRequestsAreNotRun() throws {
        let folder = try TestScratch.folder("lsp")
        let client = Client()
        client.initialize(root: folder)
        let uri = folder.appendingPathComponent("Info.plist").absoluteString
        func body(_ object: [String: Any]) -> [UInt8] {
            var message = object
            message["jsonrpc"] = "2.0"
            return Array(try! JSONSerialization.data(withJSONObject: message))
        }
        func change(_ version: Int, _ text: String) -> [UInt8] {
            body([
                "method": "textDocument/didChange",
                "params": ["textDocument": ["uri": uri, "version": version], "contentChanges": [["text": text]]],
            ])
        }
        let hover: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": 5, "character": 12]]
        let before = client.sent.count
        client.server.handle([
            body([
                "method": "textDocument/didOpen",
                "params": [
                    "textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": FixTexts.upperCaseRegion]
                ],
            ]),
            change(2, FixTexts.upperCaseRegion.replacingOccurrences(of: "NL", with: "nl")),
            change(3, FixTexts.upperCaseRegion.replacingOccurrences(of: "NL", with: "XX")),
            body(["id": 7, "method": "textDocument/hover", "params": hover]),
            body(["method": "$/cancelRequest", "params": ["id": "eight"]]),
            body(["id": "eight", "method": "textDocument/hover", "params": hover]),
        ])
        let sent = client.sent[before...]
        let published = sent.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
        #expect(published.count == 1)
        #expect((published.first?["params"] as? [String: Any])?["version"] as? Int == 3)
        #expect(client.published.map { $0["code"] as? String } == ["EP102"])
        // The hover came after the publish, on version 3's finding.
        let answer = sent.first { $0["id"] as? Int == 7 }
        let value = ((answer?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(value?.hasPrefix("# EP102 region-unknown") == true)
        #expect(client.errorCode(sent.first { $0["id"] as? String == "eight" }) == -32800)
        #expect(sent.count == 3)
    }

    /// An open entitlements file's unsaved text is what its Info.plist is linted against: a
    /// change to it re-lints the open Info.plist, closing it restores the saved text.
    @Test func anOpenEntitlementsFileIsItsUnsavedText() throws {
        let folder = try TestScratch.folder("lsp")
        let info = FixTexts.upperCaseRegion.replacingOccurrences(of: "NL", with: "nl")
        let granted = FixTexts.grantedEntitlements
        try Data(info.utf8).write(to: folder.appendingPathComponent("Info.plist"))
        try Data(granted.utf8).write(to: folder.appendingPathComponent("App.entitlements"))
        let client = Client()
        client.initialize(root: folder)
        let infoURI = folder.appendingPathComponent("Info.plist").absoluteString
        let entitlementsURI = folder.appendingPathComponent("App.entitlements").absoluteString
        func open(_ uri: String, _ text: String) {
            client.send([
                "method": "textDocument/didOpen",
                "params": ["textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": text]],
            ])
        }
        func infoCodes() -> [String?] {
            let last = client.sent.last {
                ($0["method"] as? String) == "textDocument/publishDiagnostics"
                    && ($0["params"] as? [String: Any])?["uri"] as? String == infoURI
            }
            return ((last?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]])?.map {
                $0["code"] as? String
            } ?? [nil]
        }
        open(infoURI, info)
        #expect(infoCodes() == [])
        open(entitlementsURI, granted.replacingOccurrences(of: "<true/>", with: "<false/>"))
        #expect(infoCodes() == ["EP401"])
        client.send(["method": "textDocument/didClose", "params": ["textDocument": ["uri": entitlementsURI]]])
        #expect(infoCodes() == [])
    }

    /// A client that watches files for the server is asked to after `initialized`; a change it
    /// reports re-lints every open document with the plan as it is now on disk.
    @Test func watchedFilesRefreshOpenDocuments() throws {
        let folder = try TestScratch.folder("lsp")
        try Data(FixTexts.upperCaseRegion.utf8).write(to: folder.appendingPathComponent("Info.plist"))
        let client = Client()
        _ = client.request(
            1, "initialize",
            [
                "rootUri": folder.absoluteString,
                "capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]],
            ])
        client.send(["method": "initialized", "params": [:]])
        let registration = client.sent.last
        #expect(registration?["method"] as? String == "client/registerCapability")
        let watchers = ((registration?["params"] as? [String: Any])?["registrations"] as? [[String: Any]])?.first
        #expect(watchers?["method"] as? String == "workspace/didChangeWatchedFiles")
        let uri = folder.appendingPathComponent("Info.plist").absoluteString
        client.send([
            "method": "textDocument/didOpen",
            "params": [
                "textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": FixTexts.upperCaseRegion]
            ],
        ])
        #expect(client.published.map { $0["code"] as? String } == ["EP101"])
        // The client answers the registration: nothing to do.
        client.send(["id": "eplint-register-watchers", "result": NSNull()])
        try Data("disable: [EP101]\n".utf8).write(to: folder.appendingPathComponent(".eplint.yml"))
        let before = client.sent.count
        client.send([
            "method": "workspace/didChangeWatchedFiles",
            "params": ["changes": [["uri": folder.appendingPathComponent(".eplint.yml").absoluteString, "type": 1]]],
        ])
        #expect(client.sent.count == before + 1)
        #expect(client.published.isEmpty)
    }
}
