import EplintBase
import Foundation
import TestSupport
import Testing

@testable import LanguageServer

/// Diagnostics of typed changes are pushed `debounce` milliseconds after a document's last
/// change, on the server's clock (the test's: nothing here waits).
@Suite struct DebounceTests {
    typealias Client = ServerTests.Client

    static func publishes(_ client: Client) -> [[String: Any]] {
        client.sent.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
    }

    static func start(debounce: Int?) throws -> (Client, String) {
        let folder = try TestScratch.folder("lsp-debounce")
        let client = Client()
        var params: [String: Any] = ["rootUri": folder.absoluteString, "capabilities": [:]]
        if let debounce { params["initializationOptions"] = ["debounceMilliseconds": debounce] }
        _ = client.request(1, "initialize", params)
        let uri = folder.appendingPathComponent("Info.plist").absoluteString
        client.send([
            "method": "textDocument/didOpen",
            "params": [
                "textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": FixTexts.upperCaseRegion]
            ],
        ])
        return (client, uri)
    }

    static func change(_ client: Client, _ uri: String, _ version: Int) {
        client.send([
            "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": uri, "version": version],
                "contentChanges": [["text": FixTexts.upperCaseRegion.replacingOccurrences(of: "NL", with: "XX")]],
            ],
        ])
    }

    @Test func changesArePushedOnceTheDelayHasPassedSinceTheLast() throws {
        let (client, uri) = try Self.start(debounce: 150)
        #expect(client.server.debounce == 150)
        // Opening is linted at once.
        #expect(Self.publishes(client).count == 1)
        Self.change(client, uri, 2)
        #expect(Self.publishes(client).count == 1)
        #expect(client.server.nextLint == 150)
        client.now = 100
        client.server.lintDue()
        #expect(Self.publishes(client).count == 1)
        // Another change restarts the delay.
        Self.change(client, uri, 3)
        client.now = 200
        #expect(client.server.nextLint == 50)
        client.server.lintDue()
        #expect(Self.publishes(client).count == 1)
        client.now = 250
        client.server.lintDue()
        #expect(Self.publishes(client).count == 2)
        #expect((Self.publishes(client).last?["params"] as? [String: Any])?["version"] as? Int == 3)
        #expect(client.published.map { $0["code"] as? String } == ["EP102"])
        #expect(client.server.nextLint == nil)
        client.server.lintDue()
        #expect(Self.publishes(client).count == 2)
    }

    /// A save, or a request about the document, does not wait for the delay.
    @Test func aSaveOrARequestLintsAtOnce() throws {
        let (client, uri) = try Self.start(debounce: nil)
        #expect(client.server.debounce == 150)
        Self.change(client, uri, 2)
        client.send(["method": "textDocument/didSave", "params": ["textDocument": ["uri": uri]]])
        #expect(Self.publishes(client).count == 2)
        #expect(client.server.nextLint == nil)
        Self.change(client, uri, 3)
        Self.change(client, uri, 4)
        let pulled = client.request(5, "textDocument/diagnostic", ["textDocument": ["uri": uri]])
        #expect(Self.publishes(client).count == 3)
        #expect((Self.publishes(client).last?["params"] as? [String: Any])?["version"] as? Int == 4)
        #expect(((pulled?["result"] as? [String: Any])?["items"] as? [[String: Any]])?.count == 1)
    }

    /// The serve loop waits for input as long as the delay has left, then pushes: `ready` is
    /// asked with what remains and says no input came.
    @Test func theServeLoopWaitsTheDelayForInput() throws {
        let folder = try TestScratch.folder("lsp-debounce")
        let uri = folder.appendingPathComponent("Info.plist").absoluteString
        func frame(_ object: [String: Any]) -> [UInt8] {
            var message = object
            message["jsonrpc"] = "2.0"
            let body = Array(try! JSONSerialization.data(withJSONObject: message))
            return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        let input = [
            frame([
                "id": 1, "method": "initialize",
                "params": [
                    "rootUri": folder.absoluteString, "capabilities": [:],
                    "initializationOptions": ["debounceMilliseconds": 40],
                ],
            ]),
            frame([
                "method": "textDocument/didOpen",
                "params": [
                    "textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": FixTexts.upperCaseRegion]
                ],
            ]),
            frame([
                "method": "textDocument/didChange",
                "params": [
                    "textDocument": ["uri": uri, "version": 2],
                    "contentChanges": [["text": FixTexts.upperCaseRegion.replacingOccurrences(of: "NL", with: "nl")]],
                ],
            ]),
        ]
        let client = Client()
        var asked: [Int] = []
        _ = client.server.serve(OneMessagePerRead(messages: input)) { wait in
            asked.append(wait)
            client.now += wait  // The time passes without input.
            return false
        }
        #expect(asked == [40])
        let versions = Self.publishes(client).map { ($0["params"] as? [String: Any])?["version"] as? Int }
        #expect(versions == [1, 2])
        #expect(client.published.isEmpty)
    }
}

/// Each read gives one message: each is a burst of its own, as when a client types slowly.
private struct OneMessagePerRead: ByteSource {
    var messages: [[UInt8]]

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int {
        guard !messages.isEmpty else { return 0 }
        let message = messages.removeFirst()
        buffer.copyBytes(from: message)
        return message.count
    }

    mutating func rewind() throws(ReadFailure) {}
}
