import Foundation
import TestSupport
import Testing

/// `eplint lsp` driven by pytest-lsp, a real protocol client (LanguageServer/test_eplint_lsp.py):
/// initialize, open, incremental change, save, close, diagnostics equal to `--format json`'s
/// on the same saved file, quick fixes applied equal to `--fix`, a move's edit of both files, hover, pull diagnostics, an unknown method, a cancelled request, and the exit status with and without shutdown.
@Suite struct LanguageServerClientTests {
    @Test(.requires(.lspPython)) func pytestLSPDrivesTheServer() throws {
        let python = try RequiredTool.lspPython.require()
        let script = Eplint.packageRoot.appendingPathComponent("Tests/EndToEndTests/LanguageServer/test_eplint_lsp.py")
        var environment = ProcessInfo.processInfo.environment
        environment["EPLINT"] = Eplint.executable.path
        let run = try ChildProcess.run(
            python,
            [
                "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "asyncio_default_fixture_loop_scope=function",
                "--basetemp", try TestScratch.folder("pytest-lsp").path, script.path,
            ],
            environment: environment, output: .captured, error: .captured)
        let output = String(decoding: run.standardOutput + run.standardError, as: UTF8.self)
        #expect(run.status == 0, "\(output)")
        #expect(output.contains("5 passed"), "\(output)")
    }
}
