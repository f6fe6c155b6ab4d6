import Foundation
import TestSupport
import Testing

/// `eplint lsp` in Neovim's own client, headless, set up with docs/editors.md's snippet for that
/// version: LanguageServer/nvim_batch.lua prints the client's root and the buffer's diagnostics
/// (every namespace: pushed and pulled), asks for hover and applies the preferred quick fix.
/// Each file is opened by a relative path (`nvim app/Info.plist`), as a user in the repository would.
@Suite struct LanguageServerNeovimTests {
    /// EP101 after a comment of CJK (3 UTF-8 bytes, 1 UTF-16 unit), € (3 and 1) and an emoji
    /// (4 and 2), and EP201 and EP205 (one range) after the same on another line: a position counted in the wrong unit
    /// lands on another byte in Neovim, which keeps columns in bytes.
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>SKExternalPurchase</key>
        \t<array>
        \t\t<!-- 日本語€😀 --><string>NL</string>
        \t</array>
        \t<key>SKExternalPurchaseLink</key>
        \t<dict>
        \t\t<key>nl</key>
        \t\t<!-- 価格😀 --><string>http://example.com/日本</string>
        \t</dict>
        </dict>
        </plist>

        """

    /// docs/editors.md's first `lua` block that contains `marker`.
    static func snippet(containing marker: String) throws -> String {
        let text = try String(
            contentsOf: Eplint.packageRoot.appendingPathComponent("docs/editors.md"), encoding: .utf8)
        let blocks = text.components(separatedBy: "```lua\n").dropFirst().map {
            $0.components(separatedBy: "```").first ?? ""
        }
        return try #require(blocks.first { $0.contains(marker) }, "no lua block with \(marker) in docs/editors.md")
    }

    /// `(line, start byte, end byte)` of `element` in the text, 0-based: computed from the
    /// text's own UTF-8, not by eplint.
    static func byteRange(of element: String, in text: String) throws -> (Int, Int, Int) {
        let lines = text.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains(element) })
        let start = try #require(lines[line].range(of: element)).lowerBound
        let before = lines[line][..<start].utf8.count
        return (line, before, before + element.utf8.count)
    }

    struct Session {
        let folder: URL
        let output: String
        let lines: [String]
        let fixed: String?

        var diagnostics: [String] { lines.filter { $0.hasPrefix("diagnostic ") } }
        var root: String? { lines.first { $0.hasPrefix("root ") }.map { String($0.dropFirst("root ".count)) } }
    }

    /// Runs Neovim at `nvim` in a fresh workspace that `prepare` fills (beside `app/Info.plist`).
    static func session(
        _ nvim: String, snippet: String, fix: Bool, hover: String?, prepare: (URL) throws -> Void
    ) throws -> Session {
        let folder = try TestScratch.folder("nvim")
        let app = folder.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Self.infoPlist.write(to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        try prepare(folder)
        let home = folder.appendingPathComponent(".nvim-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let initFile = home.appendingPathComponent("init.lua")
        try snippet.write(to: initFile, atomically: true, encoding: .utf8)
        let result = home.appendingPathComponent("result.plist")
        let script = Eplint.packageRoot.appendingPathComponent("Tests/EndToEndTests/LanguageServer/nvim_batch.lua")
        var environment = ProcessInfo.processInfo.environment
        // The snippet runs `eplint` from PATH, as a user's does: the built one.
        environment["PATH"] = Eplint.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        for name in ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "HOME"] {
            environment[name] = home.path
        }
        if fix { environment["NVIM_BATCH_RESULT"] = result.path }
        if let hover { environment["NVIM_BATCH_HOVER"] = hover }
        let run = try ChildProcess.run(
            nvim,
            ["--headless", "-n", "-i", "NONE", "-u", initFile.path, "-c", "luafile \(script.path)", "app/Info.plist"],
            in: folder, environment: environment, output: .captured, error: .captured)
        let output = String(decoding: run.standardOutput + run.standardError, as: UTF8.self)
        #expect(run.status == 0, "\(output)")
        let lines = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
        return Session(
            folder: folder, output: output, lines: lines,
            fixed: fix ? try? String(contentsOf: result, encoding: .utf8) : nil)
    }

    /// A root as Neovim spells it and the workspace folder are the same folder.
    static func sameFolder(_ root: String?, _ folder: URL) -> Bool {
        guard let root else { return false }
        return URL(fileURLWithPath: root).resolvingSymlinksInPath().path == folder.resolvingSymlinksInPath().path
    }

    /// The two findings, each once, at their bytes; `severity` is EP101's (2 when `.eplint.yml`
    /// made it a warning, as the root's configuration does).
    static func expectedDiagnostics(ep101Severity: Int) throws -> [String] {
        let (line1, start1, end1) = try byteRange(of: "<string>NL</string>", in: infoPlist)
        let (line2, start2, end2) = try byteRange(of: "<string>http://example.com/日本</string>", in: infoPlist)
        return [
            "diagnostic \(line1):\(start1)-\(line1):\(end1) \(ep101Severity) EP101 region 'NL' must be lowercase: 'nl'",
            "diagnostic \(line2):\(start2)-\(line2):\(end2) 1 EP201 link",
            "diagnostic \(line2):\(start2)-\(line2):\(end2) 1 EP205 link",
        ]
    }

    static func matches(_ diagnostics: [String], _ expected: [String]) -> Bool {
        diagnostics.count == expected.count && zip(diagnostics, expected).allSatisfy { $0.hasPrefix($1) }
    }

    @Test(.requires(.neovim)) func neovim011ShowsEachFindingOnceAppliesAFixAndHovers() throws {
        let nvim = try RequiredTool.neovim.require()
        let snippet = try Self.snippet(containing: "vim.lsp.enable")
        // The root's `.eplint.yml` makes EP101 a warning: it applies only if the root was found.
        let session = try Self.session(nvim, snippet: snippet, fix: true, hover: "3:8") { folder in
            try "severity:\n  EP101: warning\n".write(
                to: folder.appendingPathComponent(".eplint.yml"), atomically: true, encoding: .utf8)
        }
        #expect(Self.sameFolder(session.root, session.folder), "\(session.output)")
        let expected = try Self.expectedDiagnostics(ep101Severity: 2)
        #expect(Self.matches(session.diagnostics, expected), "\(session.output)")
        #expect(
            session.lines.contains { $0.hasPrefix("hover ") && $0.contains("SKExternalPurchase") }, "\(session.output)")
        #expect(session.lines.contains { $0.hasPrefix("action ") && $0.contains("EP101") }, "\(session.output)")
        #expect(
            session.fixed == Self.infoPlist.replacingOccurrences(of: ">NL<", with: ">nl<")
                .trimmingCharacters(in: .newlines) + "\n", "\(session.output)")
        // After the fix, what is left is shown once too.
        let after = session.lines.filter { $0.hasPrefix("after ") }
        #expect(after.map { $0.split(separator: " ")[3] } == ["EP201", "EP205"], "\(session.output)")
    }

    /// Without `.eplint.yml`, the root is the Xcode project's folder, else the repository's.
    @Test(.requires(.neovim), arguments: ["App.xcodeproj", ".git"])
    func neovim011FindsTheRootFrom(_ marker: String) throws {
        let nvim = try RequiredTool.neovim.require()
        let session = try Self.session(
            nvim, snippet: try Self.snippet(containing: "vim.lsp.enable"), fix: false, hover: nil
        ) { folder in
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(marker), withIntermediateDirectories: true)
        }
        #expect(Self.sameFolder(session.root, session.folder), "\(session.output)")
        #expect(Self.matches(session.diagnostics, try Self.expectedDiagnostics(ep101Severity: 1)), "\(session.output)")
    }

    /// Debian's Neovim 0.7 does not pull: the pushed diagnostics, once each, the root found.
    @Test(.requires(.neovim07)) func neovim07ShowsEachFindingOnce() throws {
        let nvim = try RequiredTool.neovim07.require()
        let session = try Self.session(
            nvim, snippet: try Self.snippet(containing: "start_client"), fix: false, hover: nil
        ) { folder in
            try "severity:\n  EP101: warning\n".write(
                to: folder.appendingPathComponent(".eplint.yml"), atomically: true, encoding: .utf8)
        }
        #expect(Self.sameFolder(session.root, session.folder), "\(session.output)")
        #expect(Self.matches(session.diagnostics, try Self.expectedDiagnostics(ep101Severity: 2)), "\(session.output)")
    }
}
