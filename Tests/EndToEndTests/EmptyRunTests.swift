import Foundation
import Testing

/// A run that lints nothing says so on standard error; `--error-on-empty` makes it a failure.
@Suite struct EmptyRunTests {
    @Test func nothingToLintIsSaidAndFailsOnlyWhenAsked() throws {
        let project = try Project()
        try project.write("Docs/readme.txt", "not a plist")
        try project.write("App/Info.plist", "<plist version=\"1.0\"><dict/></plist>\n")
        try project.write(".eplint.yml", "exclude: [\"App/**\"]\n")

        let walked = try project.run(["Docs"])
        #expect(
            walked.standardError == "eplint: no files to lint under Docs\n" && walked.status == 0
                && walked.standardOutput == "")
        let excluded = try project.run(["--error-on-empty", "App/Info.plist", "Docs"])
        #expect(
            excluded.standardError
                == "eplint: no files to lint under App/Info.plist, Docs\nerror: eplint: --error-on-empty: no file was linted\n"
        )
        #expect(excluded.status == 2)
        let nothing = try project.run(["--error-on-empty"])
        #expect(
            nothing.standardError.hasPrefix("eplint: no files to lint (no path was given)\n") && nothing.status == 2)

        // Standard input is a file, even empty; a linted file silences the message.
        let standardInput = try Eplint.run(["--error-on-empty", "-"], in: project.root, input: Data())
        #expect(!standardInput.standardError.contains("no files to lint") && standardInput.status != 2)
        try project.write(".eplint.yml", "required-version: \"0.0.1\"\n")
        let linted = try project.run(["--error-on-empty", "App"])
        #expect(linted.standardError == "" && linted.status == 0)
        // The server-side commands say it too.
        let report = try project.run(["report", "--error-on-empty", "Docs"])
        #expect(report.standardError.hasPrefix("eplint: no files to lint under Docs\n") && report.status == 2)
    }

    @Test func anOlderEplintThanTheConfigurationRequiresStops() throws {
        let project = try Project()
        try project.write("App/Info.plist", "<plist version=\"1.0\"><dict/></plist>\n")
        try project.write(".eplint.yml", "required-version: \">= 999.0\"\nsome-future-key: true\n")
        let run = try project.run(["App"])
        #expect(run.status == 2)
        #expect(
            run.standardError.hasPrefix(
                "error: eplint: .eplint.yml:1: required-version: this configuration needs eplint >= 999.0, and this eplint is "
            ))
    }
}
