import Foundation
import TestSupport
import Testing

/// `eplint lsp` in an editor's own client, headless: Emacs's eglot (Debian's `elpa-eglot` on
/// Emacs 28) runs LanguageServer/eglot_batch.el, which reads the diagnostics through Flymake,
/// applies the preferred quick fix eglot is offered, and writes the buffer back for comparison.
@Suite struct LanguageServerEditorTests {
    /// EP101 after a comment holding characters of 2 and 4 UTF-8 bytes (1 and 2 UTF-16 units):
    /// a position converted in the wrong unit moves the diagnostic and breaks the fix's edit.
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>SKExternalPurchase</key>
        \t<array>
        \t\t<!-- é😀 --><string>NL</string>
        \t</array>
        </dict>
        </plist>

        """

    @Test(.requires(.eglot)) func eglotReadsTheDiagnosticAndAppliesItsFix() throws {
        let folder = try TestScratch.folder("eglot")
        let file = folder.appendingPathComponent("Info.plist")
        let result = folder.appendingPathComponent("result.plist")
        try Self.infoPlist.write(to: file, atomically: true, encoding: .utf8)
        let script = Eplint.packageRoot.appendingPathComponent("Tests/EndToEndTests/LanguageServer/eglot_batch.el")
        let run = try ChildProcess.run(
            try RequiredTool.eglot.require(),
            ["--batch", "-l", script.path, Eplint.executable.path, file.path, result.path],
            in: folder, output: .captured, error: .captured)
        let output = String(decoding: run.standardOutput + run.standardError, as: UTF8.self)
        #expect(run.status == 0, "\(output)")
        let lines = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
        // Line 6, from `<string>` (character 13: the emoji is one character) to the element's end.
        #expect(
            lines.filter { $0.hasPrefix("diagnostic ") } == [
                "diagnostic 6:13-6:32 eglot-error eplint [EP101]: region 'NL' must be lowercase: 'nl'"
            ], "\(output)")
        #expect(lines.contains { $0.hasPrefix("action ") && $0.contains("[EP101]") }, "\(output)")
        let fixed = (try? String(contentsOf: result, encoding: .utf8)) ?? ""
        #expect(fixed == Self.infoPlist.replacingOccurrences(of: ">NL<", with: ">nl<"), "\(output)")
    }
}
