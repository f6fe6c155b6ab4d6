import Foundation
import TestSupport
import Testing

/// The bundles nested in a built app: app extensions (`PlugIns/`, `Extensions/`), App Clips
/// (`AppClips/`) and watch apps (`Watch/`), each Info.plist linted, down to three levels.
@Suite struct NestedBundleTests {
    /// An Info.plist with one finding (EP101 at its region).
    static func writeInfo(_ bundle: URL) throws {
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try PropertyListSerialization.data(
            fromPropertyList: ["MinimumOSVersion": "17.4", "SKExternalPurchase": ["FR"]], format: .binary, options: 0
        ).write(to: bundle.appendingPathComponent("Info.plist"))
    }

    @Test func everyKindOfNestedBundleIsLintedThreeLevelsDeep() throws {
        let root = try TestScratch.folder("lintrun")
        let nested = [
            "", "PlugIns/Share.appex/", "Extensions/Widget.appex/", "AppClips/Clip.app/", "Watch/Watch.app/",
            "Watch/Watch.app/PlugIns/Complication.appex/",
            "Watch/Watch.app/PlugIns/Complication.appex/Extensions/Deep.appex/",
            // Level 4: not looked for.
            "Watch/Watch.app/PlugIns/Complication.appex/Extensions/Deep.appex/PlugIns/Deeper.appex/",
            // Not a bundle of its folder's kind.
            "Extensions/Widget.app/", "AppClips/Clip.appex/", "Frameworks/Kit.framework/",
        ]
        for path in nested { try Self.writeInfo(root.appendingPathComponent("Fixture.app/" + path)) }
        let run = try FolderRun(["Fixture.app"], in: root) { $0.plan.verbose = true }
        let linted = run.gcc.split(separator: "\n").map { line in
            String(line.prefix { $0 != ":" })
        }
        #expect(
            linted.sorted()
                == nested.prefix(7).map { "Fixture.app/\($0)Info.plist" }.sorted(), "\(run.gcc)")
        #expect(run.gcc.split(separator: "\n").allSatisfy { $0.hasSuffix("[EP101]") })
        #expect(run.status == .findings)

        // The same in a macOS app, whose nested bundles are under Contents/.
        let mac = root.appendingPathComponent("Mac.app/Contents")
        for path in ["", "PlugIns/Share.appex/Contents/", "Extensions/Widget.appex/Contents/"] {
            try Self.writeInfo(mac.appendingPathComponent(path))
        }
        let macRun = try FolderRun(["Mac.app"], in: root)
        #expect(
            macRun.gcc.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }.sorted() == [
                "Mac.app/Contents/Extensions/Widget.appex/Contents/Info.plist", "Mac.app/Contents/Info.plist",
                "Mac.app/Contents/PlugIns/Share.appex/Contents/Info.plist",
            ], "\(macRun.gcc)")
    }
}
