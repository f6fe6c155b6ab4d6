import LintEngine
import Testing

/// File kinds by name, the one place suffixes are known: matched as spelled, so a name in
/// another case is no such file on any platform (docs/macos.md).
@Suite struct FileKindTests {
    @Test func kindsByName() {
        #expect(FileKind(path: "App/Info.plist") == .infoPlist)
        #expect(FileKind(path: "App-Info.plist") == .infoPlist)
        #expect(FileKind(path: "/p/App.entitlements") == .entitlements)
        #expect(FileKind(path: "Settings.plist") == .other)
        #expect(FileKind(path: "App/info.plist") == .other)
        #expect(FileKind(path: "App.Entitlements") == .other)
        // The name decides, not a folder on the way.
        #expect(FileKind(path: "App.entitlements/Settings.plist") == .other)
    }

    @Test func propertyLists() {
        for path in ["Info.plist", "/p/Settings.plist", "App-Info.plist", ".plist"] {
            #expect(FileKind.isPropertyList(path), "\(path)")
        }
        for path in ["App.entitlements", "Info.PLIST", "Info.plist.bak", "plist", "App.xcconfig"] {
            #expect(!FileKind.isPropertyList(path), "\(path)")
        }
    }

    @Test func whatAWalkLints() {
        let walked = { (name: String) in FileKind.walkedSuffixes.contains(where: name.hasSuffix) }
        for name in ["Info.plist", "Settings.plist", "App.entitlements"] { #expect(walked(name), "\(name)") }
        for name in ["Info.PLIST", "App.Entitlements", "app.json", "App.xcconfig", "project.pbxproj"] {
            #expect(!walked(name), "\(name)")
        }
    }

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
