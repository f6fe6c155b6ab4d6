import Foundation
import TestSupport
import Testing

/// `eplint App.app`, `App.ipa` and `App.xcarchive`: the built Info.plist (binary) linted with
/// the entitlements signed into the executable (fixtures: TestSupport's BuiltAppFixture).
@Suite struct BuiltAppTests {
    typealias Fixture = BuiltAppFixture
    static let artifacts = SharedData.Item.artifacts.url

    /// `(rule key path)` of the gcc lines, sorted.
    static func findings(_ run: FolderRun) -> [String] {
        run.gcc.split(separator: "\n").map { line in
            let rule = line.split(separator: "[").last.map { String($0.dropLast()) } ?? ""
            let path = line.range(of: "(at ").map { String(line[$0.upperBound...].prefix { $0 != " " }) } ?? ""
            return "\(rule) \(path)"
        }.sorted()
    }

    @Test(
        .enabled(if: Fixture.available || RequiredTool.strict, "the corpus's signed executable or python3 is missing"))
    func appIpaAndArchiveGiveTheSameFindings() throws {
        let root = try TestScratch.folder("lintrun")
        // The main app lacks the external-purchase entitlement (EP401); its extension, with
        // the entitlement and no key, has it unused (EP402).
        let app = root.appendingPathComponent("Build/Fixture.app")
        try Fixture.writeBundle(app, entitlementKeys: [], info: Fixture.storeKitInfo)
        try Fixture.writeBundle(
            app.appendingPathComponent("PlugIns/Widget.appex"),
            entitlementKeys: ["com.apple.developer.storekit.external-purchase"],
            info: ["MinimumOSVersion": "17.4"], executable: "Widget")
        let direct = try FolderRun(["Build/Fixture.app"], in: root)
        #expect(Self.findings(direct) == ["EP401 SKExternalPurchase", "EP402 "], "\(direct.gcc)")
        #expect(direct.gcc.contains("Build/Fixture.app/Info.plist:1:1: error: "))
        #expect(direct.gcc.contains("Build/Fixture.app/PlugIns/Widget.appex/Widget (signed entitlements):"))
        #expect(direct.status == .findings)

        // The same bundle in an .ipa and an .xcarchive.
        try ChildProcess.run(
            try RequiredTool.python3.require(),
            [
                "-c",
                """
                import os, sys, zipfile
                with zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_DEFLATED) as z:
                    for folder, _, names in os.walk(sys.argv[1]):
                        for name in names:
                            path = os.path.join(folder, name)
                            z.write(path, 'Payload/' + os.path.relpath(path, os.path.dirname(sys.argv[1])))
                """, app.path, root.appendingPathComponent("Fixture.ipa").path,
            ], output: .inherited, error: .inherited)
        let ipa = try FolderRun(["Fixture.ipa"], in: root)
        #expect(Self.findings(ipa) == Self.findings(direct), "\(ipa.gcc)")
        #expect(ipa.gcc.contains("Fixture.ipa/Payload/Fixture.app/Info.plist:1:1: error: "))

        let archived = root.appendingPathComponent("Fixture.xcarchive/Products/Applications")
        try FileManager.default.createDirectory(at: archived, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: app, to: archived.appendingPathComponent("Fixture.app"))
        let archive = try FolderRun(["Fixture.xcarchive"], in: root)
        #expect(Self.findings(archive) == Self.findings(direct), "\(archive.gcc)")

        // A walk skips built apps unless asked.
        let walk = try FolderRun(["."], in: root) { $0.plan.verbose = true }
        #expect(walk.gcc.isEmpty && walk.status == .clean)
        #expect(walk.notes.contains("Fixture.ipa (a built app: name it or pass --artifacts)"), "\(walk.notes)")
        #expect(walk.notes.contains("Build/Fixture.app/ (a built app: name it or pass --artifacts)"))
        let artifacts = try FolderRun(["."], in: root) { $0.artifacts = true }
        #expect(
            Self.findings(artifacts) == (Self.findings(direct) + Self.findings(direct) + Self.findings(direct)).sorted()
        )
    }

    @Test(
        .enabled(if: Fixture.available || RequiredTool.strict, "the corpus's signed executable or python3 is missing"))
    func grantedEntitlementIsClean() throws {
        let root = try TestScratch.folder("lintrun")
        _ = try Fixture.app(in: root)
        let run = try FolderRun(["Fixture.app"], in: root)
        #expect(run.gcc.isEmpty && run.status == .clean, "\(run.gcc)")
    }

    /// A profile as Apple writes one, signed with a throw-away key by `openssl cms -sign`.
    static func signedProfile(expiring date: String, entitlements: String, in directory: URL) throws -> Data {
        let plist = directory.appendingPathComponent("profile.plist")
        let key = directory.appendingPathComponent("key.pem")
        let certificate = directory.appendingPathComponent("cert.pem")
        let signed = directory.appendingPathComponent("profile.der")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>Name</key><string>Fixture</string>
        <key>TeamIdentifier</key><array><string>TEAM123456</string></array>
        <key>ExpirationDate</key><date>\(date)</date>
        <key>Entitlements</key><dict>\(entitlements)</dict></dict></plist>
        """.write(to: plist, atomically: true, encoding: .utf8)
        for arguments in [
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.path, "-out", certificate.path, "-days",
                "1", "-subj", "/CN=eplint fixture",
            ],
            [
                "cms", "-sign", "-nodetach", "-binary", "-outform", "DER", "-in", plist.path, "-signer",
                certificate.path, "-inkey", key.path, "-out", signed.path,
            ],
        ] {
            try ChildProcess.run(try RequiredTool.openssl.require(), arguments, output: .inherited)
        }
        return try Data(contentsOf: signed)
    }

    @Test(
        .enabled(
            if: Fixture.available && RequiredTool.openssl.path != nil || RequiredTool.strict,
            "the corpus's executable, python3 or openssl is missing"))
    func profileGrantsAndExpires() throws {
        let root = try TestScratch.folder("lintrun")
        let app = try Fixture.app(in: root)
        let profile = app.appendingPathComponent("embedded.mobileprovision")
        let granted = "<key>com.apple.developer.storekit.external-purchase</key><true/>"

        try Self.signedProfile(expiring: "2099-01-01T00:00:00Z", entitlements: "", in: root).write(to: profile)
        let notGranted = try FolderRun(["Fixture.app"], in: root)
        #expect(
            notGranted.gcc
                == "Fixture.app/Fixture (signed entitlements):4:2: error: com.apple.developer.storekit.external-purchase is signed into the app but the provisioning profile Fixture.app/embedded.mobileprovision does not grant it [EP406]\n"
        )
        #expect(notGranted.status == .findings)

        try Self.signedProfile(expiring: "2025-06-30T12:00:00Z", entitlements: granted, in: root).write(to: profile)
        let expired = try FolderRun(["Fixture.app"], in: root, variables: ["EPLINT_NOW": "2026-01-01T00:00:00Z"])
        #expect(
            expired.gcc
                == "Fixture.app/embedded.mobileprovision:1:1: warning: the provisioning profile Fixture.app/embedded.mobileprovision expired on 2025-06-30T12:00:00Z [EP407]\n",
            "\(expired.gcc)")
        #expect(expired.status == .clean)
        let before = try FolderRun(["Fixture.app"], in: root, variables: ["EPLINT_NOW": "2025-01-01T00:00:00Z"])
        #expect(before.gcc.isEmpty && before.status == .clean, "\(before.gcc)")
    }

    /// Hostile .ipa files end in EP001/EP002, never a hang (the time limit is a hang guard):
    /// truncated, a wrong CRC-32, a zip bomb (an Info.plist declaring 268 MB from a few bytes), a cyclic binary Info.plist.
    @Test(.requires(.python3), .timeLimit(.minutes(1)))
    func hostileArchives() throws {
        let root = try TestScratch.folder("lintrun")
        try ChildProcess.run(
            try RequiredTool.python3.require(),
            [
                "-c",
                """
                import sys, zipfile
                cyclic = b'bplist00' + bytes([0xA1, 0]) + bytes([8]) + bytes(6) + bytes([1, 1]) + (1).to_bytes(8, 'big') + bytes(8) + (10).to_bytes(8, 'big')
                for name, data in (('Good', b'<plist><dict/></plist>'), ('Cyclic', cyclic)):
                    with zipfile.ZipFile(sys.argv[1] + '/' + name + '.ipa', 'w', zipfile.ZIP_DEFLATED) as z:
                        z.writestr('Payload/A.app/Info.plist', data)
                with zipfile.ZipFile(sys.argv[1] + '/NoApp.ipa', 'w') as z:
                    z.writestr('README.txt', b'no Payload here')
                # Good.ipa with the CRC-32 of its entry changed in the local header (14) and the central directory (16).
                bad = bytearray(open(sys.argv[1] + '/Good.ipa', 'rb').read())
                for offset in (14, bad.rfind(b'PK\\x01\\x02') + 16):
                    bad[offset] ^= 0x5A
                open(sys.argv[1] + '/BadCRC.ipa', 'wb').write(bad)
                """, root.path,
            ], output: .inherited, error: .inherited)
        let good = Array(try Data(contentsOf: root.appendingPathComponent("Good.ipa")))
        try Data(good.prefix(good.count - 30)).write(to: root.appendingPathComponent("Truncated.ipa"))
        // The central directory's uncompressed size of the one entry: 268 MB from a few bytes.
        var bomb = good
        let central = (0..<bomb.count - 4).last {
            bomb[$0] == 0x50 && bomb[$0 + 1] == 0x4B && bomb[$0 + 2] == 1 && bomb[$0 + 3] == 2
        }!
        for (index, byte) in [UInt8(0xF0), 0xFF, 0xFF, 0x0F].enumerated() { bomb[central + 24 + index] = byte }
        try Data(bomb).write(to: root.appendingPathComponent("Bomb.ipa"))

        #expect(try FolderRun(["Good.ipa"], in: root).status == .clean)
        let truncated = try FolderRun(["Truncated.ipa"], in: root)
        #expect(
            truncated.gcc.hasPrefix("Truncated.ipa:1:1: error: not a zip archive") && truncated.status == .findings,
            "\(truncated.gcc)")
        // The archive was linted, and its finding says what is wrong: not also "no files to lint".
        #expect(truncated.notes == "" && truncated.failures.isEmpty, "\(truncated.notes)")
        let noApp = try FolderRun(["NoApp.ipa"], in: root)
        #expect(
            noApp.gcc == "NoApp.ipa:1:1: error: no app bundle in it (Payload/*.app is empty) [EP002]\n"
                && noApp.status == .findings,
            "\(noApp.gcc)")
        #expect(noApp.notes == "" && noApp.failures.isEmpty, "\(noApp.notes)")
        let badCRC = try FolderRun(["BadCRC.ipa"], in: root)
        #expect(
            badCRC.gcc
                == "BadCRC.ipa:1:1: error: Payload/A.app/Info.plist: its CRC-32 does not match its contents [EP001]\n",
            "\(badCRC.gcc)")
        let bombed = try FolderRun(["Bomb.ipa"], in: root)
        #expect(bombed.gcc.contains("more than deflate can produce (a zip bomb) [EP002]"), "\(bombed.gcc)")
        let cyclic = try FolderRun(["Cyclic.ipa"], in: root)
        #expect(
            cyclic.gcc
                == "Cyclic.ipa/Payload/A.app/Info.plist:1:1: error: binary property list: object 0 contains itself [EP001]\n",
            "\(cyclic.gcc)")
    }

    @Test(.requires(.artifacts))
    func corpusArtifacts() throws {
        let ipas = Self.artifacts.appendingPathComponent("fastlane__fastlane/fastlane_core/spec/fixtures/ipas")
        // A real signed app without the StoreKit keys: clean.
        let clean = try FolderRun(["very-capable-app.ipa"], in: ipas)
        #expect(clean.gcc.isEmpty && clean.notes.isEmpty && clean.failures.isEmpty && clean.status == .clean)
        // An .ipa without Payload/*.app: EP002, not a silent pass.
        let empty = try FolderRun(["no-app-bundle.ipa"], in: ipas)
        #expect(empty.gcc == "no-app-bundle.ipa:1:1: error: no app bundle in it (Payload/*.app is empty) [EP002]\n")
        #expect(empty.status == .findings)
        let archive = Self.artifacts.appendingPathComponent("fastlane__fastlane/fastlane_core/spec/fixtures/archives")
        let archived = try FolderRun(["very-capable-app.xcarchive"], in: archive) { $0.plan.verbose = true }
        #expect(archived.gcc.isEmpty && archived.status == .clean, "\(archived.gcc)")
        // Not a zip at all.
        let root = try FixRunTests.folder(with: ["Broken.ipa": "not a zip"])
        let broken = try FolderRun(["Broken.ipa"], in: root)
        #expect(broken.gcc == "Broken.ipa:1:1: error: not a zip archive: 9 bytes [EP001]\n")
    }
}
