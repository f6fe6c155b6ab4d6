import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// macOS spells one file several ways: `/tmp` and `/var` are links into `/private` (and the
/// working directory is the physical path), APFS ignores case and may hand back NFD names.
/// Links stand in for those spellings here where the file system tells them apart (Linux).
@Suite struct PathSpellingTests {
    private static func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n"
    }

    private static let queryLink = plist(
        "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>https://x.com/nl?a=1</string>\n\t</dict>"
    )
    private static let linkEntitlements = plist(
        "\t<key>com.apple.developer.storekit.external-purchase-link</key>\n\t<true/>")

    /// `<root>/private/tmp/proj` is the real folder; `<root>/tmp` links to `<root>/private/tmp`,
    /// as `/tmp` does on macOS. eplint runs in the physical folder.
    private struct PrivateStyle {
        let project: Project
        let linked: String

        init() throws {
            let outer = try Eplint.temporaryDirectory()
            try FileManager.default.createDirectory(
                at: outer.appendingPathComponent("private/tmp/proj"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: outer.appendingPathComponent("tmp").path, withDestinationPath: "private/tmp")
            project = Project(existing: outer.appendingPathComponent("private/tmp/proj"))
            linked = outer.appendingPathComponent("tmp/proj").path
        }
    }

    @Test func absoluteArgumentsThroughALinkedFolderFindTheConfigurationGlobsAndBaseline() throws {
        let fixture = try PrivateStyle()
        try fixture.project.write(".eplint.yml", "severity: {EP203: warning}\nexclude: [\"Fixtures/**\"]\n")
        try fixture.project.write("App/Info.plist", Self.queryLink)
        try fixture.project.write("Fixtures/Info.plist", Self.queryLink)
        let app = fixture.linked + "/App/Info.plist"
        let run = try fixture.project.run([app, fixture.linked + "/Fixtures/Info.plist"])
        // The path is shown as given; the exclude glob and the severity apply.
        #expect(
            run.standardOutput
                == "\(app):7:3: warning: link 'https://x.com/nl?a=1' has a query ('?a=1'); destination URLs must not have query parameters [EP203]\n"
        )
        #expect(run.status == 0)

        // A baseline written through one spelling is read through the other.
        #expect(try fixture.project.run(["--write-baseline", fixture.linked + "/baseline.yml", app]).status == 0)
        #expect(try fixture.project.run(["--baseline", "baseline.yml", "App/Info.plist"]).standardOutput == "")
        #expect(try fixture.project.run(["--baseline", "baseline.yml", app]).standardOutput == "")

        // One file named through both spellings is reported once.
        let twice = try fixture.project.run([app, "App/Info.plist", "--format", "json"])
        #expect(twice.standardOutput.components(separatedBy: "\"rule\": \"EP203\"").count == 2)

        // SARIF places it under the source root, the physical working directory.
        let sarif = try fixture.project.run([app, "--format", "sarif"])
        #expect(
            sarif.standardOutput.contains("\"uri\": \"App/Info.plist\"")
                && !sarif.standardOutput.contains("/tmp/proj/App"))
    }

    @Test func anAbsoluteArgumentThroughALinkedFolderGetsItsXcodeProject() throws {
        let fixture = try PrivateStyle()
        let project = fixture.project
        try project.write(
            "App/Info.plist",
            Self.plist(
                "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>https://example.com/nl</string>\n\t</dict>"
            ))
        try project.write("App/Old.entitlements", Self.plist(""))
        try project.write("Signing/App.entitlements", Self.linkEntitlements)
        try project.writeProject(target: [
            "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "Signing/App.entitlements",
        ])
        // Without the project, eplint would pair the stale entitlements file beside the Info.plist.
        let run = try project.run([fixture.linked + "/App/Info.plist"])
        #expect(run.standardOutput == "")
        #expect(run.status == 0)
    }

    /// `--fix` lints the fixed text again, and moves entries, in the contexts lint gave the file,
    /// whatever its spelling: `App/INFO.plist` is the Info.plist the target names `App/Info.plist`
    /// and signs with `Signing/App.entitlements`. Paired by the file beside it instead
    /// (`App/Old.entitlements`), as the fix's re-lint and moves once did, it would lack the link
    /// entitlement, and a move would go to the wrong file.
    @Test func fixAndMovesLintASpellingInItsTargetsContexts() throws {
        let project = try Project()
        let info = Self.plist(
            "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>NL</key>\n\t\t<string>https://example.com/nl</string>\n\t</dict>"
        )
        try project.write("App/Info.plist", info)
        try project.write("App/Old.entitlements", Self.plist(""))
        try project.write("Signing/App.entitlements", Self.linkEntitlements)
        try project.writeProject(target: [
            "INFOPLIST_FILE": "App/Info.plist", "CODE_SIGN_ENTITLEMENTS": "Signing/App.entitlements",
        ])
        Self.spell("INFO.plist", as: "Info.plist", in: project.root.appendingPathComponent("App"), hard: true)
        let lint = try project.run(["App/INFO.plist"])
        #expect(lint.standardOutput == "App/INFO.plist:6:3: error: [*] region 'NL' must be lowercase: 'nl' [EP101]\n")
        let fixed = info.replacingOccurrences(of: "<key>NL</key>", with: "<key>nl</key>")
        let run = try project.run(["--fix", "App/INFO.plist"])
        #expect(run.standardOutput == "")
        #expect(run.standardError == "1 fixed, 0 remaining\n")
        #expect(run.status == 0)
        #expect(try project.read("App/INFO.plist") == fixed)

        // The link entitlement, misplaced in the Info.plist, moves to the target's entitlements file.
        let entitlement = "\t<key>com.apple.developer.storekit.external-purchase-link</key>\n\t<true/>\n"
        let team = "\t<key>com.apple.developer.team-identifier</key>\n\t<string>T</string>\n"
        try project.write("Signing/App.entitlements", Self.plist(String(team.dropLast())))
        try project.write(
            "App/Info.plist", fixed.replacingOccurrences(of: "\n<dict>\n", with: "\n<dict>\n" + entitlement))
        Self.spell("INFO.plist", as: "Info.plist", in: project.root.appendingPathComponent("App"), hard: true)
        let move = try project.run(["--fix", "--unsafe-fixes", "App/INFO.plist"])
        // The move, and the missing entitlement it was.
        #expect(move.standardError == "2 fixed, 0 remaining\n", "\(move.standardOutput)")
        #expect(move.status == 0)
        #expect(try project.read("App/INFO.plist") == fixed)
        #expect(try project.read("Signing/App.entitlements") == Self.plist(team + entitlement.dropLast()))
        #expect(try project.read("App/Old.entitlements") == Self.plist(""))
    }

    /// Makes `alias` name the file `target` names (in the same folder): a symbolic link, or with
    /// `hard` a hard link (which `--fix` writes as a file: it never writes through a symbolic
    /// link), unless the file system already folds the two spellings into one name, as APFS and
    /// HFS+ (case and Unicode normalisation insensitive) do, where making the link fails for the
    /// name being taken. A hard link a write replaced (`--fix` renames a new file over the name
    /// it was given) is made again.
    private static func spell(_ alias: String, as target: String, in folder: URL, hard: Bool = false) {
        var aliasStatus = stat()
        var targetStatus = stat()
        guard stat(folder.path + "/" + target, &targetStatus) == 0 else {
            Issue.record("\(target) does not exist")
            return
        }
        if lstat(folder.path + "/" + alias, &aliasStatus) == 0 {
            let same = aliasStatus.st_ino == targetStatus.st_ino && aliasStatus.st_dev == targetStatus.st_dev
            // A folding file system: the other spelling is the file itself, not a link to it.
            guard hard && !same else {
                #expect(same)
                return
            }
            #expect(unlink(folder.path + "/" + alias) == 0)
        }
        let linked =
            hard
            ? link(folder.path + "/" + target, folder.path + "/" + alias) : symlink(target, folder.path + "/" + alias)
        #expect(linked == 0)
    }

    @Test func caseAndNormalizationSpellingsOfOneFileAreOneFile() throws {
        let project = try Project()
        try project.write("App/Info.plist", Self.queryLink)
        // "Café" in NFC on disk, named in NFD; "INFO.plist" as a case-insensitive volume takes it.
        try project.write("Caf\u{E9}/Info.plist", Self.queryLink)
        Self.spell("INFO.plist", as: "Info.plist", in: project.root.appendingPathComponent("App"))
        Self.spell("Cafe\u{301}", as: "Caf\u{E9}", in: project.root)
        let run = try project.run([
            "App/Info.plist", "App/INFO.plist", "Caf\u{E9}/Info.plist", "Cafe\u{301}/Info.plist", "--format", "json",
        ])
        #expect(run.standardOutput.components(separatedBy: "\"rule\": \"EP203\"").count == 3)
        #expect(run.standardOutput.contains("\"file\": \"App/Info.plist\""))
        #expect(!run.standardOutput.contains("INFO.plist"))
        #expect(run.status == 1)
    }
}

extension Project {
    init(existing root: URL) { self.root = root }
}
