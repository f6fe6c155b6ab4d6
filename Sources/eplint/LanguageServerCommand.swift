import EplintBase
import LanguageServer
import LintRun

/// `eplint lsp`: the language server on standard input and output (LanguageServer).
struct LanguageServerCommand {
    static let spec = CommandSpec.declared(
        name: "lsp", abstract: "Run the Language Server Protocol server on standard input and output.",
        by: LanguageServerCommand.init)

    init(_ options: inout OptionReader) throws(UsageError) {
        // Clients such as vscode-languageclient add --stdio; standard input/output is the only transport.
        _ = options.flag("stdio", help: "Talk over standard input and output (the default and only transport).")
    }

    func execute() -> Int32 {
        LanguageServer(root: currentDirectory()) { _ = writeAll($0[...], to: 1) }.serve(
            FileDescriptorSource(descriptor: 0))
    }
}
