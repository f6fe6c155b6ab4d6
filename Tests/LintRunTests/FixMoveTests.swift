import Foundation
import TestSupport
import Testing

/// `--fix --unsafe-fixes` moving entries between an Info.plist and its entitlements file
/// (EP404, EP405) only where there is one answer; `--verbose` says why not elsewhere.
@Suite struct FixMoveTests {
    typealias Texts = FixTexts.Move

    static func moving(_ paths: [String], in folder: URL) throws -> FolderRun {
        try FolderRun(paths, in: folder) {
            $0.fix = true
            $0.unsafeFixes = true
            $0.plan.verbose = true
        }
    }

    /// Where a move has no one answer, nothing moves, and --verbose says why.
    @Test func noMoveWithoutOneAnswer() throws {
        let folder = try FixRunTests.folder(with: ["Info.plist": Texts.infoPlist])
        let alone = try Self.moving(["Info.plist"], in: folder)
        #expect(
            alone.notes.contains(
                "eplint: no fix for Info.plist:9:2 [EP404]: no entitlements file is paired with it to move the entry to\n"
            ), "\(alone.notes)")
        #expect(alone.host.writes.isEmpty)

        // Two Info.plists pair with one entitlements file.
        let pair = try FixRunTests.folder(with: [
            "Info.plist": Texts.infoPlist, "App.entitlements": Texts.entitlements,
            "Widget-Info.plist": Texts.infoPlist,
        ])
        let shared = try Self.moving(["Info.plist", "Widget-Info.plist"], in: pair)
        #expect(shared.status == .findings)
        #expect(
            shared.notes.contains(
                "eplint: no fix for Info.plist:9:2 [EP404]: App.entitlements is paired with several Info.plists "
                    + "(Info.plist, Widget-Info.plist): which one it belongs to is not one answer\n"),
            "\(shared.notes)")
        #expect(shared.host.writes.isEmpty)

        // The key is in both files; a value from a build setting.
        let both = Texts.entitlements.replacingOccurrences(
            of: "<key>SKExternalPurchase</key>\n    <array>\n        <string>nl</string>\n    </array>",
            with: "<key>com.apple.developer.storekit.external-purchase-link</key>\n    <false/>")
        let twice = try Self.moving(
            ["Info.plist"], in: try FixRunTests.folder(with: ["Info.plist": Texts.infoPlist, "App.entitlements": both]))
        #expect(
            twice.notes.contains(
                "eplint: no fix for Info.plist:9:2 [EP404]: App.entitlements already has com.apple.developer.storekit.external-purchase-link\n"
            ), "\(twice.notes)")
        let fromSetting = Texts.entitlements.replacingOccurrences(
            of: "<string>nl</string>", with: "<string>$(REGION)</string>")
        let settingFolder = try FixRunTests.folder(with: [
            "Info.plist": Texts.movedInfoPlist.replacingOccurrences(
                of: "\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>nl</string>\n\t</array>\n", with: ""),
            "App.entitlements": fromSetting,
        ])
        let setting = try Self.moving(["Info.plist"], in: settingFolder)
        #expect(
            setting.notes.contains(
                "eplint: no fix for App.entitlements:6:5 [EP405]: its value comes from a build setting ($(NAME)), not from the file's text\n"
            ), "\(setting.notes)")
        #expect(
            !setting.host.writes.map(\.path).contains(settingFolder.appendingPathComponent("App.entitlements").path))
    }

    /// One answer: both files are written together, each entry indented as the file it lands in.
    @Test func aMoveWritesBothFiles() throws {
        let folder = try FixRunTests.folder(with: [
            "Info.plist": Texts.infoPlist, "App.entitlements": Texts.entitlements,
        ])
        let run = try Self.moving(["Info.plist"], in: folder)
        #expect(run.status == .clean && run.outcome.fixRun?.fixed == 4, "\(run.notes)")
        #expect(
            Dictionary(
                uniqueKeysWithValues: run.host.writes.map {
                    (run.relative($0.path), String(decoding: $0.contents, as: UTF8.self))
                })
                == ["Info.plist": Texts.movedInfoPlist, "App.entitlements": Texts.movedEntitlements])
    }
}
