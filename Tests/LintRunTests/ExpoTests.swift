import EplintBase
import Foundation
import Testing

/// Expo's app.json: `expo.ios.infoPlist` and `expo.ios.entitlements` linted as the Info.plist
/// and its entitlements, at their JSON positions, with the findings of their plist twins.
@Suite struct ExpoTests {
    static let appJSON = """
        {
          "expo": {
            "name": "Demo",
            "ios": {
              "infoPlist": {
                "MinimumOSVersion": "17.4",
                "SKExternalPurchase": ["fr", "FR", "zz"],
                "SKExternalPurchaseLink": { "fr": "http://example.com/fr" },
                "Count": 3, "Ratio": 0.5, "Nothing": null
              },
              "entitlements": { "com.apple.developer.storekit.external-purchase": true }
            }
          }
        }
        """

    /// The same values as an Info.plist and an entitlements file beside it.
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>MinimumOSVersion</key><string>17.4</string>
        <key>SKExternalPurchase</key><array><string>fr</string><string>FR</string><string>zz</string></array>
        <key>SKExternalPurchaseLink</key><dict><key>fr</key><string>http://example.com/fr</string></dict>
        <key>Count</key><integer>3</integer><key>Ratio</key><real>0.5</real>
        </dict></plist>
        """
    static let entitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>com.apple.developer.storekit.external-purchase</key><true/></dict></plist>
        """

    @Test func appJSONGivesThePlistTwinsFindings() throws {
        let root = try FixRunTests.folder(with: [
            "app.json": Self.appJSON, "Native/Info.plist": Self.infoPlist,
            "Native/App.entitlements": Self.entitlements,
        ])
        let expo = try FolderRun(["app.json"], in: root)
        let expected = try FolderRun(["Native/Info.plist"], in: root).findings
        #expect(expected.count >= 5)
        #expect(expo.findings == expected)
        #expect(expo.gcc.contains("app.json:7:38: error: region 'FR' must be lowercase: 'fr' [EP101]\n"), "\(expo.gcc)")
        #expect(
            expo.gcc.contains(
                "app.json:8:43: error: link 'http://example.com/fr' uses 'http'; destination URLs must use https [EP201]\n"
            ))
        #expect(expo.status == .findings)
    }

    /// An entitlement granted and no key using it: EP402, as for an Info.plist.
    /// The reader-app link in app.json (issue 47): `ios.infoPlist` and `ios.entitlements` as for the other keys.
    @Test func readerAppLinkInAppJSON() throws {
        let root = try FixRunTests.folder(with: [
            "app.json":
                #"{"expo": {"ios": {"infoPlist": {"SKExternalLinkAccount": {"en-GB*": "https://example.com/uk"}}, "entitlements": {}}}}"#
        ])
        let run = try FolderRun(["app.json"], in: root)
        #expect(run.gcc.contains("[EP801]") && run.gcc.contains("[EP802]") && run.gcc.contains("[EP803]"), "\(run.gcc)")
    }

    @Test func entitlementWithoutKeys() throws {
        let root = try FixRunTests.folder(with: [
            "app.json":
                #"{"expo": {"ios": {"entitlements": {"com.apple.developer.storekit.external-purchase": true}}}}"#
        ])
        let run = try FolderRun(["app.json"], in: root)
        #expect(
            run.gcc
                == "app.json:1:36: warning: com.apple.developer.storekit.external-purchase is granted but app.json uses none of its keys (SKExternalPurchase) [EP402]\n",
            "\(run.gcc)")
    }

    @Test func walkDynamicConfigsAndPrebuiltProjects() throws {
        let root = try FixRunTests.folder(with: [
            "app.json": Self.appJSON, "app.config.js": "module.exports = {}",
            "other/app.json": #"{"expo": {"name": "No iOS"}}"#,
        ])
        let walk = try FolderRun(["."], in: root) { $0.plan.verbose = true }
        #expect(walk.gcc.hasPrefix("app.json:7:38: error: region 'FR'"), "\(walk.gcc)")
        #expect(
            walk.notes.contains(
                "app.config.js (a dynamic Expo configuration must be run to be read: eplint reads app.json and app.config.json)"
            ), "\(walk.notes)")
        #expect(walk.notes.contains("other/app.json (no expo.ios object)"))
        #expect(!walk.gcc.contains("other/app.json"))

        // ios/ holding only entitlements (a real app keeps them there by hand) is no prebuilt
        // project: app.json is still linted (issue 47).
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("ios/Demo"), withIntermediateDirectories: true)
        try #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict/></plist>"#.write(
            to: root.appendingPathComponent("ios/Demo/Demo.entitlements"), atomically: true, encoding: .utf8)
        let entitlementsOnly = try FolderRun(["."], in: root) { $0.plan.verbose = true }
        #expect(entitlementsOnly.gcc.hasPrefix("app.json:7:38: error: region 'FR'"), "\(entitlementsOnly.gcc)")
        // An Info.plist without the .xcodeproj beside it is not what prebuild writes either.
        try Self.infoPlist.write(
            to: root.appendingPathComponent("ios/Demo/Info.plist"), atomically: true, encoding: .utf8)
        #expect(try FolderRun(["."], in: root).gcc.contains("app.json:7:38: error: region 'FR'"))

        // expo prebuild wrote ios/ (Demo.xcodeproj, Demo/Info.plist): the project is linted, app.json is not (no key twice).
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("ios/Demo.xcodeproj"), withIntermediateDirectories: true)
        let prebuilt = try FolderRun(["."], in: root) { $0.plan.verbose = true }
        #expect(!prebuilt.gcc.contains("app.json"))
        #expect(prebuilt.gcc.contains("ios/Demo/Info.plist:"))
        #expect(
            prebuilt.notes.contains(
                "app.json (expo.ios: ios holds the project expo prebuild wrote from it, linted instead)"),
            "\(prebuilt.notes)")
        // Named, app.json is linted all the same.
        #expect(try FolderRun(["app.json"], in: root).gcc.hasPrefix("app.json:7:38:"))
        // The server side's walk reads the JSON files it is asked for as before: app.json as a report body.
        // (`**/`: --include matches paths relative to the process's working directory, not the host's.)
        let report = try FolderRun(server: .report, ["."], in: root) { $0.include = [Glob("**/*.json")] }
        #expect(report.gcc.contains("app.json:1:1: error: report has no"), "\(report.gcc)")
    }

    /// app.config.json is read as app.json; Expo also takes one whose top level is the expo
    /// object itself (`ios.infoPlist`), and so does eplint. app.json keeps its `expo` wrapper.
    @Test func appConfigJSONWithAndWithoutTheExpoWrapper() throws {
        // The same object without `"expo": {` and its `}`: its findings a line higher.
        let bare = Self.appJSON.replacingOccurrences(of: "  \"expo\": {\n", with: "")
            .replacingOccurrences(of: "\n  }\n}", with: "\n}")
        #expect(bare.count < Self.appJSON.count)
        let root = try FixRunTests.folder(with: [
            "app.json": Self.appJSON, "wrapped/app.config.json": Self.appJSON, "bare/app.config.json": bare,
        ])
        let expected = try FolderRun(["app.json"], in: root).findings
        #expect(expected.count >= 5)
        #expect(try FolderRun(["app.config.json"], in: root.appendingPathComponent("wrapped")).findings == expected)

        let bareFolder = root.appendingPathComponent("bare")
        let unwrapped = try FolderRun(["app.config.json"], in: bareFolder)
        #expect(
            unwrapped.gcc.contains("app.config.json:6:38: error: region 'FR' must be lowercase: 'fr' [EP101]\n"),
            "\(unwrapped.gcc)")
        #expect(unwrapped.findings.count == expected.count)
        #expect(unwrapped.status == .findings)
        // A walk finds it too; a type error names the key path as written.
        let walk = try FolderRun(["."], in: bareFolder)
        #expect(walk.gcc.contains("app.config.json:6:38: error: region 'FR'"), "\(walk.gcc)")
        try #"{"ios": {"infoPlist": []}}"#.write(
            to: bareFolder.appendingPathComponent("app.config.json"), atomically: true, encoding: .utf8)
        let typed = try FolderRun(["app.config.json"], in: bareFolder)
        #expect(
            typed.gcc == "app.config.json:1:23: error: ios.infoPlist must be an object, found an array [EP004]\n",
            "\(typed.gcc)")

        // app.json without the wrapper is not Expo's app.json: skipped.
        try bare.write(to: bareFolder.appendingPathComponent("app.json"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: bareFolder.appendingPathComponent("app.config.json"))
        let appJSON = try FolderRun(["app.json"], in: bareFolder) { $0.plan.verbose = true }
        #expect(appJSON.gcc.isEmpty && appJSON.status == .clean, "\(appJSON.gcc)")
        #expect(appJSON.notes.contains("skipped app.json (no expo.ios object)"), "\(appJSON.notes)")
    }
}
