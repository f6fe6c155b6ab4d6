import Foundation
import TestSupport
import Testing

/// Every input is opened once per run: the entitlements file four Info.plists pair with is read
/// before linting, and excerpts (SARIF snippets, a terminal's source lines) come from the text
/// the file was linted from. Counted with strace, as the kernel sees the opens.
@Suite struct ReadOnceTests {

    private static func folder() throws -> Project {
        let fixture = try Project()
        for name in ["A-Info.plist", "B-Info.plist", "C-Info.plist", "Info.plist"] {
            try fixture.write("App/\(name)", FixTexts.upperCaseRegion)
        }
        try fixture.write("App/App.entitlements", FixTexts.grantedEntitlements)
        return fixture
    }

    /// How often each file under App/ was opened by the traced command.
    private static func opens(_ command: [String], in fixture: Project) throws -> [String: Int] {
        let trace = fixture.root.appendingPathComponent("opens.trace").path
        try ChildProcess.run(command[0], Array(command.dropFirst()), in: fixture.root)
        var counts: [String: Int] = [:]
        for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        where !line.contains("ENOENT") {
            guard let start = line.firstIndex(of: "\""),
                let end = line[line.index(after: start)...].firstIndex(of: "\"")
            else { continue }
            let path = line[line.index(after: start)..<end]
            guard let name = path.split(separator: "/").last, path.contains("App/"), name.contains(".") else {
                continue
            }
            counts[String(name), default: 0] += 1
        }
        return counts
    }

    @Test(.requires(.strace))
    func everyInputIsOpenedOnce() throws {
        let fixture = try Self.folder()
        let expected = [
            "A-Info.plist": 1, "B-Info.plist": 1, "C-Info.plist": 1, "Info.plist": 1, "App.entitlements": 1,
        ]
        let traced = [
            try RequiredTool.strace.require(), "-f", "-e", "trace=openat,open", "-o", "opens.trace",
            Eplint.executable.path,
        ]
        for format in ["gcc", "sarif", "json"] {
            #expect(try Self.opens(traced + ["--format", format, "."], in: fixture) == expected, "\(format)")
        }
        // Named one by one, as pre-commit names them.
        let named = [
            "App/A-Info.plist", "App/B-Info.plist", "App/C-Info.plist", "App/Info.plist", "App/App.entitlements",
        ]
        #expect(try Self.opens(traced + ["--format", "sarif"] + named, in: fixture) == expected)
        // On a terminal (source lines under each finding), through script(1)'s pseudo-terminal.
        if RequiredTool.script.runs {
            let command = (traced + ["--color", "always", "."]).joined(separator: " ")
            #expect(
                try Self.opens(
                    [try RequiredTool.script.require()] + PseudoTerminal.scriptArguments(running: command), in: fixture)
                    == expected)
        }
    }

    /// The excerpts are those of the text that was linted: SARIF's snippet is the region's text.
    @Test func sarifSnippetsComeFromTheLintedText() throws {
        let fixture = try Self.folder()
        let run = try Eplint.run(["--format", "sarif", "App/Info.plist"], in: fixture.root)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let results = ((json["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let snippets = results.compactMap { result -> String? in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return ((location?["region"] as? [String: Any])?["snippet"] as? [String: Any])?["text"] as? String
        }
        #expect(snippets == ["<string>NL</string>"], "\(run.standardOutput)")
    }
}
