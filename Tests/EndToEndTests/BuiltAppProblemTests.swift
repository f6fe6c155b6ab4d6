import Foundation
import TestSupport
import Testing

/// What a built app that cannot be read in full gives: each problem named where it is (EP001
/// malformed, EP002 unsupported, exit 2 unreadable), and what can still be linted is.
@Suite struct BuiltAppProblemTests {
    static var available: Bool { BuiltAppTests.available }
    static let storeKit = "com.apple.developer.storekit.external-purchase"

    /// `Fixture.app` with a StoreKit key and the corpus executable signed with `entitlementKeys`.
    static func app(in root: URL, entitlementKeys: [String] = [storeKit], executable: String = "Fixture") throws -> URL
    {
        let app = root.appendingPathComponent("Fixture.app")
        try BuiltAppTests.writeBundle(
            app, entitlementKeys: entitlementKeys, info: BuiltAppTests.storeKitInfo, executable: executable)
        return app
    }

    static func rewriteExecutable(_ app: URL, _ edit: ([UInt8]) -> [UInt8]) throws {
        let path = app.appendingPathComponent("Fixture")
        try Data(edit(Array(try Data(contentsOf: path)))).write(to: path)
    }

    @Test(.enabled(if: available || RequiredTool.strict, "the corpus's signed executable or python3 is missing"))
    func brokenSignaturesAndEntitlements() throws {
        let root = try Eplint.temporaryDirectory()
        let app = try Self.app(in: root)
        #expect(try Eplint.run(["Fixture.app"], in: root).standardOutput.isEmpty)

        // LC_CODE_SIGNATURE points at something that is not a SuperBlob.
        try Self.rewriteExecutable(app) { bytes in
            var broken = bytes
            broken[CodeSignatureBlobs.signatureOffset(of: bytes)] = 0
            return broken
        }
        let notSuperBlob = try Eplint.run(["Fixture.app"], in: root)
        #expect(
            notSuperBlob.standardOutput == "Fixture.app:1:1: error: the code signature is not a SuperBlob [EP001]\n",
            "\(notSuperBlob.standardOutput)")
        #expect(notSuperBlob.status == 1)

        // Signed entitlements that are not a dictionary: EP001 there, the Info.plist linted unpaired.
        let signed = Array(try Data(contentsOf: BuiltAppTests.signedExecutable))
        try Self.rewriteExecutable(app) { _ in
            BuiltAppTests.replacingEntitlements(
                of: signed, with: "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><array/></plist>\n")
        }
        let notDictionary = try Eplint.run(["Fixture.app"], in: root)
        #expect(
            notDictionary.standardOutput
                == "Fixture.app/Fixture (signed entitlements):1:1: error: the signed entitlements are not a plist dictionary [EP001]\n",
            "\(notDictionary.standardOutput)")
    }

    /// No executable where CFBundleExecutable says, or a name that would leave the bundle
    /// (`../Outside`): the Info.plist is linted without entitlements.
    @Test(.enabled(if: available || RequiredTool.strict, "the corpus's signed executable or python3 is missing"))
    func missingOrEscapingExecutable() throws {
        let root = try Eplint.temporaryDirectory()
        let app = try Self.app(in: root, entitlementKeys: [])
        let paired = try Eplint.run(["Fixture.app"], in: root)
        #expect(paired.standardOutput.contains("[EP401]"), "\(paired.standardOutput)")

        try FileManager.default.removeItem(at: app.appendingPathComponent("Fixture"))
        let missing = try Eplint.run(["--verbose", "Fixture.app"], in: root)
        #expect(missing.standardOutput.isEmpty && missing.status == 0, "\(missing.standardOutput)")
        #expect(
            missing.standardError.contains(
                "eplint: Fixture.app/Fixture: no such executable; its Info.plist is linted without entitlements\n"),
            "\(missing.standardError)")

        // `../Outside` is a signed executable beside the bundle, lacking the entitlement: not read.
        try FileManager.default.removeItem(at: app)
        try BuiltAppTests.writeBundle(
            root.appendingPathComponent("Outside.app"), entitlementKeys: [], info: BuiltAppTests.storeKitInfo,
            executable: "Outside")
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Outside.app/Outside"), to: root.appendingPathComponent("Outside"))
        var info = BuiltAppTests.storeKitInfo
        info["CFBundleExecutable"] = "../Outside"
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0).write(
            to: app.appendingPathComponent("Info.plist"))
        #expect(try Eplint.run(["Outside.app"], in: root).standardOutput.contains("[EP401]"))
        let escaping = try Eplint.run(["Fixture.app"], in: root)
        #expect(escaping.standardOutput.isEmpty && escaping.status == 0, "\(escaping.standardOutput)")
    }

    /// An app folder, or a nested bundle, without its Info.plist: EP002 on the bundle.
    @Test(.enabled(if: available || RequiredTool.strict, "the corpus's signed executable or python3 is missing"))
    func noInfoPlistInTheBundle() throws {
        let root = try Eplint.temporaryDirectory()
        let app = try Self.app(in: root)
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("PlugIns/Empty.appex"), withIntermediateDirectories: true)
        let nested = try Eplint.run(["Fixture.app"], in: root)
        #expect(
            nested.standardOutput
                == "Fixture.app/PlugIns/Empty.appex:1:1: error: no Info.plist in the app bundle [EP002]\n",
            "\(nested.standardOutput)")
        try FileManager.default.removeItem(at: app.appendingPathComponent("Info.plist"))
        let main = try Eplint.run(["Fixture.app"], in: root)
        #expect(
            main.standardOutput == "Fixture.app:1:1: error: no Info.plist in the app bundle [EP002]\n",
            "\(main.standardOutput)")
        #expect(main.status == 1)
    }

    /// A profile that is not a CMS SignedData (a certificate), or one without its content (a
    /// detached signature): EP001 on the profile, the rest linted without it.
    @Test(
        .enabled(
            if: available && RequiredTool.openssl.path != nil || RequiredTool.strict,
            "the corpus's executable, python3 or openssl is missing"))
    func profilesThatAreNotProfiles() throws {
        let root = try Eplint.temporaryDirectory()
        let app = try Self.app(in: root)
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
        let notCMS = try Eplint.run(["Fixture.app"], in: root)
        #expect(
            notCMS.standardOutput
                == "Fixture.app/embedded.mobileprovision:1:1: error: the provisioning profile is neither a CMS SignedData nor an XML plist [EP001]\n",
            "\(notCMS.standardOutput)")
        #expect(notCMS.status == 1)

        let detached = [
            "cms", "-sign", "-binary", "-outform", "DER", "-in", content.path, "-signer", certificate, "-inkey", key,
            "-out", profile.path,
        ]
        #expect(try ChildProcess.run(openssl, detached, output: .inherited).status == 0)
        let noContent = try Eplint.run(["Fixture.app"], in: root)
        #expect(
            noContent.standardOutput
                == "Fixture.app/embedded.mobileprovision:1:1: error: the profile's SignedData holds no content (a detached signature) [EP001]\n",
            "\(noContent.standardOutput)")
    }

    /// A profile eplint may not read (permission denied; run as `nobody` when the tests run as
    /// root): the run fails (exit 2) and says which file.
    @Test(
        .enabled(
            if: available && (getuid() != 0 || RequiredTool.setpriv.runs) || RequiredTool.strict,
            "the corpus's executable, python3 or setpriv is missing"))
    func unreadableProfile() throws {
        let root = try Eplint.temporaryDirectory()
        let app = try Self.app(in: root)
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
