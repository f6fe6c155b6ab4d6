import LintRun
import Testing

/// The file kinds a run lints, as the language server asks for them (`LintedFile`).
@Suite struct LintedFileTests {
    @Test func kindsByName() {
        #expect(LintedFile(path: "App/Info.plist") == .propertyList)
        #expect(LintedFile(path: "Settings.plist") == .propertyList)
        #expect(LintedFile(path: "/p/App.entitlements") == .entitlements)
        #expect(LintedFile(path: "app.json") == .expoConfiguration)
        #expect(LintedFile(path: "mobile/app.config.json") == .expoConfiguration)
        #expect(LintedFile(path: "package.json") == nil)
        #expect(LintedFile(path: "app.config.js") == nil)
        #expect(LintedFile(path: "App.xcconfig") == nil)
        #expect(LintedFile(path: "plist/README") == nil)
    }
}
