import Foundation
import Testing

/// A value a header's macro or an xcconfig file's setting made is named with where it was
/// defined, never quoted, in every format (issue 45: a pull request's header or xcconfig may
/// reach any file); a value the linted file or the command line spells stays shown.
@Suite struct NamedValueTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        #define OWN_URL http://own-visible.example/fr
        \t<key>SKExternalPurchase</key>
        \t<array><string>HEADER_REGION</string></array>
        \t<key>SKExternalPurchaseLink</key>
        \t<dict>
        \t\t<key>nl</key>
        \t\t<string>STORE_URL</string>
        \t\t<key>de</key>
        \t\t<string>http://$(SHOP_HOST)/de?x=$(SHOP_QUERY)</string>
        \t\t<key>fr</key>
        \t\t<string>OWN_URL</string>
        \t</dict>
        </dict>
        </plist>

        """

    static let formats = ["gcc", "json", "sarif", "github", "junit", "checkstyle", "gitlab", "markdown"]

    static func repository() throws -> URL {
        let root = try Eplint.temporaryDirectory()
        let files = [
            "Info.plist": plist,
            "Keys.h": "#define STORE_URL http://canary-header-host.example/nl?q=canary-header-query\n"
                + "#define HEADER_REGION canary-header-region\n",
            "Base.xcconfig": "SHOP_HOST = canary-xcconfig-host.example\nSHOP_QUERY = canary-xcconfig-query\n",
            ".eplint.yml":
                "preprocess: true\npreprocessor-flags: [-traditional]\nprefix-header: Keys.h\nxcconfig: [Base.xcconfig]\n",
        ]
        for (name, text) in files {
            try text.write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func headerAndXcconfigValuesAreNamedInEveryFormat() throws {
        let root = try Self.repository()
        for format in Self.formats {
            let run = try Eplint.run(["--format", format, "--color", "never", "Info.plist"], in: root)
            #expect(run.status == 1, "\(format): \(run.standardError)")
            #expect(!run.standardOutput.contains("canary"), "\(format): \(run.standardOutput)")
            #expect(!run.standardError.contains("canary"), "\(format): \(run.standardError)")
            // What the linted file spells is still shown.
            #expect(run.standardOutput.contains("own-visible.example"), "\(format)")
        }
        let gcc = try Eplint.run(["--color", "never", "Info.plist"], in: root)
        #expect(
            gcc.standardOutput == """
                Info.plist:6:17: error: 'HEADER_REGION' is not an ISO 3166-1 alpha-2 region code (HEADER_REGION defined at Keys.h:2) [EP102]
                Info.plist:10:11: error: link 'STORE_URL' uses part of STORE_URL; destination URLs must use https (STORE_URL defined at Keys.h:1) [EP201]
                Info.plist:10:11: error: link 'STORE_URL' has a query (part of STORE_URL); destination URLs must not have query parameters (STORE_URL defined at Keys.h:1) [EP203]
                Info.plist:12:3: error: link 'http://$(SHOP_HOST)/de?x=$(SHOP_QUERY)' (SHOP_HOST set in Base.xcconfig:1, SHOP_QUERY set in Base.xcconfig:2) uses 'http'; destination URLs must use https [EP201]
                Info.plist:12:3: error: link 'http://$(SHOP_HOST)/de?x=$(SHOP_QUERY)' (SHOP_HOST set in Base.xcconfig:1, SHOP_QUERY set in Base.xcconfig:2) has a query ('?x=$(SHOP_QUERY)'); destination URLs must not have query parameters [EP203]
                Info.plist:14:11: error: link 'http://own-visible.example/fr' uses 'http'; destination URLs must use https (OWN_URL expands to 'http://own-visible.example/fr') [EP201]

                """, "\(gcc.standardOutput)")
        // The regions table names them too.
        let markdown = try Eplint.run(["--format", "markdown", "Info.plist"], in: root)
        #expect(markdown.standardOutput.contains("| SKExternalPurchaseLink | ` nl ` | ` STORE_URL ` |"))
        #expect(
            markdown.standardOutput.contains("| SKExternalPurchase | ` HEADER_REGION ` |  |"),
            "\(markdown.standardOutput)")
        #expect(markdown.standardOutput.contains("| SKExternalPurchaseLink | ` nl ` | ` STORE_URL ` |"))
        #expect(
            markdown.standardOutput.contains(
                "| SKExternalPurchaseLink | ` de ` | ` http://$(SHOP_HOST)/de?x=$(SHOP_QUERY) ` |"),
            "\(markdown.standardOutput)")
    }

    /// What the user typed (`--define`, which also defines the macro) is the user's own: shown, as before.
    @Test func typedDefinitionsStayShown() throws {
        let root = try Self.repository()
        let run = try Eplint.run(
            [
                "--color", "never", "--define", "SHOP_HOST=typed-host.example", "--define", "SHOP_QUERY=typed",
                "Info.plist",
            ],
            in: root)
        #expect(
            run.standardOutput.contains(
                "(SHOP_HOST expands to 'typed-host.example'; SHOP_QUERY expands to 'typed') [EP006]"),
            "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("canary"), "\(run.standardOutput)")
    }
}
