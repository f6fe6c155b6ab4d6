import EplintBase
import LanguageServer
import LintRun

/// `eplint lsp`: the language server on standard input and output (LanguageServer).
struct LanguageServerCommand: Command {
    static let spec = CommandSpec.declared(
        name: "lsp", abstract: "Run the Language Server Protocol server on standard input and output.",
        by: LanguageServerCommand.init)

    init(_ options: inout OptionReader) throws(UsageError) {
        // Clients such as vscode-languageclient add --stdio; standard input/output is the only transport.
        _ = options.flag("stdio", help: "Talk over standard input and output (the default and only transport).")
    }

    /// 0 after `shutdown` and `exit`, 1 when the client exits or leaves without shutting down.
    func execute() -> ExitStatus {
        let status = LanguageServer(root: currentDirectory(), fileSystem: HostPlanFileSystem()) {
            _ = writeAll($0[...], to: 1)
        }.serve(
            FileDescriptorSource(descriptor: 0))
        return ExitStatus(rawValue: status) ?? .failure
    }
}
