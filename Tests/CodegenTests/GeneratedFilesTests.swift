import Foundation
import Testing

@testable import RuleCodegen

/// The generated Swift checked in must be what scripts/generate.sh writes from the current
/// Rules/ and rule files: a page or rule changed without regenerating fails here.
@Suite struct GeneratedFilesTests {
    static let packageDirectory = String(
        #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/"))

    @Test func checkedInFilesMatchTheirInputs() throws {
        for file in try generatedFiles(packageDirectory: Self.packageDirectory) {
            let checkedIn =
                (try? String(contentsOfFile: Self.packageDirectory + "/" + file.path, encoding: .utf8)) ?? ""
            guard checkedIn != file.contents else { continue }
            // The first line that differs, not two whole files, so the message stays readable.
            let old = checkedIn.split(separator: "\n", omittingEmptySubsequences: false)
            let new = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(old, new).prefix { $0 == $1 }.count
            Issue.record(
                """
                \(file.path) is out of date with Rules/ or Sources/EplintRules/ (from line \(line + 1): \
                \(line < new.count ? "\"\(new[line].prefix(80))\"" : "end of file") expected). \
                Run \(regenerationCommand) and commit the result.
                """)
        }
    }
}

/// The generator reads what the freshness test guards: a changed page or a new rule file
/// changes its output, so stale checked-in files cannot pass.
@Suite struct GeneratorInputsTests {
    private static let embedded = "Sources/LintEngine/Generated/EmbeddedRuleData.swift"
    private static let registry = "Sources/EplintRules/Generated/AllRules.swift"
    private static let ruleIDs = "Sources/LintEngine/Generated/RuleIDs.swift"

    private func file(_ path: String, in files: [GeneratedFile]) -> GeneratedFile? { files.first { $0.path == path } }

    /// A copy of the generator's inputs (Rules/ and the rule files' names) in a temporary folder.
    private func copyOfInputs() throws -> String {
        let files = FileManager.default
        let copy = files.temporaryDirectory.appendingPathComponent("eplint-codegen-\(UUID().uuidString)").path
        try files.createDirectory(atPath: copy + "/Sources/EplintRules", withIntermediateDirectories: true)
        try files.copyItem(atPath: GeneratedFilesTests.packageDirectory + "/Rules", toPath: copy + "/Rules")
        for name in try files.contentsOfDirectory(atPath: GeneratedFilesTests.packageDirectory + "/Sources/EplintRules")
        where name.hasSuffix(".swift") {
            #expect(files.createFile(atPath: copy + "/Sources/EplintRules/" + name, contents: Data()))
        }
        return copy
    }

    @Test func aChangedPageChangesTheEmbeddedData() throws {
        let copy = try copyOfInputs()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let before = try generatedFiles(packageDirectory: copy)
        let page = copy + "/Rules/EP101.md"
        try (String(contentsOfFile: page, encoding: .utf8) + "\nA sentence added to the page.\n").write(
            toFile: page, atomically: true, encoding: .utf8)
        let after = try generatedFiles(packageDirectory: copy)
        #expect(file(Self.embedded, in: before) != file(Self.embedded, in: after))
        #expect(file(Self.embedded, in: after)?.contents.contains("A sentence added to the page.") == true)
        #expect(file(Self.registry, in: before) == file(Self.registry, in: after))
    }

    /// A page for a new rule `id` named `something-new`.
    private func addPage(_ id: String, in copy: String) throws {
        try "# \(id) something-new\n\n- **Severity:** warning\n- **Summary:** New.\n".write(
            toFile: copy + "/Rules/\(id).md", atomically: true, encoding: .utf8)
    }

    /// It joins the list, and its ID is its page's constant; without a page it is refused.
    @Test func aNewRuleFileJoinsTheList() throws {
        let copy = try copyOfInputs()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        #expect(
            FileManager.default.createFile(
                atPath: copy + "/Sources/EplintRules/EP999SomethingNew.swift", contents: Data()))
        #expect(FileManager.default.createFile(atPath: copy + "/Sources/EplintRules/Helpers.swift", contents: Data()))
        #expect(throws: GenerationError.self) { try generatedFiles(packageDirectory: copy) }
        try addPage("EP999", in: copy)
        let registry = try #require(file(Self.registry, in: try generatedFiles(packageDirectory: copy))).contents
        #expect(registry.contains("    EP999SomethingNew(),\n"))
        #expect(registry.contains("\nextension EP999SomethingNew { var id: RuleID { .ep999SomethingNew } }\n"))
        #expect(registry.contains("\nextension EP203UrlHasQuery { var id: RuleID { .ep203UrlHasQuery } }\n"))
        #expect(!registry.contains("Helpers"))
    }

    @Test func aNewServerRuleFileJoinsTheServerList() throws {
        let copy = try copyOfInputs()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        #expect(try generatedFiles(packageDirectory: copy).count == 3)
        try FileManager.default.createDirectory(atPath: copy + "/Sources/ServerSide", withIntermediateDirectories: true)
        #expect(
            FileManager.default.createFile(
                atPath: copy + "/Sources/ServerSide/EP799SomethingNew.swift", contents: Data()))
        #expect(FileManager.default.createFile(atPath: copy + "/Sources/ServerSide/JSONReader.swift", contents: Data()))
        #expect(throws: GenerationError.self) { try generatedFiles(packageDirectory: copy) }
        try addPage("EP799", in: copy)
        let files = try generatedFiles(packageDirectory: copy)
        #expect(files.map(\.path).last == "Sources/ServerSide/Generated/AllServerRules.swift")
        #expect(
            files.last?.contents.contains("    EP799SomethingNew(),\n") == true
                && files.last?.contents.contains(
                    "\nextension EP799SomethingNew { var id: RuleID { .ep799SomethingNew } }\n")
                    == true
                && files.last?.contents.contains("JSONReader") == false)
        #expect(file(Self.registry, in: files)?.contents.contains("EP799") == false)
    }

    @Test func aPageWithoutItsHeaderIsAnError() throws {
        let copy = try copyOfInputs()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try "no header here\n".write(toFile: copy + "/Rules/EP101.md", atomically: true, encoding: .utf8)
        #expect(throws: GenerationError.self) { try generatedFiles(packageDirectory: copy) }
    }

    /// Every page gets its ID constant, named after the page's header; a page whose severity the
    /// binary would not know is refused here rather than dropped from the catalogue at run time.
    @Test func aNewPageGetsItsRuleIDAndItsSeverityIsChecked() throws {
        let copy = try copyOfInputs()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let page = "# EP999 something-new\n\n- **Severity:** warning\n- **Summary:** New.\n"
        try page.write(toFile: copy + "/Rules/EP999.md", atomically: true, encoding: .utf8)
        let constants = try #require(file(Self.ruleIDs, in: try generatedFiles(packageDirectory: copy))).contents
        #expect(constants.contains("    package static let ep999SomethingNew = RuleID(\"EP999\")\n"))
        #expect(constants.contains("    package static let ep001MalformedPlist = RuleID(\"EP001\")\n"))
        try page.replacingOccurrences(of: "warning", with: "fatal").write(
            toFile: copy + "/Rules/EP999.md", atomically: true, encoding: .utf8)
        #expect(throws: GenerationError.self) { try generatedFiles(packageDirectory: copy) }
    }
}

/// docs/rules.md's rule table is written by hand: every page in Rules/ must have its row, with the
/// name and severity of the page's header, so a new rule cannot be left out of it.
@Suite struct ReadmeRuleTableTests {
    @Test func everyRulePageHasItsRow() throws {
        let root = GeneratedFilesTests.packageDirectory
        let readme = try String(contentsOfFile: root + "/docs/rules.md", encoding: .utf8)
        let pages = try FileManager.default.contentsOfDirectory(atPath: root + "/Rules")
            .filter { $0.hasPrefix("EP") && $0.hasSuffix(".md") }.sorted()
        #expect(pages.count >= 58)
        for page in pages {
            let id = String(page.dropLast(3))
            let text = try String(contentsOfFile: root + "/Rules/" + page, encoding: .utf8)
            let header = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            let name = header.split(separator: " ").dropFirst(2).first.map(String.init) ?? ""
            let severity =
                text.split(separator: "\n").first { $0.hasPrefix("- **Severity:** ") }
                .map { String($0.dropFirst("- **Severity:** ".count)) } ?? ""
            let row = "| [\(id)](../Rules/\(page)) | \(name) | \(severity) |"
            #expect(readme.contains(row + "\n"), "docs/rules.md's rule table lacks \(row)")
        }
    }
}
