import Foundation
import Testing

/// A binary Info.plist named on the command line is linted like its XML twin: the same
/// rules at the same key paths, located at 1:1 with the key path in the message.
@Suite struct BinaryPlistCommandTests {
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>MinimumOSVersion</key><string>17.4</string>
        <key>SKExternalPurchase</key><array><string>fr</string><string>FR</string><string>zz</string></array>
        <key>SKExternalPurchaseLink</key><dict><key>fr</key><string>http://example.com/fr</string></dict>
        </dict></plist>
        """

    /// `(rule, key path)` of every finding of a JSON report.
    static func findings(_ run: EplintRun) throws -> [String] {
        let report = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        let diagnostics = report?["diagnostics"] as? [[String: Any]] ?? []
        return diagnostics.map { "\($0["rule"] ?? "") \($0["keyPath"] ?? "")" }.sorted()
    }

    @Test func binaryTwinGivesTheSameFindings() throws {
        let root = try Eplint.temporaryDirectory()
        let xml = root.appendingPathComponent("XML/Info.plist")
        let binary = root.appendingPathComponent("Binary/Info.plist")
        for folder in ["XML", "Binary"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Self.infoPlist.write(to: xml, atomically: true, encoding: .utf8)
        let value = try PropertyListSerialization.propertyList(from: Data(Self.infoPlist.utf8), format: nil)
        try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0).write(to: binary)

        let fromXML = try Eplint.run(["--format", "json", "XML/Info.plist"], in: root)
        let fromBinary = try Eplint.run(["--format", "json", "Binary/Info.plist"], in: root)
        let expected = try Self.findings(fromXML)
        #expect(expected.count >= 3)
        #expect(try Self.findings(fromBinary) == expected)
        #expect(fromBinary.status == fromXML.status)

        let gcc = try Eplint.run(["Binary/Info.plist"], in: root)
        let lines = gcc.standardOutput.split(separator: "\n")
        #expect(lines.count == expected.count)
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("Binary/Info.plist:1:1: ") })
        #expect(gcc.standardOutput.contains("(at SKExternalPurchaseLink.fr in the binary property list) [EP201]"))

        // A walk still skips a binary plist that is not named.
        let walk = try Eplint.run(["--verbose", "."], in: root)
        #expect(!walk.standardOutput.contains("Binary/Info.plist"))
        #expect(walk.standardError.contains("./Binary/Info.plist (binary property list)"))
    }
}
