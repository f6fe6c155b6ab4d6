import EplintBase
import Testing

/// Path globs (`include:`, `exclude:`, `ignore:` paths): `**` any folders, `*` any characters but `/`, `?` one.
@Suite struct GlobTests {
    @Test func globs() {
        #expect(Glob("App/**").matches("App/Info.plist") && Glob("App/**").matches("App/A/B/Info.plist"))
        #expect(Glob("**/Info.plist").matches("Info.plist") && Glob("**/Info.plist").matches("a/b/Info.plist"))
        #expect(!Glob("*.plist").matches("a/b.plist") && Glob("*.plist").matches("b.plist"))
        #expect(Glob("App/?nfo.plist").matches("App/Info.plist") && !Glob("App/?nfo.plist").matches("App/xInfo.plist"))
        #expect(!Glob("App/**").matches("Apps/Info.plist"))
    }
}
