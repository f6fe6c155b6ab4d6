import Foundation
import TestSupport
import Testing

/// eplint's output read by the real consumers: Xcode's script-phase grammar, GitHub's and
/// VS Code's problem matchers (JavaScript regular expressions, run by node), vim's quickfix
/// and Emacs' compilation mode.
@Suite struct IntegrationTests {
    static let root = Eplint.packageRoot

    /// A finding as eplint means it: file, line, column, severity.
    struct Expected: Hashable { var file: String, line: Int, column: Int, severity: String }

    static func gccFindings(_ output: String) -> [Expected] {
        output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, let number = Int(parts[1]), let column = Int(parts[2]) else { return nil }
            return Expected(
                file: String(parts[0]), line: number, column: column,
                severity: parts[3].trimmingCharacters(in: .whitespaces))
        }
    }

    func run(_ executable: String, _ arguments: [String], input: String? = nil, in directory: URL = root) throws -> (
        status: Int32, output: String
    ) {
        let outcome = try ChildProcess.run(
            executable, arguments, in: directory, input: Data((input ?? "").utf8), output: .captured, error: .output)
        return (outcome.status, String(decoding: outcome.standardOutput, as: UTF8.self))
    }

    /// swift-build's script-phase grammar, as it parses each output line.
    @Test func xcodeReadsEveryLine() throws {
        let message = try NSRegularExpression(
            pattern: #"^([^'"]+: +|[ \t\f]*)(error|warning|note|notice|fixit): (.*)$"#)
        let location = try NSRegularExpression(pattern: #"^([^:]+):(?:([0-9]+):)?(?:([0-9]+):)? +$"#)
        let absolute = Self.root.appendingPathComponent("Examples/BrokenApp/Info.plist").path
        let findings = try Eplint.run([absolute, "/nonexistent/Info.plist"])
        var parsed: [Expected] = []
        for line in (findings.standardOutput + findings.standardError).split(separator: "\n").map(String.init) {
            let range = NSRange(line.startIndex..., in: line)
            let match = try #require(message.firstMatch(in: line, range: range), "Xcode would not read: \(line)")
            let prefix = String(line[Range(match.range(at: 1), in: line)!])
            let severity = String(line[Range(match.range(at: 2), in: line)!])
            if line.hasPrefix("error: eplint: ") { continue }  // a tool-level error, no location
            let where_ = try #require(
                location.firstMatch(in: prefix, range: NSRange(prefix.startIndex..., in: prefix)),
                "no location in \(prefix)")
            parsed.append(
                Expected(
                    file: String(prefix[Range(where_.range(at: 1), in: prefix)!]),
                    line: Int(prefix[Range(where_.range(at: 2), in: prefix)!])!,
                    column: Int(prefix[Range(where_.range(at: 3), in: prefix)!])!, severity: severity))
        }
        #expect(parsed == Self.gccFindings(findings.standardOutput))
        #expect(findings.standardError.hasPrefix("error: eplint: "))

        // The one-line build phase of Examples/xcode, as Xcode runs it: the target's settings in
        // the environment, absolute paths, non-zero on errors.
        let guide = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/xcode/README.md"), encoding: .utf8)
        let phase = try #require(
            guide.components(separatedBy: "```sh phase\n").dropFirst().first?.components(separatedBy: "\n```").first)
        #expect(!phase.contains("\n"), "the phase is one line")
        let script = try run(
            "/usr/bin/env",
            [
                "SRCROOT=\(Self.root.path)", "INFOPLIST_FILE=Examples/BrokenApp/Info.plist",
                "CODE_SIGN_ENTITLEMENTS=Examples/BrokenApp/BrokenApp.entitlements", "PLATFORM_NAME=iphoneos",
                "SCRIPT_INPUT_FILE_COUNT=2", "SCRIPT_INPUT_FILE_0=\(absolute)",
                "SCRIPT_INPUT_FILE_1=\(Self.root.path)/Examples/BrokenApp/BrokenApp.entitlements",
                "EPLINT=\(Eplint.executable.path)", "/bin/sh", "-c", phase,
            ])
        #expect(script.status == 1)
        #expect(script.output.contains("\(absolute):11:3: error: [*] region 'NL' must be lowercase: 'nl' [EP101]"))
    }

    /// Runs a problem matcher's regular expression with JavaScript's own engine.
    func matches(_ pattern: String, _ lines: [String]) throws -> [[String]] {
        let node = try RequiredTool.node.require()
        let program = """
            const [pattern, ...lines] = JSON.parse(require('fs').readFileSync(0, 'utf8'));
            const regexp = new RegExp(pattern);
            console.log(JSON.stringify(lines.map(line => { const m = regexp.exec(line); return m ? m.slice(1) : null; })));
            """
        let input = String(decoding: try JSONSerialization.data(withJSONObject: [pattern] + lines), as: UTF8.self)
        let result = try run(node, ["-e", program], input: input)
        let decoded = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [Any], "node said: \(result.output)")
        #expect(decoded.count == lines.count)
        return decoded.map { ($0 as? [Any])?.map { "\($0)" } ?? [] }
    }

    /// The regular expression of the problem matcher the README tells GitHub users to add.
    static func githubMatcherPattern() throws -> String {
        let matcher =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: root.appendingPathComponent("Examples/github/eplint-problem-matcher.json")))
            as! [String: Any]
        return
            (((matcher["problemMatcher"] as! [[String: Any]])[0]["pattern"] as! [[String: Any]])[0]["regexp"]
            as! String)
    }

    @Test(.requires(.node))
    func githubProblemMatcherReadsFindingsWithAndWithoutColour() throws {
        let pattern = try Self.githubMatcherPattern()
        for colour in ["never", "always"] {
            let output = try Eplint.run(["--color", colour, "Examples/BrokenApp"]).standardOutput
            let lines = output.split(separator: "\n").map(String.init)
            let results = try matches(pattern, lines)
            let expected = Self.gccFindings(
                output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression))
            var found: [Expected] = []
            for (line, groups) in zip(lines, results) where !groups.isEmpty {
                #expect(!groups[4].contains("[EP"), "message without the ID: \(line)")
                #expect(groups[5].hasPrefix("EP"))
                found.append(
                    Expected(file: groups[0], line: Int(groups[1])!, column: Int(groups[2])!, severity: groups[3]))
            }
            #expect(found == expected.filter { $0.severity != "note" }, "colour \(colour)")
        }
    }

    /// Text from input that would act on a terminal (ESC sequences: OSC 52 sets the clipboard,
    /// `ESC[2J` clears the screen), or end a line for one reader and not another (U+2028, U+2029,
    /// U+0085, VT, FF), or hide (U+202E, U+200B): directive lines never reach the XML parser, so
    /// any byte but LF and CR can stand in them. Every format shows it escaped, and GitHub's
    /// problem matcher, run by node, annotates every finding (issue 46).
    @Test(.requires(.node))
    func inputQuotedInMessagesIsShownVisibly() throws {
        let directory = try Eplint.temporaryDirectory()
        let hostile = [
            "\u{1B}]52;c;SGVsbG8=\u{07}", "\u{1B}[2J", "a\u{2028}b", "a\u{2029}b", "a\u{85}b", "a\u{0B}b\u{0C}c",
            "\u{202E}evil\u{200B}", "\u{7F}\u{9B}31m",
        ]
        for (index, text) in hostile.enumerated() {
            let folder = directory.appendingPathComponent("App\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let plist =
                "<plist>\n<dict>\n<key>SKExternalPurchase</key><array><string>nl</string></array>\n#error stop \(text) here\n</dict>\n</plist>\n"
            try plist.write(to: folder.appendingPathComponent("Info.plist"), atomically: false, encoding: .utf8)
        }
        let invisible = Set(hostile.joined().unicodeScalars.filter { $0.value < 0x20 || $0.value >= 0x7F }.map(\.value))
        for format in ["gcc", "github", "json", "sarif", "junit", "checkstyle", "gitlab", "markdown"] {
            let run = try Eplint.run(["--color", "never", "--format", format, directory.path])
            #expect(run.status == 1, "\(format): \(run.standardError)")
            let raw = run.standardOutput.unicodeScalars.filter { invisible.contains($0.value) }
            #expect(raw.isEmpty, "\(format) prints \(raw.map { String($0.value, radix: 16) })")
            // Each format's own escaping then applies to the escape: JSON and Markdown double its
            // backslash, SARIF its braces (`{0}` is a placeholder there).
            #expect(
                run.standardOutput.contains("u{1b}") || run.standardOutput.contains("u{{1b}}"), "\(format)")
            if format == "gcc" || format == "github" {
                // (#error's message is its tokens, one space apart, as clang prints them.)
                #expect(run.standardOutput.contains("\\u{1b} ] 52 ; c ; SGVsbG8 = \\u{7}"), "\(format)")
            }
        }
        let pattern = try Self.githubMatcherPattern()
        let output = try Eplint.run(["--color", "never", directory.path]).standardOutput
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter {
            !$0.isEmpty
        }
        let results = try matches(pattern, lines)
        #expect(results.filter { !$0.isEmpty }.count == hostile.count, "\(lines)")
        #expect(lines.count == hostile.count)
        for (line, groups) in zip(lines, results) {
            #expect(groups.count > 5 && groups[5] == "EP002", "not annotated: \(line)")
        }
        // The shown escape is the whole escaping: ESC and the separators become `\u{…}`.
        #expect(output.contains("#error stop a \\u{2028} b here"))
        #expect(output.contains("\\u{202e}evil\\u{200b}"))
    }

    @Test(.requires(.node))
    func vscodeProblemMatcherReadsFindings() throws {
        let tasks = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/vscode/tasks.json"), encoding: .utf8)
        let json = try JSONSerialization.jsonObject(with: Data(tasks.utf8)) as! [String: Any]
        let task = (json["tasks"] as! [[String: Any]])[0]
        let pattern = ((task["problemMatcher"] as! [String: Any])["pattern"] as! [String: Any])["regexp"] as! String
        let output = try Eplint.run(["--color", "never", "Examples/BrokenApp"]).standardOutput
        let lines = output.split(separator: "\n").map(String.init)
        let results = try matches(pattern, lines)
        let found = zip(lines, results).filter { !$0.1.isEmpty }.map {
            Expected(file: $0.1[0], line: Int($0.1[1])!, column: Int($0.1[2])!, severity: $0.1[3])
        }
        #expect(found == Self.gccFindings(output).filter { $0.severity != "note" || found.contains($0) })
        #expect(found.count == output.split(separator: "\n").filter { $0.hasSuffix("]") }.count)
    }

    // Skipped, and reported as skipped, where vim is not installed; failed in strict mode (.ci/run installs it).
    @Test(.requires(.vim))
    func vimQuickfixReadsEveryFinding() throws {
        let directory = try Eplint.temporaryDirectory()
        let output = try Eplint.run(["--color", "never", "Examples/BrokenApp"]).standardOutput
        try output.write(to: directory.appendingPathComponent("eplint.txt"), atomically: true, encoding: .utf8)
        let dump = directory.appendingPathComponent("quickfix.txt").path
        _ = try run(
            try RequiredTool.vim.require(),
            [
                "-es", "-N", "-u", "NONE", "-c", "cfile \(directory.path)/eplint.txt",
                "-c",
                "call writefile(map(filter(getqflist(), 'v:val.valid'), 'bufname(v:val.bufnr).\":\".v:val.lnum.\":\".v:val.col'), '\(dump)')",
                "-c", "qa!",
            ])
        let entries = try String(contentsOfFile: dump, encoding: .utf8).split(separator: "\n").map(String.init)
        let expected = Self.gccFindings(output).map { "\($0.file):\($0.line):\($0.column)" }
        #expect(entries == expected)
    }

    // Skipped, and reported as skipped, where Emacs is not installed; failed in strict mode (.ci/run installs it).
    @Test(.requires(.emacs))
    func emacsCompilationModeReadsEveryFinding() throws {
        let directory = try Eplint.temporaryDirectory()
        let output = try Eplint.run(["--color", "never", "Examples/BrokenApp"]).standardOutput
        let log = directory.appendingPathComponent("eplint.txt")
        try output.write(to: log, atomically: true, encoding: .utf8)
        let lisp = """
            (progn
              (require 'compile)
              (with-temp-buffer
                (insert-file-contents "\(log.path)")
                (setq default-directory "\(Self.root.path)/")
                (compilation-mode)
                (compilation--ensure-parse (point-max))
                (goto-char (point-min))
                (while (not (eobp))
                  (let ((message (get-text-property (point) 'compilation-message)))
                    (when message
                      (let ((location (compilation--message->loc message)))
                        (princ (format "%s:%d:%d\\n" (caar (compilation--loc->file-struct location))
                                       (compilation--loc->line location) (compilation--loc->col location))))))
                  (forward-line 1))))
            """
        let result = try run(try RequiredTool.emacs.require(), ["--batch", "--eval", lisp])
        let parsed = result.output.split(separator: "\n").filter { $0.contains(".plist:") }.map(String.init)
        let expected = Self.gccFindings(output).map { "\($0.file):\($0.line):\($0.column)" }
        #expect(parsed == expected, "\(result.output)")
    }
}
