import Foundation
import LintEngine
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

    /// Every plist rule page's failing and passing examples, each in a folder of its own as
    /// `Info.plist` with the page's entitlements beside it (paired as on the command line), as
    /// written and with multibyte text before their elements: the server's diagnostics equal
    /// `eplint --format json`'s findings on each file.
    @Test(.requires(.lspPython)) func rulePageExamplesDiagnosticsEqualTheCommandLine() throws {
        let folder = try TestScratch.folder("rule-page-examples")
        let pages = RuleCatalog.all.map(RulePage.init).filter { $0.serverKind == nil }
        var examples = 0
        var documents = 0
        for page in pages {
            let named =
                page.failingSuffixes.map { ("failing\($0)", "xml entitlements\($0)") }
                + page.passingSuffixes.map { ("passing\($0)", "xml passing-entitlements\($0)") }
            for (name, entitlementsBlock) in named {
                let plist = try #require(page.block("xml \(name)"))
                let entitlements = page.block(entitlementsBlock)
                // As written, then with multibyte text before each indented line's elements.
                let variants: [(String, (String) -> String)] = [("", { $0 }), ("-multibyte", Self.multibytePrefixed)]
                for (variant, transform) in variants {
                    let example = folder.appendingPathComponent(
                        "\(page.metadata.id.rawValue)-\(name.replacingOccurrences(of: " ", with: "-"))\(variant)")
                    try FileManager.default.createDirectory(at: example, withIntermediateDirectories: true)
                    try transform(plist).write(
                        to: example.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
                    if let entitlements {
                        try transform(entitlements).write(
                            to: example.appendingPathComponent("App.entitlements"), atomically: true, encoding: .utf8)
                        documents += 1
                    }
                    documents += 1
                }
                examples += 1
            }
        }
        #expect(examples >= 2 * pages.count)
        let output = try Self.pytest(["-s", "-k", "corpus"], environment: ["EPLINT_LSP_CORPUS": folder.path])
        #expect(output.contains("1 passed"), "\(output)")
        // Every file compared: none left out by a command-line run that failed.
        #expect(output.contains("compared \(documents) documents"), "\(output)")
    }

    /// `text` with a comment of 2-, 3- and 4-byte characters (1, 1 and 2 UTF-16 units) after each
    /// indented line's tabs: a position counted in the wrong unit no longer matches.
    static func multibytePrefixed(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let indent = line.prefix { $0 == "\t" }
            return indent.isEmpty ? String(line) : indent + "<!--é日€😀-->" + line.dropFirst(indent.count)
        }.joined(separator: "\n")
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
