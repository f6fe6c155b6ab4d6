import Foundation
import Testing

/// The formats whose consumers match paths against the repository's files (GitLab, Checkstyle,
/// JUnit, Markdown, and SARIF's `%SRCROOT%` URIs) name each file relative to `--srcroot` (the
/// working directory by default) with no `./`, however the command line spelled the path.
@Suite struct RepositoryPathTests {
    static let rootRelativeFormats = ["gitlab", "checkstyle", "junit", "markdown", "sarif"]

    /// A repository holding a copy of the Examples' BrokenApp and CorrectApp.
    static func repository() throws -> URL {
        let root = try Eplint.temporaryDirectory().appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for app in ["BrokenApp", "CorrectApp"] {
            try FileManager.default.copyItem(
                at: Eplint.packageRoot.appendingPathComponent("Examples/\(app)"), to: root.appendingPathComponent(app))
        }
        return root
    }

    /// Where each format names a file (messages quote paths as the command line gave them, as gcc's do).
    static let pathPatterns: [String: [String]] = [
        "gitlab": [#""path": "([^"]*)""#],
        "checkstyle": [#"<file name="([^"]*)""#],
        "junit": [#"<testsuite name="([^"]*)""#, #"classname="([^"]*)""#, #"(?m)^(?:.*>)?([^\s>]+):\d+:\d+: "#],
        "markdown": [#"(?m)^### (?:Regions in )?` (.*) `$"#, #"(?m)^Entitlements: ` (.*) `$"#],
        "sarif": [#""uri": "([^"]*)",\s*"uriBaseId""#],
    ]

    static func paths(_ output: String, format: String) throws -> [String] {
        try (pathPatterns[format] ?? []).flatMap { pattern in
            let expression = try NSRegularExpression(pattern: pattern)
            return expression.matches(in: output, range: NSRange(output.startIndex..., in: output)).map {
                String(output[Range($0.range(at: 1), in: output)!])
            }
        }
    }

    @Test func everySpellingOfTheSamePathNamesTheSameFiles() throws {
        let root = try Self.repository()
        let app = root.appendingPathComponent("BrokenApp")
        let runs: [(String, [String], URL)] = [
            ("eplint ./BrokenApp/", ["./BrokenApp/"], root),
            ("eplint . in BrokenApp --srcroot ..", ["--srcroot", "..", "."], app),
            ("eplint ../BrokenApp in BrokenApp --srcroot ..", ["--srcroot", "..", "../BrokenApp"], app),
            ("eplint --srcroot ROOT ROOT/BrokenApp", ["--srcroot", root.path, app.path], Eplint.packageRoot),
        ]
        for format in Self.rootRelativeFormats {
            let expected = try Eplint.run(["--format", format, "BrokenApp"], in: root)
            #expect(expected.status == 1)
            let paths = try Self.paths(expected.standardOutput, format: format)
            #expect(paths.contains { $0.hasSuffix("BrokenApp/Info.plist") }, "\(format): \(paths)")
            #expect(
                !paths.contains { $0.hasPrefix("./") || $0.hasPrefix("/") || $0.contains("file:") },
                "\(format): \(paths)")
            for (name, arguments, directory) in runs {
                let run = try Eplint.run(["--format", format] + arguments, in: directory)
                #expect(try Self.paths(run.standardOutput, format: format) == paths, "\(format): \(name)")
            }
            // `eplint .` reports CorrectApp too: BrokenApp's files in the same words.
            let all = try Self.paths(
                try Eplint.run(["--format", format, "."], in: root).standardOutput, format: format)
            #expect(all.filter { $0.contains("BrokenApp") } == paths, "\(format): eplint .")
        }
    }

    /// The build-tool plugin and Xcode read gcc's paths as given; GitHub resolves them itself.
    @Test func gccAndGitHubKeepThePathsAsGiven() throws {
        let root = try Self.repository()
        let app = root.appendingPathComponent("BrokenApp")
        let gcc = try Eplint.run(["--format", "gcc", "."], in: root).standardOutput
        #expect(gcc.hasPrefix("./BrokenApp/Info.plist:"))
        let inApp = try Eplint.run(["--format", "gcc", "--srcroot", "..", "Info.plist"], in: app).standardOutput
        #expect(inApp.hasPrefix("Info.plist:"))
        let github = try Eplint.run(["--format", "github", "."], in: root).standardOutput
        #expect(github.contains("file=./BrokenApp/Info.plist,"))
    }

    /// The README's GitLab recipe, run at the repository's root: every `location.path` is a
    /// file there, as GitLab matches it against the merge request's diff.
    @Test func gitlabRecipePathsExistInTheRepository() throws {
        let root = try Self.repository()
        let run = try Eplint.run(["--report", "gitlab=gl-code-quality-report.json", "."], in: root)
        #expect(run.status == 1)
        let data = try Data(contentsOf: root.appendingPathComponent("gl-code-quality-report.json"))
        let issues = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(!issues.isEmpty)
        for issue in issues {
            let path = try #require((issue["location"] as? [String: Any])?["path"] as? String)
            #expect(!path.hasPrefix("/") && !path.hasPrefix("./"), "\(path)")
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(path)")
        }
    }
}
