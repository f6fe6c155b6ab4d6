import Foundation
import Testing

/// The command plugin tells a path from an option's value by eplint's flags, the options that
/// take no value: its list (Plugins/EplintCommandPlugin/LintFlags.swift) is generated from lint's
/// option table by scripts/plugin-flags.sh, and this fails when the table has changed since.
@Suite struct CommandPluginFlagsTests {
    @Test func thePluginsFlagsAreLintsOptionsWithoutValue() throws {
        let help = try Eplint.run(["--help"])
        #expect(help.status == 0)
        var table: Set<String> = []
        var inOptions = false
        for line in help.standardOutput.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("OPTIONS:") { inOptions = true } else if line.hasPrefix("SUBCOMMANDS:") { break }
            guard inOptions, line.hasPrefix("  -") else { continue }
            // The label ends where its help starts, at two spaces (or the line ends there).
            let body = line.dropFirst(2)
            let label = body.range(of: "  ").map { body[..<$0.lowerBound] } ?? body
            // `--name <VALUE>` takes a value; `--name` and `-h, --help` do not.
            if label.contains("<") { continue }
            for word in label.split(separator: " ") {
                table.insert(String(word.trimmingCharacters(in: CharacterSet(charactersIn: ","))))
            }
        }
        #expect(table.isSuperset(of: ["--artifacts", "--strict", "--fix", "-h", "--help", "--version"]))
        let generated = try String(
            contentsOf: Eplint.packageRoot.appendingPathComponent("Plugins/EplintCommandPlugin/LintFlags.swift"),
            encoding: .utf8)
        let listed = Set(
            generated.matches(of: try Regex(#""(-[^"]+)""#)).map { String($0.output[1].substring ?? "") })
        #expect(
            listed == table,
            "run scripts/plugin-flags.sh: the plugin lacks \(table.subtracting(listed).sorted()), has \(listed.subtracting(table).sorted())"
        )
    }
}
