import Foundation
import LintRun
import TestSupport
import Testing

/// Which findings `--fix` and `--unsafe-fixes` fix, which they refuse or leave, what they write
/// and what remains (the end-to-end FixCommandTests keep the command line: the summary line,
/// file modes, `--diff` applied by patch, standard input, signals).
@Suite struct FixFindingsTests {
    typealias Texts = FixTexts

    static func file(_ text: String, _ name: String = "Info.plist") throws -> (folder: URL, path: String) {
        let folder = try FixRunTests.folder(with: [name: text])
        return (folder, folder.appendingPathComponent(name).path)
    }

    static func fix(_ folder: URL, _ change: (inout LintOptions) -> Void = { _ in }) throws -> FolderRun {
        try FolderRun(["Info.plist"], in: folder) {
            $0.fix = true
            change(&$0)
        }
    }

    @Test func fixWritesTheFileAndReportsWhatRemains() throws {
        let (folder, path) = try Self.file(Texts.broken)
        // Safe fixes only: the rename would show findings that only unsafe fixes repair (two
        // links for 'nl' until the http one is made https), so it is refused and said; the
        // regions are fixed all the same. What remains is the near-miss key, a warning: clean,
        // or findings with --strict; a refused fix is no failure.
        let safe = try Self.fix(folder)
        #expect(safe.status == .clean, "\(safe.failures)")
        #expect(
            safe.notes == Texts.refusedRename)
        #expect(safe.outcome.fixRun?.fixed == 4 && safe.outcome.report.diagnostics.count == 1)
        #expect(
            safe.gcc
                == "Info.plist:11:2: warning: [*] 'SKExternalPurchaseMultilink' is not a StoreKit key and the OS ignores it; did you mean 'SKExternalPurchaseMultiLink'? [EP005]\n"
        )
        #expect(safe.host.writes.map(\.path) == [path])
        #expect(safe.host.writes.map { String(decoding: $0.contents, as: UTF8.self) } == [Texts.regionsFixed])
        try safe.applyWrites()
        let strict = try Self.fix(folder) { $0.strict = true }
        #expect(strict.status == .findings && strict.outcome.fixRun?.fixed == 0, "\(strict.notes)")
        #expect(strict.outcome.report.diagnostics.count == 1 && strict.host.writes.isEmpty)

        // Everything is fixed with the unsafe fixes, from the file as it was.
        try Data(Texts.broken.utf8).write(to: URL(fileURLWithPath: path))
        let run = try Self.fix(folder) { $0.unsafeFixes = true }
        #expect(run.status == .clean && run.failures.isEmpty && run.notes.isEmpty, "\(run.notes)")
        #expect(run.gcc == "")
        #expect(run.outcome.fixRun?.fixed == 5 && run.outcome.report.diagnostics.isEmpty)
        #expect(run.host.writes.map { String(decoding: $0.contents, as: UTF8.self) } == [Texts.unsafelyFixed])
        try run.applyWrites()
        let again = try Self.fix(folder) { $0.unsafeFixes = true }
        #expect(again.status == .clean && again.outcome.fixRun?.fixed == 0 && again.gcc.isEmpty)
        #expect(again.host.writes.isEmpty)
    }

    @Test func exitStatusIsThatOfTheRemainingFindings() throws {
        let text = Texts.broken.replacingOccurrences(
            of: "SKExternalPurchaseMultilink", with: "SKExternalPurchaseMultiLink"
        )
        .replacingOccurrences(of: "<string>IT</string>", with: "<string>IT</string>\n\t\t<string>zz</string>")
        let (folder, _) = try Self.file(text)
        let run = try Self.fix(folder)
        #expect(run.status == .findings)
        // The unknown region, the http link with its query (unsafe fixes) and the two links of 'nl'.
        #expect(run.outcome.fixRun?.fixed == 4 && run.outcome.report.diagnostics.count == 4)
        // Reported against the fixed file: the unknown region moved up a line.
        #expect(
            run.gcc.contains("Info.plist:10:3: error: 'zz' is not an ISO 3166-1 alpha-2 region code [EP102]"),
            "\(run.gcc)")
        #expect(
            run.host.writes.map { String(decoding: $0.contents, as: UTF8.self) }.first?.contains(
                "<string>it</string>\n\t\t<string>zz</string>") == true)
    }

    @Test func onlyReportedFindingsAreFixed() throws {
        let text = Texts.broken.replacingOccurrences(
            of: "SKExternalPurchaseMultilink", with: "SKExternalPurchaseMultiLink"
        )
        .replacingOccurrences(
            of: "\t\t<string>IT</string>", with: "\t\t<!-- eplint:disable-next EP101 -->\n\t\t<string>IT</string>")
        let (folder, _) = try Self.file(text)
        try Data("disable: [EP104]\n".utf8).write(to: folder.appendingPathComponent(".eplint.yml"))
        let run = try Self.fix(folder)
        #expect(run.outcome.fixRun?.fixed == 2, "\(run.notes)")
        let fixed = try #require(run.host.writes.first.map { String(decoding: $0.contents, as: UTF8.self) })
        #expect(
            fixed.contains(
                "<string>nl</string> <string>fr</string>\n\t\t<string>nl</string>\n\t\t<!-- eplint:disable-next EP101 -->\n\t\t<string>IT</string>"
            ))
    }

    @Test func baselinedFindingsAreNotFixed() throws {
        let (folder, _) = try Self.file(Texts.broken)
        let baseline = folder.appendingPathComponent("baseline.json").path
        let written = try FolderRun(["Info.plist"], in: folder) { $0.writeBaseline = baseline }
        try written.applyWrites()
        #expect(written.host.writes.map(\.path) == [baseline])
        let run = try Self.fix(folder) {
            $0.unsafeFixes = true
            $0.baseline = baseline
        }
        #expect(run.status == .clean && run.outcome.fixRun?.fixed == 0, "\(run.notes)")
        #expect(run.outcome.report.diagnostics.isEmpty && run.host.writes.isEmpty)
    }

    /// A value from a build setting, or a preprocessed Info.plist: the text is not the value
    /// linted, so nothing is fixed, and --verbose says why.
    @Test func noFixWhereTheTextIsNotTheValue() throws {
        let fromSetting = Texts.unsafelyFixed.replacingOccurrences(
            of: "<string>it</string>", with: "<string>$(THIRD_REGION)</string>")
        let (folder, path) = try Self.file(fromSetting)
        let run = try Self.fix(folder) {
            $0.plan.verbose = true
            $0.plan.definitions = ["THIRD_REGION=IT"]
        }
        #expect(run.status == .findings)
        #expect(
            run.notes.contains(
                "eplint: no fix for Info.plist:9:3 [EP101]: its value comes from a build setting ($(NAME)), not from the file's text"
            ), "\(run.notes)")
        #expect(run.host.writes.isEmpty)

        // No '//' in it: cpp would take the rest of such a line for a comment.
        let preprocessed =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>SKExternalPurchase</key>\n"
            + "\t<array>\n#if 1\n\t\t<string>NL</string>\n#endif\n\t</array>\n</dict>\n</plist>\n"
        try Data(preprocessed.utf8).write(to: URL(fileURLWithPath: path))
        let cpp = try Self.fix(folder) { $0.plan.verbose = true }
        #expect(
            cpp.notes.contains("eplint: no fix in Info.plist: it goes through the C preprocessor"), "\(cpp.notes)")
        #expect(cpp.host.writes.isEmpty)
    }
}
