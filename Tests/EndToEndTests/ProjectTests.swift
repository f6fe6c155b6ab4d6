import Foundation
import Testing

/// A temporary app project, linted by the built binary as a user would.
struct Project {
    let root: URL

    init() throws { root = try Eplint.temporaryDirectory() }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func run(_ arguments: [String], in folder: String = "") throws -> EplintRun {
        try Eplint.run(arguments, in: folder.isEmpty ? root : root.appendingPathComponent(folder))
    }
}

private func plist(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n"
}

private let linkPlist = plist(
    "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>https://x.com/nl?a=1</string>\n\t</dict>"
)

/// A project as a user runs eplint in it: the working directory, the configuration found from
/// it, its mistakes on standard error, baselines written and read. What a project's files give
/// is LintRunTests' ProjectLintTests, in-process.
@Suite struct ProjectTests {
    @Test func configurationInAParentFolderExplicitFilesAndWalks() throws {
        let project = try Project()
        try project.write(".eplint.yml", "severity: {EP203: warning}\nexclude: [\"Fixtures/**\"]\n")
        try project.write("App/Info.plist", linkPlist)
        try project.write("Fixtures/Info.plist", linkPlist)
        let named = try project.run(["Info.plist", "../Fixtures/Info.plist"], in: "App")
        #expect(
            named.standardOutput
                == "Info.plist:7:3: warning: link 'https://x.com/nl?a=1' has a query ('?a=1'); destination URLs must not have query parameters [EP203]\n"
        )
        #expect(named.status == 0)
        let walked = try project.run(["."])
        #expect(walked.standardOutput.split(separator: "\n").map { $0.prefix(16) } == ["./App/Info.plist"])
        let strict = try project.run(["--strict", "."])
        #expect(strict.status == 1)
    }

    @Test func configurationMistakesFailTheRun() throws {
        let project = try Project()
        try project.write("App/Info.plist", linkPlist)
        try project.write(".eplint.yml", "disable: [EP203]\nseverity:\n  EP999: error\n")
        let run = try project.run(["Info.plist"], in: "App")
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "error: eplint: ../.eplint.yml:3: severity: unknown rule 'EP999'; 'eplint rules' lists them\n")
        try project.write(".eplint.yml", "disable: [EP203]\n")
        #expect(try project.run(["Info.plist"], in: "App").standardOutput == "")
        #expect(try project.run(["--config", "missing.yml", "App"]).status == 2)
    }

    @Test func baselineSurvivesALineShiftAndReportsNewFindings() throws {
        let project = try Project()
        try project.write("App/Info.plist", linkPlist)
        let recorded = try project.run(["--write-baseline", "eplint-baseline.json", "App"])
        #expect(recorded.status == 1, "findings are still reported while recording")
        let baseline = try project.read("eplint-baseline.json")
        #expect(
            baseline.contains("\"file\": \"App/Info.plist\"")
                && baseline.contains("\"keyPath\": \"SKExternalPurchaseLink.nl\"") && !baseline.contains("line"))

        try project.write(
            "App/Info.plist",
            linkPlist.replacingOccurrences(
                of: "<dict>\n", with: "<dict>\n\t<key>CFBundleName</key>\n\t<string>App</string>\n\n", options: [],
                range: linkPlist.range(of: "<dict>\n")))
        let shifted = try project.run(["--baseline", "eplint-baseline.json", "App"])
        #expect(shifted.standardOutput == "" && shifted.status == 0)

        try project.write("App/Info.plist", linkPlist.replacingOccurrences(of: "<key>nl</key>", with: "<key>fr</key>"))
        let changed = try project.run(["--baseline", "eplint-baseline.json", "--verbose", "App"])
        #expect(changed.standardOutput.contains("[EP203]") && changed.status == 1)
        #expect(
            changed.standardError.contains(
                "baseline entry no longer found: App/Info.plist EP203 SKExternalPurchaseLink.nl"))
        #expect(try project.run(["--baseline", "nope.json", "App"]).status == 2)
    }

    @Test func anUpdatedRegionsFileIsUsedWithoutRebuilding() throws {
        let project = try Project()
        try project.write(
            "App/Info.plist", plist("\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>jp</string>\n\t</array>"))
        #expect(
            try project.run(["App"]).standardOutput.contains(
                "region 'jp' is not allowed in SKExternalPurchase; 'jp' uses the entitlement"))
        let builtIn = try project.run(["regions"]).standardOutput
        let updated = builtIn.replacingOccurrences(
            of: "<key>SKExternalPurchase</key>\n\t\t<array>\n",
            with: "<key>SKExternalPurchase</key>\n\t\t<array>\n\t\t\t<string>jp</string>\n")
        #expect(updated != builtIn)
        try project.write("regions.plist", updated)
        #expect(try project.run(["--regions", "regions.plist", "App"]).standardOutput == "")
        try project.write(".eplint.yml", "regions: regions.plist\n")
        #expect(try project.run(["Info.plist"], in: "App").standardOutput == "")
        try project.write("broken.plist", "<plist><dict><key>FormatVersion</key><integer>1</integer></dict></plist>")
        let broken = try project.run(["--regions", "broken.plist", "App"])
        #expect(
            broken.status == 2
                && broken.standardError
                    == "error: eplint: invalid regions file 'broken.plist': missing key ISO3166Alpha2\n"
        )
    }

    /// Deployment targets the command line or the configuration cannot take fail the run, said
    /// on standard error (what targets do to findings: LintRunTests' ProjectLintTests).
    @Test func deploymentTargetMistakesFailTheRun() throws {
        let project = try Project()
        try project.write("App/Info.plist", plist("\t<key>MinimumOSVersion</key>\n\t<string>16.4</string>"))
        let unknown = try project.run(["--deployment-target", "android=14", "App"])
        #expect(unknown.status == 2 && unknown.standardError.hasPrefix("error: eplint: unknown platform 'android'"))
        try project.write(".eplint.yml", "deployment-target: {tvOS: \"eighteen\"}\n")
        let configured = try project.run(["App"])
        #expect(
            configured.status == 2
                && configured.standardError.hasPrefix("error: eplint: .eplint.yml:1: deployment-target:"))
    }

    /// `entitlements:` in .eplint.yml pairs an Info.plist where its folder holds two candidates.
    @Test func configuredEntitlementsPairAFile() throws {
        let project = try Project()
        try project.write("App/Info.plist", linkPlist)
        for name in ["App", "Debug"] {
            try project.write(
                "App/\(name).entitlements",
                plist("\t<key>com.apple.developer.storekit.external-purchase</key>\n\t<true/>"))
        }
        #expect(try !project.run(["App/Info.plist"]).standardOutput.contains("[EP401]"))
        try project.write(".eplint.yml", "entitlements: {\"App/Info.plist\": \"App/App.entitlements\"}\n")
        let run = try project.run(["App/Info.plist"])
        #expect(run.standardOutput.contains("App/Info.plist:4:2: error: SKExternalPurchaseLink needs the entitlement"))
        #expect(run.standardOutput.contains("in App/App.entitlements [EP401]"), "\(run.standardOutput)")
    }
}
