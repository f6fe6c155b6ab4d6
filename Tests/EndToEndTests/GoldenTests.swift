import Foundation
import Testing

/// `Golden/NAME.plist` (or `.entitlements`) linted as `eplint [ARGS] NAME.plist` in that folder
/// must print exactly `Golden/NAME.out`, and exit 1 exactly when it holds an error. ARGS
/// come from `Golden/NAME.args` (one argument a line) when present.
@Suite struct GoldenTests {
    static let directory = Eplint.packageRoot.appendingPathComponent("Tests/EndToEndTests/Golden")

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".out") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// A parameterised test over no case passes: a moved or emptied folder must fail instead.
    @Test func theFolderListsCases() {
        #expect(Self.cases.count >= 10, "\(Self.directory.path): \(Self.cases)")
    }

    @Test(arguments: cases) func golden(_ name: String) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
        let input = try #require(
            files.first { $0.hasPrefix(name + ".") && !$0.hasSuffix(".out") && !$0.hasSuffix(".args") })
        let argumentsFile = Self.directory.appendingPathComponent(name + ".args")
        let extra =
            (try? String(contentsOf: argumentsFile, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        let expected = try String(contentsOf: Self.directory.appendingPathComponent(name + ".out"), encoding: .utf8)
        let run = try Eplint.run(extra + [input], in: Self.directory)
        #expect(run.standardOutput == expected)
        #expect(run.standardError == "")
        #expect(run.status == (expected.contains(": error: ") ? 1 : 0))
    }
}
