import Foundation
import Reporters
import TestSupport
import Testing

@Suite struct CommandLineTests {
    static let corpus = SharedData.Item.realWorld.present

    @Test(.requires(.realWorld))
    func realWorldCorpusIsSilent() throws {
        let run = try Eplint.run([try #require(Self.corpus).path])
        #expect(run.standardOutput == "")
        #expect(run.standardError == "")
        #expect(run.status == 0)
    }

    @Test func examplesAreTheReadmeDemo() throws {
        let broken = try Eplint.run(["Examples/BrokenApp"])
        #expect(broken.status == 1)
        for rule in ["EP101", "EP102", "EP103", "EP201", "EP203", "EP302", "EP005"] {
            #expect(broken.standardOutput.contains("[\(rule)]"), "\(rule)")
        }
        let brokenLines = broken.standardOutput.split(separator: "\n")
        #expect(!brokenLines.isEmpty && brokenLines.allSatisfy { $0.hasPrefix("Examples/BrokenApp/Info.plist:") })
        let correct = try Eplint.run(["Examples/CorrectApp"])
        #expect(correct.standardOutput == "" && correct.status == 0)
    }

    @Test func exitStatuses() throws {
        let directory = try Eplint.temporaryDirectory()
        let warningOnly = "<plist><dict><key>SKExternalPurchase</key><array/></dict></plist>"
        try warningOnly.write(to: directory.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        #expect(try Eplint.run(["Info.plist"], in: directory).status == 0)
        #expect(try Eplint.run(["--strict", "Info.plist"], in: directory).status == 1)

        let missing = try Eplint.run(["Info.plist", "Missing.plist"], in: directory)
        #expect(missing.status == 2)
        #expect(missing.standardError == "error: eplint: cannot read 'Missing.plist': No such file or directory\n")
        #expect(missing.standardOutput.contains("Info.plist:1:43: warning:"), "the other files are still linted")

        let badFlag = try Eplint.run(["--music-streaming", "perhaps", "Info.plist"], in: directory)
        #expect(badFlag.status == 2)
        #expect(badFlag.standardError.hasPrefix("error: eplint: "))
        #expect(try Eplint.run(["--no-such-flag"], in: directory).status == 2)
        #expect(try Eplint.run(["--define", "=x", "Info.plist"], in: directory).status == 2)
        let help = try Eplint.run(["--help"])
        #expect(
            help.status == 0 && help.standardOutput.contains("USAGE:") && help.standardOutput.contains("lint (default)")
        )
        #expect(try Eplint.run(["lint", "--help"]).standardOutput.contains("--format"))
        // The one place the version is written (scripts/release.sh sets it from the tag).
        let identity = try String(
            contentsOf: Eplint.packageRoot.appendingPathComponent("Sources/LintEngine/ToolIdentity.swift"),
            encoding: .utf8)
        let versionLine = try #require(
            identity.split(separator: "\n").first { $0.hasPrefix("    package static let version = \"") })
        #expect(try Eplint.run(["--version"]).standardOutput == versionLine.split(separator: "\"")[1] + "\n")
        #expect(
            try Eplint.run(["help", "explain"]).standardOutput.hasPrefix(
                "OVERVIEW: Print a rule's documentation page.\n\nUSAGE: eplint explain <RULE>\n"))
        // The command line is eplint's own (no reflection at start-up): its errors are exit 2.
        for (arguments, message) in [
            (["--strict=yes", "Info.plist"], "--strict takes no value"),
            (["Info.plist", "--format"], "--format needs a value (FORMAT)"),
            (
                ["--format", "xml", "Info.plist"],
                "--format takes one of \(ReporterList.all.map(\.name).joined(separator: ", ")), got 'xml'"
            ),
            (["-x"], "unknown option '-x'; see 'eplint --help'"),
            (["rules", "--frob"], "unknown option '--frob'; see 'eplint rules --help'"),
            (["explain"], "explain needs a rule ID or name, e.g. 'eplint explain EP203'"),
            (["explain", "EP001", "EP002"], "unexpected extra argument 'EP002'"),
        ] {
            let run = try Eplint.run(arguments, in: directory)
            #expect(run.status == 2 && run.standardError == "error: eplint: \(message)\n", "\(arguments)")
        }
        // `--name=value` and `--` as everywhere else; a path may start with '-' after `--`.
        try warningOnly.write(to: directory.appendingPathComponent("-odd.plist"), atomically: true, encoding: .utf8)
        let separated = try Eplint.run(["--format=json", "--strict", "--", "-odd.plist"], in: directory)
        #expect(separated.status == 1 && separated.standardOutput.contains("\"file\": \"-odd.plist\""))
        #expect(try Eplint.run([], in: directory).status == 0)
    }

    @Test func standardInputWithAName() throws {
        let text = "<plist><array/></plist>"
        let named = try Eplint.run(["--stdin-filename", "App/Info.plist", "-"], input: Data(text.utf8))
        #expect(
            named.standardOutput
                == "App/Info.plist:1:8: error: the top-level element must be a dictionary (<dict>), found array [EP004]\n"
        )
        #expect(named.status == 1)
        let unnamed = try Eplint.run(
            ["-"],
            input: Data(
                "<plist><dict><key>SKExternalPurchase</key><array><string>eu</string></array></dict></plist>".utf8))
        #expect(unnamed.standardOutput.hasPrefix("<stdin>:1:50: error:"))
    }

    @Test func directoryWalk() throws {
        let root = try Eplint.temporaryDirectory()
        let bad = "<plist><dict><key>SKExternalPurchase</key><array><string>eu</string></array></dict></plist>"
        let manager = FileManager.default
        for folder in [
            "App", "App/Sub", ".git", "Pods", "DerivedData", ".hidden", "node_modules", "Carthage", ".build",
        ] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try bad.write(to: root.appendingPathComponent(folder + "/Info.plist"), atomically: true, encoding: .utf8)
        }
        try bad.write(to: root.appendingPathComponent("App/B.entitlements"), atomically: true, encoding: .utf8)
        try bad.write(to: root.appendingPathComponent("App/notes.txt"), atomically: true, encoding: .utf8)
        try Data("bplist00\u{0}\u{1}".utf8).write(to: root.appendingPathComponent("App/Binary.plist"))
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("App/Link.plist").path, withDestinationPath: "/etc/hostname")

        let walk = try Eplint.run(["--verbose", "."], in: root)
        var files: [String] = []
        for line in walk.standardOutput.split(separator: "\n") where files.last != String(line.split(separator: ":")[0])
        {
            files.append(String(line.split(separator: ":")[0]))
        }
        #expect(files == ["./App/B.entitlements", "./App/Info.plist", "./App/Sub/Info.plist"])
        #expect(walk.standardError.contains("./App/Binary.plist (binary property list)"))
        #expect(walk.standardError.contains("./App/Link.plist (symbolic link)"))
        #expect(walk.status == 1)

        let named = try Eplint.run(["App/Binary.plist", "Pods"], in: root)
        // A named binary plist is read: this one is too short for its trailer.
        #expect(
            named.standardOutput.hasPrefix(
                "App/Binary.plist:1:1: error: binary property list too short (10 bytes) for a header, an object and a trailer [EP001]"
            ))
        #expect(
            named.standardOutput.contains("Pods/Info.plist:1:50: error:"), "a skipped folder named explicitly is linted"
        )
    }

    /// An entitlements file holding an Info.plist key pairs with itself for EP405; it is no
    /// Info.plist, so its entitlements are neither missing (EP401) nor unused (EP402).
    @Test func entitlementsFileWithAnInfoPlistKeyIsNoInfoPlist() throws {
        let root = try Eplint.temporaryDirectory()
        let entitlements = """
            <plist><dict>
            <key>com.apple.developer.storekit.external-purchase-link</key><true/>
            <key>SKExternalPurchase</key><array><string>nl</string></array>
            </dict></plist>
            """
        try entitlements.write(to: root.appendingPathComponent("App.entitlements"), atomically: true, encoding: .utf8)
        let run = try Eplint.run(["."], in: root)
        #expect(
            run.standardOutput
                == "./App.entitlements:3:1: error: SKExternalPurchase is an Info.plist key: in an entitlements file it has no effect; move it to the Info.plist [EP405]\n"
        )
        #expect(run.status == 1)
    }

    @Test func fifoAndDirectoryEntriesFailFastWithoutHanging() throws {
        let directory = try Eplint.temporaryDirectory()
        let fifo = directory.appendingPathComponent("Info.plist").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try Eplint.run([fifo])
        #expect(run.status == 2)
        #expect(run.standardError.contains("not a regular file"))
    }

    @Test func buildSettingsFromTheCommandLine() throws {
        let text =
            "<plist><dict><key>SKExternalPurchaseLink</key><dict><key>nl</key><string>$(STORE)/nl</string></dict></dict></plist>"
        let unresolved = try Eplint.run(["--stdin-filename", "Info.plist", "-"], input: Data(text.utf8))
        #expect(unresolved.standardOutput.contains("note: '$(STORE)/nl' uses $(STORE)"))
        #expect(unresolved.status == 0)
        let resolved = try Eplint.run(
            ["--define", "STORE=https://x.com/?a", "--stdin-filename", "Info.plist", "-"], input: Data(text.utf8))
        #expect(
            resolved.standardOutput
                == "Info.plist:1:66: error: link 'https://x.com/?a/nl' (from '$(STORE)/nl'; STORE from --define) has a query ('?a/nl'); destination URLs must not have query parameters [EP203]\n"
        )
    }
}
