import Foundation
import LintEngine
import TestSupport
import Testing

/// Rule links (SARIF's `helpUri`, the language server's) name a tag only in a build made from
/// that tag, which scripts/release.sh marks; any other build links the pages on `main`, as no
/// tag may exist yet.
@Suite struct ReleaseLinkTests {
    static let identityPath = "Sources/LintEngine/ToolIdentity.swift"

    @Test func aBuildFromTheSourcesLinksMain() throws {
        #expect(!ToolIdentity.fromReleaseTag)
        #expect(ToolIdentity.page("Rules/EP203.md") == ToolIdentity.repository + "/blob/main/Rules/EP203.md")
        let sarif = try Eplint.run(["--format", "sarif", "Examples/BrokenApp"]).standardOutput
        #expect(sarif.contains("\"helpUri\": \"\(ToolIdentity.repository)/blob/main/Rules/EP101.md\""))
        #expect(!sarif.contains("/blob/v"))
        // A release build names its own tag, and only its own.
        let version = ToolIdentity.version
        #expect(ToolIdentity.reference(for: version, fromReleaseTag: true) == "v" + version)
        #expect(ToolIdentity.reference(for: version + "-other", fromReleaseTag: true) == "main")
    }

    /// scripts/release.sh's own substitutions, run on ToolIdentity.swift as it does with a tag:
    /// both the version and the release mark change.
    @Test func releaseScriptMarksABuildFromATag() throws {
        let script = try String(
            contentsOf: Eplint.packageRoot.appendingPathComponent("scripts/release.sh"), encoding: .utf8)
        let lines = script.split(separator: "\n").filter { $0.contains("-e \"s/^    package static let") }
        #expect(lines.count == 2, "\(lines)")
        let expressions = lines.map { line -> String in
            // The double-quoted word as the shell reads it: `\"` is a quote, the variables are set.
            var body = ""
            var escaped = false
            for character in line[line.range(of: "-e \"")!.upperBound...] {
                if escaped {
                    body.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    break
                } else {
                    body.append(character)
                }
            }
            return body.replacingOccurrences(of: "$version", with: "9.8.7").replacingOccurrences(
                of: "$from_tag", with: "true")
        }
        let directory = try Eplint.temporaryDirectory()
        let copy = directory.appendingPathComponent("ToolIdentity.swift")
        try FileManager.default.copyItem(
            at: Eplint.packageRoot.appendingPathComponent(Self.identityPath), to: copy)
        let sed = try ChildProcess.run(
            "/bin/sed", expressions.flatMap { ["-e", $0] } + [copy.path], output: .captured, error: .captured)
        let result = String(decoding: sed.standardOutput, as: UTF8.self)
        #expect(sed.status == 0)
        #expect(result.contains("\n    package static let version = \"9.8.7\"\n"), "\(expressions)")
        #expect(result.contains("\n    package static let fromReleaseTag = true\n"), "\(expressions)")
    }
}
