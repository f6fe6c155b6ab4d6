import Foundation
import Testing

/// `[*]` before the message of a finding `--fix` would fix, read by the consumers the lines
/// are written for: the mark is part of the message, and the line still ends in `[ID]`.
extension IntegrationTests {
    static let marked = "Examples/BrokenApp/Info.plist:11:3: error: [*] region 'NL' must be lowercase: 'nl' [EP101]"
    /// EP201's fix is unsafe: marked only with `--unsafe-fixes`.
    static let unsafe =
        "Examples/BrokenApp/Info.plist:20:3: error: link 'http://shop.example.com/nl' uses 'http'; destination URLs must use https [EP201]"

    @Test func theBinaryMarksWhatFixWouldFix() throws {
        let run = try Eplint.run(["--color", "never", "Examples/BrokenApp"])
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains(Self.marked), "\(lines)")
        #expect(lines.contains(Self.unsafe), "\(lines)")
        // Only EP101's fix is safe and resolved in BrokenApp.
        #expect(lines.filter { $0.contains("[*]") } == [Self.marked])

        // With --unsafe-fixes, the list beside --diff marks what that diff fixes.
        let report = try Eplint.temporaryDirectory().appendingPathComponent("report.txt")
        _ = try Eplint.run(["--diff", "--unsafe-fixes", "--report", "gcc=\(report.path)", "Examples/BrokenApp"])
        let listed = try String(contentsOf: report, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(listed.contains(Self.marked))
        #expect(
            listed.contains(Self.unsafe.replacingOccurrences(of: "error: link", with: "error: [*] link")), "\(listed)")
        #expect(listed.filter { $0.contains("[*]") }.count == 3, "\(listed)")

        // github's annotation reads as gcc's line does.
        let github = try Eplint.run(["--format", "github", "Examples/BrokenApp"]).standardOutput
        #expect(
            github.contains(",title=EP101 region-not-lowercase::[*] region 'NL' must be lowercase: 'nl'\n"), "\(github)"
        )
    }

    @Test(.requires(.node))
    func problemMatchersReadAMarkedLine() throws {
        let tasks =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Self.root.appendingPathComponent("Examples/vscode/tasks.json")))
            as! [String: Any]
        let vscode =
            (((tasks["tasks"] as! [[String: Any]])[0]["problemMatcher"] as! [String: Any])["pattern"]
            as! [String: Any])["regexp"] as! String
        let expected = [
            "Examples/BrokenApp/Info.plist", "11", "3", "error", "[*] region 'NL' must be lowercase: 'nl'", "EP101",
        ]
        // The VS Code task runs `--color=never`; GitHub's job log may be coloured.
        for (pattern, colours) in [(try Self.githubMatcherPattern(), ["never", "always"]), (vscode, ["never"])] {
            for colour in colours {
                let output = try Eplint.run(["--color", colour, "Examples/BrokenApp"]).standardOutput
                let line = try #require(output.split(separator: "\n").map(String.init).first { $0.contains("[*]") })
                #expect(try matches(pattern, [line]) == [expected], "\(pattern) \(colour): \(line)")
            }
        }
    }

    /// swift-build's script-phase grammar (as `xcodeReadsEveryLine`) splits the marked line at the severity.
    @Test func xcodeReadsAMarkedLine() throws {
        let grammar = try NSRegularExpression(
            pattern: #"^([^'"]+: +|[ \t\f]*)(error|warning|note|notice|fixit): (.*)$"#)
        let line = Self.marked
        let match = try #require(grammar.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)))
        let part = { (index: Int) in String(line[Range(match.range(at: index), in: line)!]) }
        #expect(part(1) == "Examples/BrokenApp/Info.plist:11:3: ")
        #expect(part(2) == "error")
        #expect(part(3) == "[*] region 'NL' must be lowercase: 'nl' [EP101]")
    }
}
