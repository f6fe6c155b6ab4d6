import Foundation
import Testing

/// `--stamp FILE`: the build-tool plugin's declared output, written empty when the run passes.
@Suite struct StampTests {
    @Test func theStampIsWrittenEmptyOnlyWhenTheRunPasses() throws {
        let project = try Project()
        let region = { (code: String) in
            "<plist version=\"1.0\"><dict><key>SKExternalPurchase</key><array><string>\(code)</string></array></dict></plist>\n"
        }
        try project.write("Info.plist", region("NL"))
        let stamp = project.root.appendingPathComponent("out/linted.swift")
        try FileManager.default.createDirectory(
            at: stamp.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(try project.run(["--stamp", stamp.path, "Info.plist"]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: stamp.path))
        try project.write(".eplint.yml", "severity: {EP101: warning}\n")
        let warned = try project.run(["--stamp", stamp.path, "Info.plist"])
        #expect(warned.status == 0 && warned.standardOutput.contains("[EP101]"))
        #expect(try Data(contentsOf: stamp).isEmpty)
        #expect(
            try project.run([
                "--strict", "--stamp", project.root.appendingPathComponent("strict.swift").path, "Info.plist",
            ]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: project.root.appendingPathComponent("strict.swift").path))
    }
}
