import Foundation
import TestSupport
import Testing

/// What a built app that cannot be read in full gives: each problem named where it is (EP001
/// malformed, EP002 unsupported), and what can still be linted is.
@Suite struct BuiltAppProblemTests {
    typealias Fixture = BuiltAppFixture

    static func rewriteExecutable(_ app: URL, _ edit: ([UInt8]) -> [UInt8]) throws {
        let path = app.appendingPathComponent("Fixture")
        try Data(edit(Array(try Data(contentsOf: path)))).write(to: path)
    }

    @Test(
        .enabled(if: Fixture.available || RequiredTool.strict, "the corpus's signed executable or python3 is missing"))
    func brokenSignaturesAndEntitlements() throws {
        let root = try TestScratch.folder("lintrun")
        let app = try Fixture.app(in: root)
        #expect(try FolderRun(["Fixture.app"], in: root).gcc.isEmpty)

        // LC_CODE_SIGNATURE points at something that is not a SuperBlob.
        try Self.rewriteExecutable(app) { bytes in
            var broken = bytes
            broken[CodeSignatureBlobs.signatureOffset(of: bytes)] = 0
            return broken
        }
        let notSuperBlob = try FolderRun(["Fixture.app"], in: root)
        #expect(
            notSuperBlob.gcc == "Fixture.app:1:1: error: the code signature is not a SuperBlob [EP001]\n",
            "\(notSuperBlob.gcc)")
        #expect(notSuperBlob.status == .findings)

        // Signed entitlements that are not a dictionary: EP001 there, the Info.plist linted unpaired.
        let signed = Array(try Data(contentsOf: Fixture.signedExecutable))
        try Self.rewriteExecutable(app) { _ in
            Fixture.replacingEntitlements(
                of: signed, with: "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><array/></plist>\n")
        }
        let notDictionary = try FolderRun(["Fixture.app"], in: root)
        #expect(
            notDictionary.gcc
                == "Fixture.app/Fixture (signed entitlements):1:1: error: the signed entitlements are not a plist dictionary [EP001]\n",
            "\(notDictionary.gcc)")
    }

    /// No executable where CFBundleExecutable says, or a name that would leave the bundle
    /// (`../Outside`): the Info.plist is linted without entitlements.
    @Test(
        .enabled(if: Fixture.available || RequiredTool.strict, "the corpus's signed executable or python3 is missing"))
    func missingOrEscapingExecutable() throws {
        let root = try TestScratch.folder("lintrun")
        let app = try Fixture.app(in: root, entitlementKeys: [])
        let paired = try FolderRun(["Fixture.app"], in: root)
        #expect(paired.gcc.contains("[EP401]"), "\(paired.gcc)")

        try FileManager.default.removeItem(at: app.appendingPathComponent("Fixture"))
        let missing = try FolderRun(["Fixture.app"], in: root) { $0.plan.verbose = true }
        #expect(missing.gcc.isEmpty && missing.status == .clean, "\(missing.gcc)")
        #expect(
            missing.notes.contains(
                "eplint: Fixture.app/Fixture: no such executable; its Info.plist is linted without entitlements\n"),
            "\(missing.notes)")

        // `../Outside` is a signed executable beside the bundle, lacking the entitlement: not read.
        try FileManager.default.removeItem(at: app)
        try Fixture.writeBundle(
            root.appendingPathComponent("Outside.app"), entitlementKeys: [], info: Fixture.storeKitInfo,
            executable: "Outside")
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Outside.app/Outside"), to: root.appendingPathComponent("Outside"))
        var info = Fixture.storeKitInfo
        info["CFBundleExecutable"] = "../Outside"
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0).write(
            to: app.appendingPathComponent("Info.plist"))
        #expect(try FolderRun(["Outside.app"], in: root).gcc.contains("[EP401]"))
        let escaping = try FolderRun(["Fixture.app"], in: root)
        #expect(escaping.gcc.isEmpty && escaping.status == .clean, "\(escaping.gcc)")
    }

    /// An app folder, or a nested bundle, without its Info.plist: EP002 on the bundle.
    @Test(
        .enabled(if: Fixture.available || RequiredTool.strict, "the corpus's signed executable or python3 is missing"))
    func noInfoPlistInTheBundle() throws {
        let root = try TestScratch.folder("lintrun")
        let app = try Fixture.app(in: root)
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("PlugIns/Empty.appex"), withIntermediateDirectories: true)
        let nested = try FolderRun(["Fixture.app"], in: root)
        #expect(
            nested.gcc == "Fixture.app/PlugIns/Empty.appex:1:1: error: no Info.plist in the app bundle [EP002]\n",
            "\(nested.gcc)")
        try FileManager.default.removeItem(at: app.appendingPathComponent("Info.plist"))
        let main = try FolderRun(["Fixture.app"], in: root)
        #expect(main.gcc == "Fixture.app:1:1: error: no Info.plist in the app bundle [EP002]\n", "\(main.gcc)")
        #expect(main.status == .findings)
    }

    /// A profile that is not a CMS SignedData (a certificate), or one without its content (a
    /// detached signature): EP001 on the profile, the rest linted without it.
    @Test(
        .enabled(
            if: Fixture.available && RequiredTool.openssl.path != nil || RequiredTool.strict,
            "the corpus's executable, python3 or openssl is missing"))
    func profilesThatAreNotProfiles() throws {
        let root = try TestScratch.folder("lintrun")
        let app = try Fixture.app(in: root)
        let profile = app.appendingPathComponent("embedded.mobileprovision")
        let openssl = try RequiredTool.openssl.require()
        let key = root.appendingPathComponent("key.pem").path
        let certificate = root.appendingPathComponent("cert.pem").path
        let content = root.appendingPathComponent("content.plist")
        try "<plist version=\"1.0\"><dict/></plist>".write(to: content, atomically: true, encoding: .utf8)
        for arguments in [
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
                "-subj", "/CN=eplint fixture",
            ],
            ["x509", "-in", certificate, "-outform", "DER", "-out", profile.path],
        ] {
            #expect(try ChildProcess.run(openssl, arguments, output: .inherited).status == 0)
        }
        let notCMS = try FolderRun(["Fixture.app"], in: root)
        #expect(
            notCMS.gcc
                == "Fixture.app/embedded.mobileprovision:1:1: error: the provisioning profile is neither a CMS SignedData nor an XML plist [EP001]\n",
            "\(notCMS.gcc)")
        #expect(notCMS.status == .findings)

        let detached = [
            "cms", "-sign", "-binary", "-outform", "DER", "-in", content.path, "-signer", certificate, "-inkey", key,
            "-out", profile.path,
        ]
        #expect(try ChildProcess.run(openssl, detached, output: .inherited).status == 0)
        let noContent = try FolderRun(["Fixture.app"], in: root)
        #expect(
            noContent.gcc
                == "Fixture.app/embedded.mobileprovision:1:1: error: the profile's SignedData holds no content (a detached signature) [EP001]\n",
            "\(noContent.gcc)")
    }
}
