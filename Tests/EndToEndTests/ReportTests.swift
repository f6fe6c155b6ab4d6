import Foundation
import TestSupport
import Testing

@testable import Reporters

/// One finding as every format must agree on it.
private struct Finding: Hashable, CustomStringConvertible {
    var file: String, line: Int, column: Int, rule: String, severity: String
    var description: String { "\(file):\(line):\(column) \(rule) \(severity)" }
}

private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite struct ReportTests {
    static let golden = GoldenTests.directory
    /// shared/tools/validate-sarif beside the checkout (as CI has it), or under EPLINT_SHARED_DIR.
    static let validator: URL? = SharedData.Item.validateSARIF.present.flatMap { tool in
        FileManager.default.isExecutableFile(atPath: tool.path) ? tool : nil
    }

    static var goldenInputs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? []
        return names.filter { !$0.hasSuffix(".out") && !$0.hasSuffix(".args") }.sorted()
    }

    func arguments(for input: String) -> [String] {
        let name = String(input[..<input.lastIndex(of: ".")!])
        let file = Self.golden.appendingPathComponent(name + ".args")
        return (try? String(contentsOf: file, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }

    /// A parameterised test over no input passes: a moved or emptied folder must fail instead.
    @Test func goldenFolderListsInputs() {
        #expect(Self.goldenInputs.count >= 10, "\(Self.golden.path): \(Self.goldenInputs)")
    }

    @Test(arguments: goldenInputs) func everyFormatReportsTheSameFindings(_ input: String) throws {
        let extra = arguments(for: input)
        let gcc = try Eplint.run(extra + [input], in: Self.golden)
        let gccFindings = Set(
            gcc.standardOutput.split(separator: "\n").compactMap { line -> Finding? in
                guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
                let parts = line.split(separator: ":", maxSplits: 4)
                return Finding(
                    file: String(parts[0]), line: Int(parts[1])!, column: Int(parts[2])!,
                    rule: String(line[line.index(after: open)..<line.index(before: line.endIndex)]),
                    severity: parts[3].trimmingCharacters(in: .whitespaces))
            })

        let jsonRun = try Eplint.run(extra + ["--format", "json", input], in: Self.golden)
        let diagnostics = try json(jsonRun.standardOutput)["diagnostics"] as? [[String: Any]] ?? []
        let jsonFindings = Set(
            diagnostics.map {
                Finding(
                    file: $0["file"] as! String, line: $0["line"] as! Int, column: $0["column"] as! Int,
                    rule: $0["rule"] as! String, severity: $0["severity"] as! String)
            })
        let utf16Columns = Set(diagnostics.map { "\($0["line"]!):\($0["utf16Column"]!) \($0["rule"]!)" })

        let github = try Eplint.run(extra + ["--format", "github", input], in: Self.golden)
        let githubFindings = Set(
            github.standardOutput.split(separator: "\n").filter { $0.hasPrefix("::") }.map { line -> Finding in
                let command = line.dropFirst(2).prefix { $0 != " " }
                let properties = line.dropFirst(2 + command.count + 1).prefix { $0 != ":" }
                var values: [String: String] = [:]
                for pair in properties.split(separator: ",") {
                    let kv = pair.split(separator: "=", maxSplits: 1)
                    values[String(kv[0])] = GitHubEscaping.unescape(String(kv[1]))
                }
                let title = values["title"]!
                return Finding(
                    file: values["file"]!, line: Int(values["line"]!)!, column: Int(values["col"]!)!,
                    rule: String(title.prefix(5)), severity: command == "notice" ? "note" : String(command))
            })

        let sarifRun = try Eplint.run(extra + ["--format", "sarif", input], in: Self.golden)
        let results =
            ((try json(sarifRun.standardOutput)["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
            ?? []
        let sarifFindings = Set(
            results.map { result -> String in
                let location = (result["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any]
                let region = location["region"] as! [String: Any]
                return "\(region["startLine"]!):\(region["startColumn"]!) \(result["ruleId"]!)"
            })

        #expect(!gccFindings.isEmpty)
        #expect(jsonFindings == gccFindings)
        #expect(githubFindings == gccFindings)
        #expect(sarifFindings == utf16Columns)
        #expect(Set([gcc.status, jsonRun.status, github.status, sarifRun.status]).count == 1)
    }

    @Test(
        .requires(.validateSARIF),
        .requires(.python),
        arguments: goldenInputs)
    func sarifValidatesForGitHub(_ input: String) throws {
        let validator = try #require(Self.validator)
        _ = try RequiredTool.python.require()
        let directory = try Eplint.temporaryDirectory()
        let log = directory.appendingPathComponent("report.sarif")
        try Eplint.run(arguments(for: input) + ["--format", "sarif", "--output", log.path, input], in: Self.golden)
        let validation = try ChildProcess.run(
            validator.path, ["--github", log.path], output: .captured, error: .output)
        let text = String(decoding: validation.standardOutput, as: UTF8.self)
        #expect(validation.status == 0 && !validation.signaled, "\(text)")
    }

    @Test func fingerprintsSurviveALineShift() throws {
        let directory = try Eplint.temporaryDirectory()
        let original = try String(
            contentsOf: Self.golden.appendingPathComponent("everything-at-once.plist"), encoding: .utf8)
        let shifted = original.replacingOccurrences(
            of: "<plist version=\"1.0\">", with: "<!-- a comment -->\n\n\n<plist version=\"1.0\">")
        func fingerprints(_ text: String) throws -> [String] {
            try text.write(to: directory.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
            let run = try Eplint.run(["--format", "sarif", "Info.plist"], in: directory)
            let results = (try json(run.standardOutput)["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]]
            return results.map { ($0["partialFingerprints"] as! [String: String])["eplint/v1"]! }
        }
        let before = try fingerprints(original)
        let after = try fingerprints(shifted)
        #expect(before.count == 16)
        #expect(before == after)
        #expect(Set(before).count == before.count, "fingerprints are distinct within a file")
    }

    @Test func reportsFromOneRunLeaveStandardOutputAndStatusAlone() throws {
        let directory = try Eplint.temporaryDirectory()
        let plain = try Eplint.run(["Examples/BrokenApp"])
        let sarif = directory.appendingPathComponent("eplint.sarif").path
        let jsonPath = directory.appendingPathComponent("eplint.json").path
        let both = try Eplint.run(["--report", "sarif=\(sarif)", "--report", "json=\(jsonPath)", "Examples/BrokenApp"])
        #expect(both.standardOutput == plain.standardOutput)
        #expect(both.status == plain.status)
        #expect(try json(String(contentsOfFile: jsonPath, encoding: .utf8))["version"] as? Int == 1)
        #expect(
            try String(contentsOfFile: sarif, encoding: .utf8)
                == Eplint.run(["--format", "sarif", "Examples/BrokenApp"]).standardOutput)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func unwritableReportIsAFailedRunAndLeavesNothing() throws {
        let directory = try Eplint.temporaryDirectory()
        let run = try Eplint.run([
            "--report", "sarif=\(directory.path)/missing/x.sarif", "--output", "\(directory.path)/out.txt",
            "Examples/CorrectApp",
        ])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: eplint: cannot write '\(directory.path)/missing/x.sarif'"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.txt"])
        #expect(try Eplint.run(["--report", "yaml=x", "Examples/CorrectApp"]).status == 2)
    }

    @Test func snapshotsOfWholeReports() throws {
        // Every format of the list: a new one comes with its snapshot.
        for format in ReporterList.all.map(\.name) {
            let run = try Eplint.run([
                "--format", format, "--srcroot", "Tests", "Tests/EndToEndTests/Golden/everything-at-once.plist",
            ])
            let root = Eplint.packageRoot.standardizedFileURL.path
            let normalised = run.standardOutput.replacingOccurrences(of: "file://\(root)/", with: "file:///PACKAGE/")
            let snapshot = Eplint.packageRoot.appendingPathComponent(
                "Tests/EndToEndTests/Snapshots/everything-at-once.\(format)")
            if ProcessInfo.processInfo.environment["EPLINT_RECORD_SNAPSHOTS"] != nil {
                // A recorded snapshot is compared with itself: fail, so that it is reviewed
                // (git diff) and counts only from the next run without the variable.
                try normalised.write(to: snapshot, atomically: true, encoding: .utf8)
                Issue.record(
                    "recorded \(snapshot.lastPathComponent) (EPLINT_RECORD_SNAPSHOTS): review it, then run again without the variable"
                )
                continue
            }
            #expect(normalised == (try String(contentsOf: snapshot, encoding: .utf8)), "\(format)")
        }
    }

    @Test func githubEscapingRoundTrips() {
        for text in ["100% sure", "a\r\nb", "key: value, more", "%25 already", "::error::", ""] {
            #expect(GitHubEscaping.unescape(GitHubReporter.escapeProperty(text)) == text)
            #expect(GitHubEscaping.unescape(GitHubReporter.escapeData(text)) == text)
            #expect(!GitHubReporter.escapeProperty(text).contains(where: { ":,\r\n".contains($0) }))
            #expect(!GitHubReporter.escapeData(text).contains(where: { "\r\n".contains($0) }))
        }
    }

    @Test func colourFollowsTheFlagAndTheEnvironment() throws {
        let escape = "\u{1B}["
        let quiet: [String: String?] = ["NO_COLOR": nil, "FORCE_COLOR": nil]
        #expect(
            !(try Eplint.run(["Examples/BrokenApp"], environment: quiet).standardOutput.contains(escape)),
            "piped output stays plain")
        #expect(try Eplint.run(["--color", "always", "Examples/BrokenApp"]).standardOutput.contains(escape))
        #expect(
            try Eplint.run(["Examples/BrokenApp"], environment: ["FORCE_COLOR": "1", "NO_COLOR": nil]).standardOutput
                .contains(escape))
        #expect(
            !(try Eplint.run(["Examples/BrokenApp"], environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"]).standardOutput
                .contains(escape)))
        #expect(
            !(try Eplint.run(["--color", "never", "Examples/BrokenApp"], environment: ["FORCE_COLOR": "1"])
                .standardOutput.contains(escape)))
        #expect(
            !(try Eplint.run(["--color", "always", "--format", "json", "Examples/BrokenApp"]).standardOutput.contains(
                escape)))
    }

    @Test(.requires(.script))
    func terminalShowsTheSourceLineACaretAndASummary() throws {
        // `script` gives eplint a real pseudo-terminal, as a developer's shell would.
        let commands =
            "\(Eplint.executable.path) Examples/BrokenApp; \(Eplint.executable.path) --color never Examples/BrokenApp"
        let outcome = try ChildProcess.run(
            try RequiredTool.script.require(), PseudoTerminal.scriptArguments(running: commands),
            in: Eplint.packageRoot,
            environment: ["TERM": "xterm", "PATH": "/usr/bin:/bin"],  // no NO_COLOR: colour as on a real terminal
            output: .captured, error: .inherited)
        let text = String(decoding: outcome.standardOutput, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        let plain = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(
            plain.contains(
                "Examples/BrokenApp/Info.plist:11:3: error: [*] region 'NL' must be lowercase: 'nl' [EP101]\n\t\t<string>NL</string>\n\t\t^\n"
            ))
        #expect(plain.contains("7 errors, 1 warning in 2 files"))
        // With --color never under the same terminal: only the plain lines.
        let second = plain.components(separatedBy: "7 errors, 1 warning in 2 files\n").last ?? ""
        #expect(
            !second.isEmpty && second.split(separator: "\n").allSatisfy { $0.hasPrefix("Examples/BrokenApp/") },
            "\(second)")
        #if os(Linux)
            // -e: the command's status (BSD script's status is its own, not the command's).
            #expect(outcome.status == 1 && !outcome.signaled)
        #endif
    }

    @Test func ruleCatalogue() throws {
        let list = try Eplint.run(["rules"])
        #expect(list.status == 0)
        let lines = list.standardOutput.split(separator: "\n")
        #expect(lines.count == 99)
        #expect(
            lines.contains {
                $0.hasPrefix("EP203  url-has-query")
                    && $0.contains("  error    unsafe  A destination URL has a query component.")
            })
        #expect(lines.contains { $0.hasPrefix("EP101  region-not-lowercase") && $0.contains("  safe    ") })
        #expect(lines.contains { $0.hasPrefix("EP102  region-unknown") && $0.contains("  none    ") })
        let catalogue = try json(Eplint.run(["rules", "--format", "json"]).standardOutput)
        let rules = try #require(catalogue["rules"] as? [[String: Any]])
        #expect(rules.count == 99)
        #expect(rules.first { $0["id"] as? String == "EP405" }?["fix"] as? String == "unsafe")
        #expect(Set(rules.compactMap { $0["fix"] as? String }) == ["none", "safe", "unsafe"])
        let page = try String(contentsOf: Eplint.packageRoot.appendingPathComponent("Rules/EP203.md"), encoding: .utf8)
        #expect(try Eplint.run(["explain", "EP203"]).standardOutput == page)
        #expect(try Eplint.run(["explain", "url-has-query"]).standardOutput == page)
        // The language server's configuration rule is listed and explained like the others.
        #expect(lines.contains { $0.hasPrefix("EP012  configuration-error") && $0.contains("  error    none    ") })
        #expect(try Eplint.run(["explain", "EP012"]).standardOutput.hasPrefix("# EP012 configuration-error\n"))
        let unknown = try Eplint.run(["explain", "EP999"])
        #expect(unknown.status == 2 && unknown.standardError.hasPrefix("error: eplint: unknown rule"))
        let regions = try Eplint.run(["regions"])
        #expect(
            regions.standardOutput
                == (try String(
                    contentsOf: Eplint.packageRoot.appendingPathComponent("Rules/regions.plist"), encoding: .utf8)))
        // With the date the lists were last checked and the source of each.
        #expect(
            regions.standardOutput.contains("<key>AsOf</key>") && regions.standardOutput.contains("<key>Sources</key>"))
        // Every Apple fact a rule uses, each section with its source and the date it was checked (issue 47).
        for section in ["TokenTypes", "NotificationSubtypes", "MinimumOS", "EntitlementRegions"] {
            #expect(
                regions.standardOutput.components(separatedBy: "<key>\(section)</key>").count
                    == (section == "EntitlementRegions" ? 2 : 3),
                "\(section): a section and its source")
        }
        #expect(regions.standardOutput.components(separatedBy: "checked 2026-12-01").count > 3)
    }
}

/// GitHub's workflow-command escaping undone, as the runner reads a command.
enum GitHubEscaping {
    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",").replacingOccurrences(
                of: "%25", with: "%")
    }
}
