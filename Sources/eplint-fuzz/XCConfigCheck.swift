import EplintBase
import EplintRules
import LintEngine
import XcodeProject

/// EPLINT_FUZZ_MODE=xcconfig: the input as up to three xcconfig files (split at NUL bytes:
/// `/p/A.xcconfig` and the two it may `#include` as `B.xcconfig` and `sub/C.xcconfig`), read
/// strictly and leniently, with and without conditions (the input's first byte picks the sdk),
/// then the settings substituted into an Info.plist that references them, through every rule.
func fuzzXCConfig(_ bytes: [UInt8]) {
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    let names = ["/p/A.xcconfig", "/p/B.xcconfig", "/p/sub/C.xcconfig"]
    var files: [String: String] = [:]
    for (name, part) in zip(names, parts) { files[name] = String(decoding: part, as: UTF8.self) }
    let sdks = ["iphoneos", "macosx", "iphonesimulator*", ""]
    var settings: [String: BuildSettings.Definition] = [:]
    for lenient in [false, true] {
        var reader = XCConfigReader(
            conditions: ["sdk": sdks[Int(bytes.first ?? 0) % sdks.count], "arch": "arm64", "config": "Release"]
        ) { files[$0] }
        reader.lenient = lenient
        reader.searchPaths = ["/p/sub"]
        if let read = try? reader.read(["/p/A.xcconfig"], shownAs: { $0 }) { settings = read }
        var notes: [String] = []
        _ = try? reader.assignments("/p/B.xcconfig", shownAs: { $0 }, notes: &notes)
    }
    let plist = Array(
        ("<plist><dict><key>SKExternalPurchase</key><array><string>$(REGION)</string></array>"
            + "<key>SKExternalPurchaseLink</key><dict><key>$(REGION)</key><string>$(URL)</string></dict>"
            + "<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER:lower)</string></dict></plist>").utf8)
    let linter = Linter(
        rules: allRules, configuration: LintConfiguration(buildSettings: BuildSettings(definitions: settings)))
    var source = BytesSource(plist)
    _ = try? linter.lint(&source, path: "App/Info.plist")
}
