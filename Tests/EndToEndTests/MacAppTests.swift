import Foundation
import TestSupport
import Testing

/// A real signed macOS app, Sparkle's DevSignedApp (its files under `Contents/`, codesigned
/// by Xcode with its entitlements as XML and DER): `Contents/Info.plist` is linted with the
/// entitlements of `Contents/MacOS/<executable>`, whichever of the two forms is there, and
/// the profile is `Contents/embedded.provisionprofile`.
@Suite struct MacAppTests {
    static let archive = SharedData.Item.artifacts.url.appendingPathComponent(
        "sparkle-project__Sparkle/Tests/Resources/DevSignedApp.zip")
    static let executable = "DevSignedApp.app/Contents/MacOS/SignedApp"

    /// The app unzipped by Python's zipfile into a new folder, its Info.plist given a StoreKit key.
    /// Linted and clean: JUnit lists the app as a passing case. (Empty standard output is also
    /// what a run that read nothing prints: issue 46.)
    static func lintsClean(_ app: String, in root: URL) throws -> Bool {
        let run = try Eplint.run(["--format", "junit", app], in: root)
        return run.status == 0 && run.standardOutput.contains(#"<testcase classname="\#(app)"#)
            && run.standardOutput.contains(#"failures="0" errors="0""#) && !run.standardOutput.contains(#"tests="0""#)
    }

    static func unzipped() throws -> URL {
        let root = try Eplint.temporaryDirectory()
        try ChildProcess.run(
            try RequiredTool.python3.require(),
            [
                "-c", "import sys, zipfile\nzipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])", archive.path,
                root.path,
            ],
            output: .inherited, error: .inherited)
        let info = root.appendingPathComponent("DevSignedApp.app/Contents/Info.plist")
        var plist = try #require(
            try PropertyListSerialization.propertyList(from: Data(contentsOf: info), format: nil) as? [String: Any])
        #expect(plist["CFBundleExecutable"] as? String == "SignedApp")
        plist["SKExternalPurchase"] = ["fr"]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0).write(to: info)
        return root
    }

    static let missing =
        "DevSignedApp.app/Contents/Info.plist:1:1: error: SKExternalPurchase needs the entitlement com.apple.developer.storekit.external-purchase set to <true/> in DevSignedApp.app/Contents/MacOS/SignedApp (signed entitlements) (at SKExternalPurchase in the binary property list) [EP401]\n"

    @Test(.requires(.artifacts), .requires(.python3))
    func signedEntitlementsInXMLOrDERAlone() throws {
        let root = try Self.unzipped()
        // As signed: the XML form (no StoreKit entitlement among the sandbox ones).
        let signed = try Eplint.run(["DevSignedApp.app"], in: root)
        #expect(signed.standardOutput == Self.missing, "\(signed.standardOutput)")
        #expect(signed.status == 1)

        // Without the XML slot, the DER one is read: the same pairing.
        let path = root.appendingPathComponent(Self.executable)
        let bytes = Array(try Data(contentsOf: path))
        let blobs = CodeSignatureBlobs.blobs(of: bytes)
        #expect(blobs.contains { $0.type == 5 } && blobs.contains { $0.type == 7 })
        try Data(CodeSignatureBlobs.replacing(bytes, with: blobs.filter { $0.type != 5 })).write(to: path)
        let derOnly = try Eplint.run(["--verbose", "DevSignedApp.app"], in: root)
        #expect(derOnly.standardOutput == Self.missing, "\(derOnly.standardOutput)")
        #expect(!derOnly.standardError.contains("without entitlements"), "\(derOnly.standardError)")

        // Neither form: linted without entitlements, and --verbose says why.
        try Data(CodeSignatureBlobs.replacing(bytes, with: blobs.filter { $0.type != 5 && $0.type != 7 })).write(
            to: path)
        let none = try Eplint.run(["--verbose", "DevSignedApp.app"], in: root)
        #expect(none.standardOutput.isEmpty && none.status == 0, "\(none.standardOutput)")
        #expect(try Self.lintsClean("DevSignedApp.app", in: root))
        #expect(
            none.standardError.contains(
                "eplint: DevSignedApp.app/Contents/MacOS/SignedApp: signed without entitlements; its Info.plist is linted without entitlements\n"
            ), "\(none.standardError)")
    }

    /// The macOS profile is `Contents/embedded.provisionprofile` (iOS's name there is not read).
    @Test(.requires(.artifacts), .requires(.python3))
    func theProfileIsContentsEmbeddedProvisionprofile() throws {
        let root = try Self.unzipped()
        let path = root.appendingPathComponent(Self.executable)
        try Data(
            BuiltAppFixture.replacingEntitlements(
                of: Array(try Data(contentsOf: path)),
                with: BuiltAppFixture.entitlements(["com.apple.developer.storekit.external-purchase"]))
        ).write(to: path)
        #expect(try Self.lintsClean("DevSignedApp.app", in: root))

        let profile = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>Name</key><string>Mac</string>
            <key>ExpirationDate</key><date>2099-01-01T00:00:00Z</date>
            <key>Entitlements</key><dict><key>application-identifier</key><string>TEAM.app</string></dict></dict></plist>
            """
        let contents = root.appendingPathComponent("DevSignedApp.app/Contents")
        try profile.write(
            to: contents.appendingPathComponent("embedded.mobileprovision"), atomically: true, encoding: .utf8)
        #expect(try Self.lintsClean("DevSignedApp.app", in: root))
        try profile.write(
            to: contents.appendingPathComponent("embedded.provisionprofile"), atomically: true, encoding: .utf8)
        let notGranted = try Eplint.run(["DevSignedApp.app"], in: root)
        #expect(
            notGranted.standardOutput
                == "DevSignedApp.app/Contents/MacOS/SignedApp (signed entitlements):4:2: error: com.apple.developer.storekit.external-purchase is signed into the app but the provisioning profile DevSignedApp.app/Contents/embedded.provisionprofile does not grant it [EP406]\n",
            "\(notGranted.standardOutput)")
        #expect(notGranted.status == 1)
    }
}
