import Foundation
import TestSupport
import Testing

/// A built app's profile eplint may not read: the process fails (exit 2) and says which file on
/// standard error. What built apps give otherwise is LintRunTests' BuiltAppTests and
/// BuiltAppProblemTests, in-process.
@Suite struct BuiltAppProblemTests {
    /// Run as `nobody` when the tests run as root (for whom a file's permissions never deny a read).
    @Test(
        .enabled(
            if: BuiltAppFixture.available && (getuid() != 0 || RequiredTool.setpriv.runs) || RequiredTool.strict,
            "the corpus's executable, python3 or setpriv is missing"))
    func unreadableProfile() throws {
        let root = try Eplint.temporaryDirectory()
        let app = try BuiltAppFixture.app(in: root)
        let profile = app.appendingPathComponent("embedded.mobileprovision")
        try "<plist version=\"1.0\"><dict/></plist>".write(to: profile, atomically: true, encoding: .utf8)
        #expect(try Eplint.runUnprivileged(["Fixture.app"], in: root).standardOutput.contains("[EP406]"))
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: profile.path)
        let run = try Eplint.runUnprivileged(["Fixture.app"], in: root)
        #expect(run.status == 2, "\(run.standardOutput)")
        #expect(
            run.standardError.contains("cannot read 'Fixture.app/embedded.mobileprovision': Permission denied"),
            "\(run.standardError)")
    }
}
