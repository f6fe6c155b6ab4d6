import LintEngine
import Testing

@Suite struct FileKindTests {
    /// A kind comes from the end of the name as spelled, byte by byte.
    @Test(arguments: [
        ("Info.plist", FileKind.infoPlist), ("App/App-Info.plist", .infoPlist), ("/a/é/Info.plist", .infoPlist),
        ("App.entitlements", .entitlements), ("Ünïcode Äpp.entitlements", .entitlements),
        (".entitlements", .entitlements),
        ("App.Entitlements", .other), ("info.plist", .other), ("Info.plist/Other.plist", .other),
        ("App.entitlements/", .other), ("Info.plis", .other), ("", .other), ("/", .other), ("ntitlements", .other),
    ])
    func kindComesFromTheNamesEnd(path: String, kind: FileKind) {
        #expect(FileKind(path: path) == kind)
    }
}
