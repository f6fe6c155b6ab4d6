import EplintBase
import EplintRules
import Foundation
import LintEngine
import Reporters
import TestSupport
import Testing

/// Hostile and broken inputs, in-process: every one ends in diagnostics, never a crash.
@Suite struct RobustnessTests {
    static let example: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("Examples/BrokenApp/Info.plist"), encoding: .utf8))
            ?? ""
    }()

    @Test func truncatedAtEveryByteOffset() {
        let bytes = Array(Self.example.utf8)
        #expect(bytes.count > 1000)
        // Up to the last byte of </plist>: from there on the file is complete.
        let complete =
            bytes.count
            - (Self.example.count
                - Self.example.distance(
                    from: Self.example.startIndex, to: Self.example.range(of: "</plist>")!.upperBound))
        for length in 0..<complete {
            let lines = lint(String(decoding: bytes[0..<length], as: UTF8.self))
            // Every prefix but the whole file is malformed, empty, or (cut inside the
            // prolog) not XML: one fatal diagnostic, nothing else.
            #expect(
                lines.count == 1 && (lines[0].contains("[EP001]") || lines[0].contains("[EP002]")),
                "length \(length): \(lines)")
        }
    }

    @Test func randomBytesAndRandomEdits() throws {
        var generator = SplitMix64(seed: 0xE9_1D_2026)
        let base = Array(Self.example.utf8)
        for round in 0..<1500 {
            var bytes: [UInt8]
            if round % 3 == 0 {
                bytes = (0..<Int(generator.next() % 2048)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            } else {
                bytes = base
                for _ in 0..<(1 + Int(generator.next() % 8)) {
                    let index = Int(generator.next() % UInt64(bytes.count))
                    switch generator.next() % 3 {
                    case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                    case 1:
                        bytes.insert(contentsOf: Array("<key>&#0;]]><!--".utf8).shuffled(using: &generator), at: index)
                    default: bytes.removeSubrange(index..<min(bytes.count, index + Int(generator.next() % 64)))
                    }
                }
            }
            let linter = Linter(rules: allRules, configuration: LintConfiguration())
            var source = BytesSource(bytes)
            // In memory a read cannot fail: a throw fails the test.
            let diagnostics = try linter.lint(&source, path: "Info.plist").diagnostics
            // Noise is not a plist and the example has errors enough to keep some through a few
            // edits: a finding every time. A document that cannot be read is one finding alone.
            #expect(!diagnostics.isEmpty, "round \(round)")
            if diagnostics.contains(where: { Self.fatalRules.contains($0.rule.rawValue) }) {
                #expect(diagnostics.count == 1, "round \(round): \(GCCReporter.render(diagnostics))")
            }
        }
    }

    /// Not well-formed, not a plist at all (EP001), or empty or not XML (EP002).
    static let fatalRules: Set<String> = ["EP001", "EP002"]

    @Test func encodingsAndLineEnds() {
        let text = Self.example
        let utf32LE: [UInt8] =
            [0xFF, 0xFE, 0, 0]
            + text.unicodeScalars.flatMap { scalar in
                (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
            }
        let utf32BE: [UInt8] = text.unicodeScalars.flatMap { scalar in
            (0..<4).reversed().map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
        }
        let expected = lint(text)
        for bytes in [utf32LE, utf32BE] {
            let linter = Linter(rules: allRules, configuration: LintConfiguration())
            var source = BytesSource(bytes)
            let result = try? linter.lint(&source, path: "Info.plist")
            // Unresolved here, so without lint()'s `[*]`.
            #expect(
                GCCReporter.render(result?.diagnostics ?? []).split(separator: "\n").map(String.init)
                    == expected.map { $0.replacingOccurrences(of: ": [*] ", with: ": ") })
        }
        #expect(lint(text.replacingOccurrences(of: "\n", with: "\r")) == expected)
        #expect(
            lint(text.replacingOccurrences(of: "<string>it</string>", with: "<string>i\u{0}t</string>")).first?
                .contains("[EP001]") == true)
        var invalid = Array(text.utf8)
        invalid.insert(contentsOf: [0xC3, 0x28], at: 300)
        let lines = lint(String(decoding: invalid, as: UTF8.self))
        #expect(lines.count == 1)
    }
}

/// Inputs that once broke eplint (from fuzzing or review), replayed on every test run.
@Suite struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Regressions")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// What each replay must end in, as Info.plist, App.entitlements and Settings.plist alike: the
    /// exit status eplint gives (1 with an error) and each finding's rule and position. A new
    /// regression adds its line, so that its replay asserts what the fix made of it.
    static let expected: [String: String] = [
        "cut-comment-then-tag-mismatch-line.plist": "exit 1: EP001 at 5:33",
        "doctype-stopped-parser.plist": "exit 1: EP001 at 1:1",
        "end-tag-positions-in-order.plist": "exit 0:",
        "internal-subset-declarations.plist": "exit 1: EP001 at 1:1",
        "internal-subset-parameter-entity.plist": "exit 1: EP001 at 1:1",
        "nul-after-first-character.plist": "exit 1: EP001 at 1:1",
    ]

    @Test func theFolderListsInputs() {
        #expect(Self.inputs.count >= 6, "\(Self.directory.path): \(Self.inputs)")
    }

    @Test(arguments: inputs) func replays(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        var outcomes: [String] = []
        for path in ["Info.plist", "App.entitlements", "Settings.plist"] {
            let linter = Linter(
                rules: allRules, configuration: LintConfiguration(buildSettings: BuildSettings(["REGION": "nl"])))
            var source = BytesSource(bytes)
            let result = try linter.lint(&source, path: path)
            let rendered = GCCReporter.render(result.diagnostics)
            #expect(
                rendered.split(separator: "\n").filter { $0.hasSuffix("]") }.count == result.diagnostics.count,
                "\(name) as \(path)")
            let status = result.diagnostics.contains { $0.severity == .error } ? 1 : 0
            let findings = result.diagnostics.map { " \($0.rule) at \($0.range.start.line):\($0.range.start.column)" }
            outcomes.append("exit \(status):" + findings.joined(separator: ","))
        }
        let expected = try #require(Self.expected[name], "\(name) has no expected outcome: \(outcomes[0])")
        #expect(outcomes == Array(repeating: expected, count: 3), "\(name)")
    }
}
