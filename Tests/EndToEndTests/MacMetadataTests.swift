import Foundation
import TestSupport
import Testing

/// What macOS leaves beside the files it copies: AppleDouble `._Info.plist` files (written on
/// exFAT and SMB volumes, kept by tar) and the `__MACOSX` folder of an archive the Finder
/// compressed. They are metadata, never plists or apps: a walk skips them; a file named on the
/// command line is linted whatever its name, as linters lint what they are told to.
@Suite struct MacMetadataTests {
    /// The start of an AppleDouble file: magic, version 2, "Mac OS X" filler, no entries.
    static let appleDouble = Data(
        [0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00] + Array("Mac OS X        ".utf8) + [0, 0])
    static let infoPlist =
        "<plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string>a.b</string></dict></plist>\n"

    @Test func aWalkSkipsAppleDoubleFilesANamedOneIsLinted() throws {
        let project = try Project()
        try project.write("App/Info.plist", Self.infoPlist)
        try Self.appleDouble.write(to: project.root.appendingPathComponent("App/._Info.plist"))
        try project.write("App/App.entitlements", "<plist version=\"1.0\"><dict/></plist>\n")
        try Self.appleDouble.write(to: project.root.appendingPathComponent("App/._App.entitlements"))
        let walk = try project.run(["--verbose", "."])
        #expect(walk.status == 0 && walk.standardOutput == "", "\(walk.standardOutput)")
        #expect(
            walk.standardError.contains(
                "eplint: skipped ./App/._Info.plist (an AppleDouble file: macOS metadata)\n"))
        #expect(walk.standardError.contains("eplint: skipped ./App/._App.entitlements (an AppleDouble file"))
        // The folder's only entitlements file is still the only one: its sidecar does not count.
        #expect(
            walk.standardError.contains(
                "eplint: ./App/Info.plist pairs with ./App/App.entitlements (the only *.entitlements file in its folder)\n"
            ),
            "\(walk.standardError)")

        let named = try project.run(["App/._Info.plist"])
        #expect(
            named.status == 1 && named.standardOutput.hasPrefix("App/._Info.plist:1:1: error: "),
            "\(named.standardOutput)")
    }

    /// An .ipa unzipped from the Finder: `Payload/App.app` and `__MACOSX/Payload/App.app`,
    /// which holds only `._` files. With --artifacts, the app alone is linted (no EP002 for the copy).
    @Test func aWalkWithArtifactsSkipsMACOSX() throws {
        let project = try Project()
        try project.write("Unzipped/Payload/App.app/Info.plist", Self.infoPlist)
        let copy = project.root.appendingPathComponent("Unzipped/__MACOSX/Payload/App.app")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try Self.appleDouble.write(to: copy.appendingPathComponent("._Info.plist"))
        try Self.appleDouble.write(to: copy.deletingLastPathComponent().appendingPathComponent("._App.app"))
        let walk = try project.run(["--artifacts", "--verbose", "."])
        #expect(walk.status == 0 && walk.standardOutput == "", "\(walk.standardOutput)")
        #expect(walk.standardError.contains("eplint: skipped ./Unzipped/__MACOSX/ (skipped directory)\n"))
    }

    /// An .ipa zipped by the Finder has `__MACOSX/` entries beside `Payload/`: only `Payload/` is read.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is not installed"))
    func anIpaWithMACOSXEntriesIsClean() throws {
        let root = try Eplint.temporaryDirectory()
        try ChildProcess.run(
            "/usr/bin/python3",
            [
                "-c",
                """
                import sys, zipfile
                double = bytes([0, 5, 0x16, 7, 0, 2, 0, 0]) + b'Mac OS X        ' + bytes(2)
                with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
                    z.writestr('Payload/App.app/Info.plist', sys.argv[2])
                    z.writestr('__MACOSX/._Payload', double)
                    z.writestr('__MACOSX/Payload/._App.app', double)
                    z.writestr('__MACOSX/Payload/App.app/._Info.plist', double)
                    z.writestr('__MACOSX/Payload/Other.app/._Info.plist', double)
                """, root.appendingPathComponent("App.ipa").path, Self.infoPlist,
            ], output: .inherited, error: .inherited)
        let named = try Eplint.run(["App.ipa"], in: root)
        #expect(named.status == 0 && named.standardOutput == "", "\(named.standardOutput)")
        let walked = try Eplint.run(["--artifacts", "."], in: root)
        #expect(walked.status == 0 && walked.standardOutput == "", "\(walked.standardOutput)")
    }
}
