import Foundation
import TestSupport
import Testing

/// Every command output the README and the documents in docs/ show is what the built binary
/// prints, as the rule pages' examples are tests. Two forms are checked:
/// - a ```console block: each `$ eplint ARGS` line, then what it prints (standard output, then
///   standard error) up to the next `$ ` line or the block's end;
/// - a fenced block right after `<!-- output of: eplint ARGS -->`: what that command prints.
/// `…` alone on a line stands for any number of lines, `…` inside a line for any text.
/// Commands run in the package's root with the built `eplint`; words split at blanks, with
/// single quotes grouping.
@Suite struct ReadmeExampleTests {
    struct Example: CustomStringConvertible, Sendable {
        var line: Int
        var arguments: [String]
        var shown: [String]
        var document = "README.md"
        var description: String { "\(document):\(line): eplint \(arguments.joined(separator: " "))" }
    }

    static let readme = Eplint.packageRoot.appendingPathComponent("README.md")

    /// README.md, then docs/*.md by name (paths relative to the package's root).
    static let documents: [String] = {
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: Eplint.packageRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// Every document's text, one after the other (for prose that may be in any of them).
    static func allText() throws -> String {
        try documents.map {
            try String(contentsOf: Eplint.packageRoot.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
    }

    static let examples: [Example] = documents.flatMap { document -> [Example] in
        guard let text = try? String(contentsOf: Eplint.packageRoot.appendingPathComponent(document), encoding: .utf8)
        else { return [] }
        return parse(text).map { example in
            var located = example
            located.document = document
            return located
        }
    }

    static func parse(_ text: String) -> [Example] {
        let lines = text.components(separatedBy: "\n")
        var examples: [Example] = []
        var index = 0
        var marked: (line: Int, arguments: [String])?
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<!-- output of: eplint "), line.hasSuffix(" -->") {
                marked = (
                    index + 1, words(String(line.dropFirst("<!-- output of: eplint ".count).dropLast(" -->".count)))
                )
                index += 1
                continue
            }
            guard line.hasPrefix("```") else {
                if !line.trimmingCharacters(in: .whitespaces).isEmpty { marked = nil }
                index += 1
                continue
            }
            let isConsole = line == "```console"
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            let bodyStart = index - body.count + 1
            index += 1
            if let command = marked {
                examples.append(Example(line: command.line, arguments: command.arguments, shown: body))
            } else if isConsole {
                for (offset, bodyLine) in body.enumerated() where bodyLine.hasPrefix("$ ") {
                    let output = body[(offset + 1)...].prefix { !$0.hasPrefix("$ ") }
                    let command = words(String(bodyLine.dropFirst(2)))
                    examples.append(
                        Example(
                            line: bodyStart + offset, arguments: Array(command.dropFirst()),
                            shown: command.first == "eplint" ? Array(output) : ["not an eplint command: \(bodyLine)"]))
                }
            }
            marked = nil
        }
        return examples
    }

    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current: String?
        var quoted = false
        for character in text {
            if character == "'" {
                quoted.toggle()
                current = current ?? ""
                continue
            }
            if character == " " && !quoted {
                if let word = current { words.append(word) }
                current = nil
                continue
            }
            current = (current ?? "") + String(character)
        }
        if let word = current { words.append(word) }
        return words
    }

    /// Whether `output` is what `shown` shows: line by line, `…` as above. Trailing blank lines
    /// of either do not count.
    static func matches(_ shown: [String], _ output: [String]) -> Bool {
        func trimmed(_ lines: [String]) -> ArraySlice<String> {
            var lines = lines[...]
            while lines.last?.isEmpty == true { lines.removeLast() }
            return lines
        }
        let shown = trimmed(shown)
        let output = trimmed(output)
        // matched[i][j]: shown[i...] matches output[j...]; filled from the end.
        var matched = Array(repeating: Array(repeating: false, count: output.count + 1), count: shown.count + 1)
        matched[shown.count][output.count] = true
        for i in stride(from: shown.count - 1, through: 0, by: -1) {
            let pattern = shown[shown.startIndex + i]
            for j in stride(from: output.count, through: 0, by: -1) {
                if pattern == "…" {
                    matched[i][j] = matched[i + 1][j] || (j < output.count && matched[i][j + 1])
                } else {
                    matched[i][j] =
                        j < output.count && lineMatches(pattern, output[output.startIndex + j]) && matched[i + 1][j + 1]
                }
            }
        }
        return matched[0][0]
    }

    /// One line, with `…` standing for any text.
    static func lineMatches(_ pattern: String, _ line: String) -> Bool {
        let pieces = pattern.components(separatedBy: "…")
        guard pieces.count > 1 else { return pattern == line }
        guard line.hasPrefix(pieces[0]), line.hasSuffix(pieces[pieces.count - 1]),
            line.count >= pieces[0].count + pieces[pieces.count - 1].count
        else { return false }
        var rest = line.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    @Test func theMatcherBites() {
        #expect(Self.matches(["a", "…", "d"], ["a", "b", "c", "d"]))
        #expect(Self.matches(["a", "…"], ["a"]))
        #expect(!Self.matches(["a", "d"], ["a", "b", "d"]))
        #expect(Self.matches(["x … z"], ["x y z"]) && !Self.matches(["x … z"], ["x y"]))
        #expect(!Self.matches(["a…a"], ["a"]))
        #expect(Self.words("--include '**/*.json' x") == ["--include", "**/*.json", "x"])
    }

    /// A README without checked examples, or a marker the parser no longer sees, must fail.
    @Test func theReadmeHasCheckedExamples() {
        #expect(Self.examples.count >= 6, "\(Self.examples)")
        #expect(Self.examples.contains { $0.document == "README.md" }, "the README's tour")
        #expect(Self.examples.contains { $0.document == "docs/usage.md" }, "the output formats")
    }

    /// The set-up's two commands are the ones CI runs: its release build is the one
    /// scripts/integration/release-binary.sh makes and compares with the debug binary, the run
    /// after it lints the example apps, and `swift test` is .ci/run's.
    @Test func setUpCommandsAreTheOnesCIRuns() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let block = try #require(
            text.components(separatedBy: "## Set-up (two commands)").dropFirst().first?
                .components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "\n```").first)
        let commands = block.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map(String.init)
        #expect(commands.count == 2, "\(commands)")
        let parts = try #require(commands.first).components(separatedBy: " && ")
        let releaseBuild = "swift build -c release --static-swift-stdlib --disable-local-rpath --product eplint"
        #expect(parts.first == releaseBuild)
        let script = try String(
            contentsOf: Eplint.packageRoot.appendingPathComponent("scripts/integration/release-binary.sh"),
            encoding: .utf8)
        #expect(script.contains("\n\(releaseBuild) >/dev/null\n"))
        let run = try #require(parts.last).split(separator: " ").map(String.init)
        #expect(run.first == ".build/release/eplint")
        let lint = try Eplint.run(Array(run.dropFirst()))
        #expect(
            lint.status == 1 && lint.standardOutput.hasPrefix("Examples/BrokenApp/Info.plist:"),
            "\(lint.standardOutput)")
        #expect(commands.last == "swift test")
        let ci = try String(contentsOf: Eplint.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("\nswift test\n"))
    }

    /// The README's terminal paragraph: the set-up command's summary, and no source lines, carets
    /// or summary without colour (`NO_COLOR`, `TERM=dumb`), under a real pseudo-terminal.
    @Test(.requires(.script))
    func terminalParagraphIsTrue() throws {
        let text = try Self.allText()
        let summary = "7 errors, 1 warning in 4 files"
        #expect(text.contains("a summary (`\(summary)`\nafter the set-up command)"))
        func terminal(_ environment: [String: String]) throws -> String {
            let outcome = try ChildProcess.run(
                try RequiredTool.script.require(),
                PseudoTerminal.scriptArguments(
                    running: "\(Eplint.executable.path) Examples/BrokenApp Examples/CorrectApp"),
                in: Eplint.packageRoot, environment: ["PATH": "/usr/bin:/bin"].merging(environment) { $1 },
                output: .captured, error: .inherited)
            return String(decoding: outcome.standardOutput, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        }
        let coloured = try terminal(["TERM": "xterm"]).replacingOccurrences(
            of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(coloured.hasSuffix("\(summary)\n") && coloured.contains("\n\t\t^\n"), "\(coloured)")
        for environment in [["TERM": "xterm", "NO_COLOR": "1"], ["TERM": "dumb"]] {
            let plain = try terminal(environment)
            #expect(
                !plain.isEmpty
                    && plain.split(separator: "\n").allSatisfy { $0.hasPrefix("Examples/BrokenApp/Info.plist:") },
                "\(environment): \(plain)")
        }
    }

    @Test(arguments: examples) func exampleOutputIsTheBinarys(_ example: Example) throws {
        let run = try Eplint.run(example.arguments, environment: ["NO_COLOR": nil, "FORCE_COLOR": nil])
        let output = (run.standardOutput + run.standardError).components(separatedBy: "\n")
        #expect(Self.matches(example.shown, output), "\(example) prints:\n\(run.standardOutput)\(run.standardError)")
    }
}
