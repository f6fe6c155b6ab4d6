import Foundation
import TestSupport
import Testing

/// `eplint lsp` driven by pytest-lsp, a real protocol client (LanguageServer/test_eplint_lsp.py):
/// initialize, open, incremental change, save, close, diagnostics equal to `--format json`'s
/// on the same saved file, quick fixes applied equal to `--fix`, a move's edit of both files, hover, pull diagnostics, an unknown method, a cancelled request, and the exit status with and without shutdown.
@Suite struct LanguageServerClientTests {
    @Test(.requires(.lspPython)) func pytestLSPDrivesTheServer() throws {
        let output = try Self.pytest()
        #expect(output.contains("6 passed, 1 skipped"), "\(output)")
    }

    /// Every text plist and entitlements file of the golden tests (CR and CR LF line ends,
    /// multibyte text), the examples and the real-world corpus (687 files without StoreKit
    /// keys): 698 documents, 34 findings. Opened in the server, each one's diagnostics equal
    /// `eplint --format json`'s findings on the file, run in the server's root (positions in UTF-16).
    @Test(.requires(.lspPython), .requires(.realWorld)) func corpusDiagnosticsEqualTheCommandLine() throws {
        let folders = [
            Eplint.packageRoot.appendingPathComponent("Tests/EndToEndTests/Golden"),
            Eplint.packageRoot.appendingPathComponent("Examples"), try SharedData.Item.realWorld.require(),
        ]
        let output = try Self.pytest(
            ["-s", "-k", "corpus"], environment: ["EPLINT_LSP_CORPUS": folders.map(\.path).joined(separator: ":")])
        #expect(output.contains("1 passed"), "\(output)")
    }

    /// Runs the pytest-lsp tests; their output, the test failed when pytest did.
    static func pytest(_ arguments: [String] = [], environment extra: [String: String] = [:]) throws -> String {
        let python = try RequiredTool.lspPython.require()
        let script = Eplint.packageRoot.appendingPathComponent("Tests/EndToEndTests/LanguageServer/test_eplint_lsp.py")
        var environment = ProcessInfo.processInfo.environment
        environment["EPLINT"] = Eplint.executable.path
        environment["EPLINT_LSP_CORPUS"] = nil
        environment.merge(extra) { _, new in new }
        let run = try ChildProcess.run(
            python,
            [
                "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "asyncio_default_fixture_loop_scope=function",
                "--basetemp", try TestScratch.folder("pytest-lsp").path,
            ] + arguments + [script.path],
            environment: environment, output: .captured, error: .captured)
        let output = String(decoding: run.standardOutput + run.standardError, as: UTF8.self)
        #expect(run.status == 0, "\(output)")
        return output
    }
}
