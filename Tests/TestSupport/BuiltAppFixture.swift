import Foundation

/// Built apps made from the corpus's real signed executable, its entitlements blob rewritten
/// (signature hashes are not recomputed: eplint does not verify them). In-process and
/// end-to-end tests of built apps both make theirs here.
package enum BuiltAppFixture {
    package static let signedExecutable = SharedData.Item.artifacts.url.appendingPathComponent(
        "fastlane__fastlane/fastlane_core/spec/fixtures/bundles/very-capable-app.app/very-capable-app")
    package static let available =
        FileManager.default.fileExists(atPath: signedExecutable.path) && RequiredTool.python3.path != nil

    /// A thin little-endian 64-bit executable with its SuperBlob rebuilt around new XML
    /// entitlements (slot 5; a DER slot 7 is dropped).
    package static func replacingEntitlements(of bytes: [UInt8], with xml: String) -> [UInt8] {
        var blobs = CodeSignatureBlobs.blobs(of: bytes).filter { $0.type != 7 }
        let entitlements = CodeSignatureBlobs.xmlEntitlements(xml)
        if let slot = blobs.firstIndex(where: { $0.type == 5 }) {
            blobs[slot] = entitlements
        } else {
            blobs.insert(entitlements, at: 1)
        }
        return CodeSignatureBlobs.replacing(bytes, with: blobs)
    }

    package static func entitlements(_ keys: [String]) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            + keys.map { "\t<key>\($0)</key>\n\t<true/>\n" }.joined()
            + "\t<key>application-identifier</key>\n\t<string>TEAM.app</string>\n</dict>\n</plist>\n"
    }

    /// A bundle folder: binary Info.plist, the executable signed with `entitlementKeys`.
    package static func writeBundle(
        _ bundle: URL, entitlementKeys: [String], info: [String: Any], executable: String = "Fixture"
    ) throws {
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        var plist = info
        plist["CFBundleExecutable"] = executable
        try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0).write(
            to: bundle.appendingPathComponent("Info.plist"))
        let signed = replacingEntitlements(
            of: Array(try Data(contentsOf: signedExecutable)), with: entitlements(entitlementKeys))
        try Data(signed).write(to: bundle.appendingPathComponent(executable))
    }

    package static var storeKitInfo: [String: Any] { ["MinimumOSVersion": "17.4", "SKExternalPurchase": ["fr"]] }

    /// `Fixture.app` in `root` with a StoreKit key and the corpus executable signed with `entitlementKeys`.
    package static func app(
        in root: URL, entitlementKeys: [String] = ["com.apple.developer.storekit.external-purchase"],
        executable: String = "Fixture"
    ) throws -> URL {
        let app = root.appendingPathComponent("Fixture.app")
        try writeBundle(app, entitlementKeys: entitlementKeys, info: storeKitInfo, executable: executable)
        return app
    }
}
