import Foundation
import Testing

/// The preprocessing options as a user gives them: flags, `.eplint.yml`, a prefix header.
@Suite struct PreprocessingCommandTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>SKExternalPurchaseLink</key>
        \t<dict>
        \t\t<key>nl</key>
        \t\t<string>STORE_URL</string>
        \t</dict>
        </dict>
        </plist>

        """

    func project(_ files: [String: String]) throws -> URL {
        let root = try Eplint.temporaryDirectory()
        for (name, text) in files {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func flagsPrefixHeaderAndDefine() throws {
        let root = try project([
            "Info.plist": Self.plist, "Prefix.h": "#define STORE_URL https://shop.example.com/nl?ref=app\n",
        ])
        // Not declared and no directive line: STORE_URL is just text (an invalid URL).
        let plain = try Eplint.run(["Info.plist"], in: root)
        #expect(plain.standardOutput.contains("[EP202]"))
        // Declared preprocessed, -traditional, with a prefix header: the macro's URL is linted, at the macro,
        // and named with where the header defined it, never quoted (issue 45).
        let declared = try Eplint.run(
            ["--preprocess", "--preprocessor-flag", "-traditional", "--prefix-header", "Prefix.h", "Info.plist"],
            in: root)
        #expect(
            declared.standardOutput
                == "Info.plist:7:11: error: link 'STORE_URL' has a query (part of STORE_URL); destination URLs must not have query parameters (STORE_URL defined at Prefix.h:1) [EP203]\n",
            "\(declared.standardOutput)")
        // Without -traditional, '//' in the -D value is a comment too: cpp's macro is 'https:'.
        let define = try Eplint.run(
            ["--preprocess", "--define", "STORE_URL=https://shop.example.com/nl", "Info.plist"], in: root)
        #expect(define.standardOutput.contains("link 'https:'"))
        let traditional = try Eplint.run(
            [
                "--preprocess", "--preprocessor-flag=-traditional", "--define", "STORE_URL=https://shop.example.com/nl",
                "Info.plist",
            ], in: root)
        #expect(traditional.standardOutput == "" && traditional.status == 0, "\(traditional.standardOutput)")
    }

    @Test func configurationKeys() throws {
        let root = try project([
            "App/Info.plist": Self.plist, "Config/Prefix.h": "#define STORE_URL https://shop.example.com/nl\n",
            ".eplint.yml": "preprocess: true\npreprocessor-flags: [-traditional]\nprefix-header: Config/Prefix.h\n",
        ])
        let run = try Eplint.run(["App/Info.plist"], in: root)
        #expect(run.standardOutput == "" && run.status == 0, "\(run.standardOutput) \(run.standardError)")
        // preprocess: false leaves the file as it stands.
        try "preprocess: false\n".write(
            to: root.appendingPathComponent(".eplint.yml"), atomically: true, encoding: .utf8)
        #expect(try Eplint.run(["App/Info.plist"], in: root).standardOutput.contains("[EP202]"))
    }

    @Test func ignoredFlagsAreSaidWithVerboseAndAMissingHeaderStopsTheRun() throws {
        let root = try project(["Info.plist": Self.plist])
        let verbose = try Eplint.run(
            [
                "--verbose", "--preprocessor-flag", "-I/usr/include", "--preprocessor-flag", "-traditional",
                "Info.plist",
            ], in: root)
        #expect(verbose.standardError.contains("eplint: preprocessor flag '-I/usr/include' ignored"))
        #expect(!verbose.standardError.contains("'-traditional' ignored"))
        let missing = try Eplint.run(["--prefix-header", "Nope.h", "Info.plist"], in: root)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("cannot read prefix header 'Nope.h'"))
    }
}
