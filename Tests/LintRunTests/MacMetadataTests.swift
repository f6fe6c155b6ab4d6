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
        let folder = try FixRunTests.folder(with: [
            "App/Info.plist": Self.infoPlist, "App/App.entitlements": "<plist version=\"1.0\"><dict/></plist>\n",
        ])
        try Self.appleDouble.write(to: folder.appendingPathComponent("App/._Info.plist"))
        try Self.appleDouble.write(to: folder.appendingPathComponent("App/._App.entitlements"))
        let walk = try FolderRun(["."], in: folder) { $0.plan.verbose = true }
        #expect(walk.status == .clean && walk.gcc == "", "\(walk.gcc)")
        #expect(walk.notes.contains("eplint: skipped App/._Info.plist (an AppleDouble file: macOS metadata)\n"))
        #expect(walk.notes.contains("eplint: skipped App/._App.entitlements (an AppleDouble file"))
        // The folder's only entitlements file is still the only one: its sidecar does not count.
        #expect(
            walk.notes.contains(
                "eplint: App/Info.plist pairs with App/App.entitlements (the only *.entitlements file in its folder)\n"
            ), "\(walk.notes)")

        let named = try FolderRun(["App/._Info.plist"], in: folder)
        #expect(named.status == .findings && named.gcc.hasPrefix("App/._Info.plist:1:1: error: "), "\(named.gcc)")
    }

    /// An .ipa unzipped from the Finder: `Payload/App.app` and `__MACOSX/Payload/App.app`,
    /// which holds only `._` files. With --artifacts, the app alone is linted (no EP002 for the copy).
    @Test func aWalkWithArtifactsSkipsMACOSX() throws {
        let folder = try FixRunTests.folder(with: ["Unzipped/Payload/App.app/Info.plist": Self.infoPlist])
        let copy = folder.appendingPathComponent("Unzipped/__MACOSX/Payload/App.app")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try Self.appleDouble.write(to: copy.appendingPathComponent("._Info.plist"))
        try Self.appleDouble.write(to: copy.deletingLastPathComponent().appendingPathComponent("._App.app"))
        let walk = try FolderRun(["."], in: folder) {
            $0.artifacts = true
            $0.plan.verbose = true
        }
        #expect(walk.status == .clean && walk.gcc == "", "\(walk.gcc)")
        #expect(walk.notes.contains("eplint: skipped Unzipped/__MACOSX/ (skipped directory)\n"), "\(walk.notes)")
    }

    /// An .ipa zipped by the Finder has `__MACOSX/` entries beside `Payload/`: only `Payload/` is read.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is not installed"))
    func anIpaWithMACOSXEntriesIsClean() throws {
        let root = try TestScratch.folder("lintrun")
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
        let named = try FolderRun(["App.ipa"], in: root)
        #expect(named.status == .clean && named.gcc == "", "\(named.gcc)")
        let walked = try FolderRun(["."], in: root) { $0.artifacts = true }
        #expect(walked.status == .clean && walked.gcc == "", "\(walked.gcc)")
    }
}
