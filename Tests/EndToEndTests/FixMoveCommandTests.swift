import Foundation
import TestSupport
import Testing

/// `eplint --fix --unsafe-fixes` moving entries between an Info.plist and its entitlements
/// file (EP404, EP405): a two-file edit, run as a user runs it. Where no move is made, and why,
/// is LintRunTests' FixMoveTests, in-process.
@Suite struct FixMoveCommandTests {
    typealias Texts = FixTexts.Move

    static let diff = """
        --- Info.plist
        +++ Info.plist
        @@ -6,7 +6,9 @@
         \t\t<key>nl</key>
         \t\t<string>https://example.com/nl</string>
         \t</dict>
        -\t<key>com.apple.developer.storekit.external-purchase-link</key>
        -\t<true/>
        +\t<key>SKExternalPurchase</key>
        +\t<array>
        +\t\t<string>nl</string>
        +\t</array>
         </dict>
         </plist>
        --- App.entitlements
        +++ App.entitlements
        @@ -3,9 +3,7 @@
         <dict>
             <key>com.apple.developer.storekit.external-purchase</key>
             <true/>
        -    <key>SKExternalPurchase</key>
        -    <array>
        -        <string>nl</string>
        -    </array>
        +    <key>com.apple.developer.storekit.external-purchase-link</key>
        +    <true/>
         </dict>
         </plist>

        """

    func pair(_ infoPlist: String = Texts.infoPlist, _ entitlements: String = Texts.entitlements, in directory: URL)
        throws -> (
            info: URL, entitlements: URL
        )
    {
        let files = (
            directory.appendingPathComponent("Info.plist"), directory.appendingPathComponent("App.entitlements")
        )
        try Data(infoPlist.utf8).write(to: files.0)
        try Data(entitlements.utf8).write(to: files.1)
        return files
    }

    func text(_ file: URL) throws -> String { String(decoding: try Data(contentsOf: file), as: UTF8.self) }

    /// --diff shows both files in one diff that patch -p0 and git apply -p0 apply; --fix writes
    /// the same, keeps each file's permissions, and a second --fix has nothing left to do.
    @Test func moveDiffsAppliesAndWritesBothFiles() throws {
        let directory = try Eplint.temporaryDirectory()
        let files = try pair(in: directory)
        let safe = try Eplint.run(["--diff", "Info.plist"], in: directory)
        #expect(safe.status == 0 && safe.standardOutput == "", "a move is unsafe: \(safe.standardOutput)")

        let diff = try Eplint.run(["--diff", "--unsafe-fixes", "Info.plist"], in: directory)
        #expect(diff.status == 1)
        #expect(diff.standardOutput == Self.diff)
        // EP404, EP405 and what they caused: EP401 (the link's entitlement) and EP402 (the unused one).
        #expect(diff.standardError == "4 would be fixed, 0 would remain\n")
        #expect(
            try text(files.info) == Texts.infoPlist && text(files.entitlements) == Texts.entitlements,
            "--diff changed a file")
        try diff.standardOutputData.write(to: directory.appendingPathComponent("fix.patch"))

        // Applied by a real tool: under strict mode one must be there (else the loop proves nothing).
        #expect(!Eplint.patchTools.isEmpty || !RequiredTool.strict, "neither patch nor git is installed")
        for tool in Eplint.patchTools {
            _ = try pair(in: directory)
            #expect(try Eplint.runTool(tool, in: directory) == 0, "\(tool[0]) failed")
            #expect(
                try text(files.info) == Texts.movedInfoPlist && text(files.entitlements) == Texts.movedEntitlements,
                "\(tool[0])")
        }

        _ = try pair(in: directory)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: files.entitlements.path)
        let run = try Eplint.run(["--fix", "--unsafe-fixes", "Info.plist"], in: directory)
        #expect(run.status == 0)
        #expect(run.standardOutput == "" && run.standardError == "4 fixed, 0 remaining\n")
        #expect(try text(files.info) == Texts.movedInfoPlist)
        #expect(try text(files.entitlements) == Texts.movedEntitlements)
        let mode = try FileManager.default.attributesOfItem(atPath: files.entitlements.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let again = try Eplint.run(["--fix", "--unsafe-fixes", "Info.plist"], in: directory)
        #expect(again.status == 0 && again.standardError == "0 fixed, 0 remaining\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty)
    }

    /// JSON names the other file of a move's edits; the entitlements file linted on its own
    /// as well (a walk of the folder) reports what it holds after the move.
    @Test func jsonShowsTheDestinationAndAWalkIsFixedOnce() throws {
        let directory = try Eplint.temporaryDirectory()
        _ = try pair(in: directory)
        let json = try Eplint.run(["--format", "json", "Info.plist"], in: directory)
        let findings =
            try #require(try JSONSerialization.jsonObject(with: json.standardOutputData) as? [String: Any])[
                "diagnostics"] as? [[String: Any]]
        let moved = try #require(findings?.first { $0["rule"] as? String == "EP405" })
        let edits = try #require((moved["fix"] as? [String: Any])?["edits"] as? [[String: Any]])
        #expect(edits.map { $0["file"] as? String } == [nil, "Info.plist"])
        #expect(
            edits.map { $0["replacement"] as? String } == [
                "", "\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>nl</string>\n\t</array>\n",
            ])
        #expect(edits.map { $0["line"] as? Int } == [6, 11])

        let walk = try Eplint.run(["--fix", "--unsafe-fixes", "."], in: directory)
        #expect(walk.status == 0, "\(walk.standardError)")
        #expect(try text(directory.appendingPathComponent("Info.plist")) == Texts.movedInfoPlist)
    }

    /// SIGINT while --fix moves entries in many pairs of files: each pair is both old or both
    /// new (renamed together with the signals blocked), and no temporary file is left.
    @Test func interruptedMoveLeavesEachPairOldOrNew() throws {
        let directory = try Eplint.temporaryDirectory()
        let folders = (0..<150).map { "App\($0)" }
        for folder in folders {
            let path = directory.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            _ = try pair(in: path)
        }
        let first = directory.appendingPathComponent("App0/Info.plist")
        let process = try ChildProcess.start(
            Eplint.executable.path, ["--fix", "--unsafe-fixes"] + folders.map { "\($0)/Info.plist" }, in: directory)
        let deadline = Date().addingTimeInterval(30)
        while (try? text(first)) == Texts.infoPlist && process.isRunning && Date() < deadline { usleep(200) }
        process.signal(SIGINT)
        #expect(process.wait().signaled, "eplint ended before SIGINT came")
        var moved = 0
        for folder in folders {
            let info = try text(directory.appendingPathComponent("\(folder)/Info.plist"))
            let entitlements = try text(directory.appendingPathComponent("\(folder)/App.entitlements"))
            let old = info == Texts.infoPlist && entitlements == Texts.entitlements
            let new = info == Texts.movedInfoPlist && entitlements == Texts.movedEntitlements
            #expect(old || new, "\(folder) is split or half written after SIGINT")
            if new { moved += 1 }
            let left = try FileManager.default.contentsOfDirectory(
                atPath: directory.appendingPathComponent(folder).path
            ).filter { $0.hasSuffix(".tmp") }
            #expect(left.isEmpty, "\(folder): \(left)")
        }
        // Stopped among the moves, as the test means it to be.
        #expect(moved > 0 && moved < folders.count, "\(moved) of \(folders.count) moved")
    }
}
