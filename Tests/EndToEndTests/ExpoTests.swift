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

    static func findings(_ run: EplintRun) throws -> [String] { try BinaryPlistCommandTests.findings(run) }

    @Test func appJSONGivesThePlistTwinsFindings() throws {
        let root = try Eplint.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Native"), withIntermediateDirectories: true)
        try Self.appJSON.write(to: root.appendingPathComponent("app.json"), atomically: true, encoding: .utf8)
        try Self.infoPlist.write(
            to: root.appendingPathComponent("Native/Info.plist"), atomically: true, encoding: .utf8)
        try Self.entitlements.write(
            to: root.appendingPathComponent("Native/App.entitlements"), atomically: true, encoding: .utf8)

        let expo = try Eplint.run(["--format", "json", "app.json"], in: root)
        let native = try Eplint.run(["--format", "json", "Native/Info.plist"], in: root)
        let expected = try Self.findings(native)
        #expect(expected.count >= 5)
        #expect(try Self.findings(expo) == expected)

        let gcc = try Eplint.run(["app.json"], in: root)
        #expect(
            gcc.standardOutput.contains("app.json:7:38: error: region 'FR' must be lowercase: 'fr' [EP101]\n"),
            "\(gcc.standardOutput)")
        #expect(
            gcc.standardOutput.contains(
                "app.json:8:43: error: link 'http://example.com/fr' uses 'http'; destination URLs must use https [EP201]\n"
            ))
        #expect(gcc.status == 1)
    }

    /// An entitlement granted and no key using it: EP402, as for an Info.plist.
    @Test func entitlementWithoutKeys() throws {
        let root = try Eplint.temporaryDirectory()
        try #"{"expo": {"ios": {"entitlements": {"com.apple.developer.storekit.external-purchase": true}}}}"#
            .write(to: root.appendingPathComponent("app.json"), atomically: true, encoding: .utf8)
        let run = try Eplint.run(["app.json"], in: root)
        #expect(
            run.standardOutput
                == "app.json:1:36: warning: com.apple.developer.storekit.external-purchase is granted but app.json uses none of its keys (SKExternalPurchase) [EP402]\n",
            "\(run.standardOutput)")
    }

    @Test func walkDynamicConfigsAndPrebuiltProjects() throws {
        let root = try Eplint.temporaryDirectory()
        try Self.appJSON.write(to: root.appendingPathComponent("app.json"), atomically: true, encoding: .utf8)
        try "module.exports = {}".write(
            to: root.appendingPathComponent("app.config.js"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("other"), withIntermediateDirectories: true)
        try #"{"expo": {"name": "No iOS"}}"#.write(
            to: root.appendingPathComponent("other/app.json"), atomically: true, encoding: .utf8)

        let walk = try Eplint.run(["--verbose", "."], in: root)
        #expect(walk.standardOutput.hasPrefix("./app.json:7:38: error: region 'FR'"), "\(walk.standardOutput)")
        #expect(
            walk.standardError.contains(
                "./app.config.js (a dynamic Expo configuration must be run to be read: eplint reads app.json and app.config.json)"
            ))
        #expect(walk.standardError.contains("./other/app.json (no expo.ios object)"))
        #expect(!walk.standardOutput.contains("other/app.json"))

        // expo prebuild wrote ios/: the project is linted, app.json is not (no key twice).
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("ios/Demo"), withIntermediateDirectories: true)
        try Self.infoPlist.write(
            to: root.appendingPathComponent("ios/Demo/Info.plist"), atomically: true, encoding: .utf8)
        let prebuilt = try Eplint.run(["--verbose", "."], in: root)
        #expect(!prebuilt.standardOutput.contains("app.json"))
        #expect(prebuilt.standardOutput.contains("./ios/Demo/Info.plist:"))
        #expect(
            prebuilt.standardError.contains(
                "./app.json (expo.ios: ./ios holds the project expo prebuild wrote from it, linted instead)"))
        // Named, app.json is linted all the same.
        #expect(try Eplint.run(["app.json"], in: root).standardOutput.hasPrefix("app.json:7:38:"))
        // The server side's walk reads the JSON files it is asked for as before: app.json as a report body.
        #expect(
            try Eplint.run(["report", "--include", "*.json", "."], in: root).standardOutput.contains(
                "./app.json:1:1: error: report has no"))
    }

    /// app.config.json is read as app.json; Expo also takes one whose top level is the expo
    /// object itself (`ios.infoPlist`), and so does eplint. app.json keeps its `expo` wrapper.
    @Test func appConfigJSONWithAndWithoutTheExpoWrapper() throws {
        let root = try Eplint.temporaryDirectory()
        try Self.appJSON.write(to: root.appendingPathComponent("app.json"), atomically: true, encoding: .utf8)
        let expected = try Self.findings(try Eplint.run(["--format", "json", "app.json"], in: root))
        #expect(expected.count >= 5)

        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("wrapped"), withIntermediateDirectories: true)
        try Self.appJSON.write(
            to: root.appendingPathComponent("wrapped/app.config.json"), atomically: true, encoding: .utf8)
        let wrapped = try Eplint.run(
            ["--format", "json", "app.config.json"], in: root.appendingPathComponent("wrapped"))
        #expect(try Self.findings(wrapped) == expected)

        // The same object without `"expo": {` and its `}`: its findings a line higher.
        let bare = Self.appJSON.replacingOccurrences(of: "  \"expo\": {\n", with: "")
            .replacingOccurrences(of: "\n  }\n}", with: "\n}")
        #expect(bare.count < Self.appJSON.count)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("bare"), withIntermediateDirectories: true)
        try bare.write(to: root.appendingPathComponent("bare/app.config.json"), atomically: true, encoding: .utf8)
        let unwrapped = try Eplint.run(["app.config.json"], in: root.appendingPathComponent("bare"))
        #expect(
            unwrapped.standardOutput.contains(
                "app.config.json:6:38: error: region 'FR' must be lowercase: 'fr' [EP101]\n"),
            "\(unwrapped.standardOutput)")
        #expect(
            try Self.findings(
                try Eplint.run(["--format", "json", "app.config.json"], in: root.appendingPathComponent("bare"))
            ).count
                == expected.count)
        #expect(unwrapped.status == 1)
        // A walk finds it too; a type error names the key path as written.
        let walk = try Eplint.run(["."], in: root.appendingPathComponent("bare"))
        #expect(walk.standardOutput.contains("./app.config.json:6:38: error: region 'FR'"), "\(walk.standardOutput)")
        try #"{"ios": {"infoPlist": []}}"#.write(
            to: root.appendingPathComponent("bare/app.config.json"), atomically: true, encoding: .utf8)
        let typed = try Eplint.run(["app.config.json"], in: root.appendingPathComponent("bare"))
        #expect(
            typed.standardOutput
                == "app.config.json:1:23: error: ios.infoPlist must be an object, found an array [EP004]\n",
            "\(typed.standardOutput)")

        // app.json without the wrapper is not Expo's app.json: skipped.
        try bare.write(to: root.appendingPathComponent("bare/app.json"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: root.appendingPathComponent("bare/app.config.json"))
        let appJSON = try Eplint.run(["--verbose", "app.json"], in: root.appendingPathComponent("bare"))
        #expect(appJSON.standardOutput.isEmpty && appJSON.status == 0, "\(appJSON.standardOutput)")
        #expect(appJSON.standardError.contains("skipped app.json (no expo.ios object)"), "\(appJSON.standardError)")
    }
}
