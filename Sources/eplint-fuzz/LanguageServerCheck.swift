import EplintBase
import LanguageServer
import LintRun

/// EPLINT_FUZZ_MODE=lsp: the input is what a client writes to `eplint lsp`, once framed (after
/// an `initialize` and the opening of a document, so that edits reach it) and once as a single
/// message's body. Framing, decoding and edits must never crash, whatever the bytes; the limits
/// (64 MiB a message or a document) bound what they hold.
func fuzzLanguageServer(_ bytes: [UInt8]) {
    let root = "/nonexistent-eplint-fuzz"
    for framed in [true, false] {
        let server = LanguageServer(root: root, fileSystem: HostPlanFileSystem()) { _ in }
        server.handle(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#.utf8))
        server.handle(
            Array(
                #"""
                {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///nonexistent-eplint-fuzz/Info.plist","languageId":"xml","version":1,"text":"<plist>\n<dict>\n\t<key>SKExternalPurchase</key>\n\t<array><string>NL</string></array>\n</dict>\n</plist>\n"}}}
                """#.utf8))
        if framed {
            _ = server.serve(BytesSource(bytes))
        } else {
            server.handle(bytes)
        }
    }
}
