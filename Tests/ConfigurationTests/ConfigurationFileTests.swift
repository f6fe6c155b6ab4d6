import EplintBase
import Foundation
import TestSupport
import Testing

@testable import Configuration
@testable import LintEngine

private func read(_ yaml: String) throws(ConfigurationError) -> ConfigurationFile {
    try ConfigurationFile(text: yaml, path: ".eplint.yml", directory: "/project")
}

private func failure(_ yaml: String) -> String? {
    do {
        _ = try read(yaml)
        return nil
    } catch { return error.message }
}

@Suite struct ConfigurationFileTests {
    @Test func everyKeyOfTheSpecExample() throws {
        let file = try read(
            """
            disable: [EP206]
            severity: {EP104: error, EP502: warning}
            include: ["App/**"]
            exclude: ["Tests/Fixtures/**"]
            ignore:
              - {path: "App/Info.plist", rule: EP203, keyPath: "SKExternalPurchaseLink.nl"}
            entitlements: {"App/Info.plist": "App/App.entitlements"}
            music-streaming: true
            deployment-target: {iOS: "16.0"}
            define: {STORE_URL: "https://example.com/buy"}
            xcconfig: ["Config/Release.xcconfig"]
            regions: "Rules/regions.plist"
            """)
        #expect(file.disable == [.ep206UrlHasCredentials])
        #expect(file.severity == [.ep104RegionDuplicate: .error, .ep502PreferMultilink: .warning])
        #expect(
            file.admits("/project/App/Info.plist") && !file.admits("/project/Tests/Fixtures/Info.plist")
                && !file.admits("/project/Other/Info.plist"))
        #expect(file.ignore.count == 1 && file.ignore[0].keyPath == "SKExternalPurchaseLink.nl")
        #expect(file.entitlements == ["App/Info.plist": "App/App.entitlements"])
        #expect(file.musicStreaming == true)
        #expect(file.deploymentTargets.map { "\($0.platform)=\($0.version)" } == ["iOS=16.0"])
        #expect(file.define == ["STORE_URL": "https://example.com/buy"])
        #expect(file.xcconfig == ["Config/Release.xcconfig"] && file.regions == "Rules/regions.plist")
        #expect(file.resolve("Config/Release.xcconfig") == "/project/Config/Release.xcconfig")
    }

    /// `root-certificates:` takes one path or a list, each resolved against the file's folder.
    @Test func rootCertificates() throws {
        #expect(try read("root-certificates: certs/test.der\n").rootCertificates == ["certs/test.der"])
        let file = try read("root-certificates:\n  - a.pem\n  - /abs/b.der\n")
        #expect(file.rootCertificates.map(file.resolve) == ["/project/a.pem", "/abs/b.der"])
        #expect(failure("root-certificates: {a: b}\n") == ".eplint.yml:1: root-certificates: must be a list")
    }

    @Test func mistakesNameFileLineAndKey() throws {
        #expect(
            failure("severity: {EP104: error}\ndisabel: [EP206]\n")
                == ".eplint.yml:2: unknown key 'disabel' (known: \(ConfigurationFile.knownKeys.joined(separator: ", ")))"
        )
        #expect(failure("disable: EP206\n") == ".eplint.yml:1: disable: must be a list")
        #expect(
            failure("disable:\n  - EP999\n")
                == ".eplint.yml:2: disable: unknown rule 'EP999'; 'eplint rules' lists them")
        #expect(failure("severity: {EP104: fatal}\n") == ".eplint.yml:1: severity: must be error, warning or note")
        #expect(failure("music-streaming: maybe\n") == ".eplint.yml:1: music-streaming: must be true or false")
        #expect(
            failure("ignore:\n  - {path: x, rule: EP203, line: 3}\n")?.hasPrefix(
                ".eplint.yml:2: ignore: unknown field 'line'") == true)
        #expect(failure("ignore:\n  - {path: x}\n") == ".eplint.yml:2: ignore: each entry needs path and rule")
        #expect(failure("- a\n- b\n") == ".eplint.yml:1: must be a mapping of settings")
        #expect(failure("a: [\n") == ".eplint.yml:2: not valid YAML: did not find expected node content")
        #expect(failure("a: &x [1]\nb: *y\n") == ".eplint.yml:2: not valid YAML: unknown alias 'y'")
        #expect(try read("exclude: &shared [\"Tests/**\"]\ninclude: *shared\n").include == [Glob("Tests/**")])
        #expect(
            failure("disable: [EP005]\n---\nx: 1\n")
                == ".eplint.yml:2: not valid YAML: expected one document, found a second")
        #expect(failure("") == nil)
    }

    @Test func nestingIsBoundedNotACrash() {
        func nested(_ depth: Int, around core: String = "") -> String {
            String(repeating: "[", count: depth) + core + String(repeating: "]", count: depth)
        }
        // Releasing a tree built this deep recursed through every level and exhausted the stack.
        #expect(failure("a: \(nested(100_000))\n") == ".eplint.yml:1: not valid YAML: nested more than 256 levels deep")
        // 256 levels (the mapping and 255 sequences) are read: the error is the setting's.
        #expect(failure("a: \(nested(255))\n")?.hasPrefix(".eplint.yml:1: unknown key 'a'") == true)
        // An alias brings its node's depth: 200 levels used inside 101 are too deep.
        #expect(
            failure("x: &x \(nested(200))\ny: \(nested(100, around: "*x"))\n")
                == ".eplint.yml:2: not valid YAML: nested more than 256 levels deep")
        #expect(failure("x: &x \(nested(200))\ny: \(nested(50, around: "*x"))\n")?.contains("YAML") == false)
    }

    @Test func ignoreCoversAKeyPathAndWhatIsInsideIt() throws {
        let file = try read(
            "ignore:\n  - {path: \"**/Info.plist\", rule: EP203, keyPath: SKExternalPurchaseMultiLink.fr}\n")
        func diagnostic(_ keyPath: String, _ rule: RuleID = .ep203UrlHasQuery) -> Diagnostic {
            Diagnostic(file: "x", rule: rule, message: "", range: .init(at: .start), keyPath: keyPath)
        }
        #expect(file.ignores(diagnostic("SKExternalPurchaseMultiLink.fr[2]"), absolutePath: "/project/App/Info.plist"))
        #expect(file.ignores(diagnostic("SKExternalPurchaseMultiLink.fr"), absolutePath: "/project/Info.plist"))
        #expect(!file.ignores(diagnostic("SKExternalPurchaseMultiLink.frx"), absolutePath: "/project/Info.plist"))
        #expect(
            !file.ignores(
                diagnostic("SKExternalPurchaseMultiLink.fr", .ep201UrlNotHttps), absolutePath: "/project/Info.plist"))
        #expect(!file.ignores(diagnostic("SKExternalPurchaseMultiLink.fr"), absolutePath: "/project/App/Other.plist"))
    }

    /// An eplint older (or newer) than the configuration asks for stops, naming both versions,
    /// before it reads keys it may not know.
    @Test func requiredVersion() throws {
        func check(_ required: String, running: String) -> String? {
            do throws(ConfigurationError) {
                _ = try ConfigurationFile(
                    text: "required-version: \"\(required)\"\nnewer-key: 1\n", path: ".eplint.yml", directory: "/p",
                    toolVersion: running)
                return nil
            } catch { return error.message }
        }
        #expect(
            check("0.3", running: "0.2.9")
                == ".eplint.yml:1: required-version: this configuration needs eplint 0.3, and this eplint is 0.2.9; update eplint"
        )
        #expect(
            check(">= 0.2, < 1", running: "1.0.0")?.contains("needs eplint >= 0.2, < 1, and this eplint is 1.0.0")
                == true)
        #expect(check("== 0.2.1", running: "0.2.1-rc.1")?.hasPrefix(".eplint.yml:2: unknown key 'newer-key'") == true)
        #expect(check("0.2", running: "0.2.0")?.hasPrefix(".eplint.yml:2: unknown key") == true)
        #expect(check(">0.2", running: "0.2.0")?.contains("needs eplint >0.2") == true)
        #expect(
            check("latest", running: "0.2.0")
                == ".eplint.yml:1: required-version: must be a version such as \"1.2\" or clauses such as \">= 1.2, < 2\""
        )
        #expect(try read("required-version: \"\(ToolIdentity.version)\"\n").disable.isEmpty)
    }

    /// macOS hands back NFD names and APFS ignores case: a glob written one way matches the other
    /// spelling (case only where the file system ignores it).
    @Test func globsMatchOtherSpellingsOfANameWhereTheFileSystemDoes() {
        let nfc = Glob("Caf\u{E9}/**")
        #expect(nfc.matches("Cafe\u{301}/Info.plist") && Glob("Cafe\u{301}/*.plist").matches("Caf\u{E9}/Info.plist"))
        #expect(!Glob("app/**").matches("App/Info.plist"))
        #expect(
            Glob("app/**").matches("App/Info.plist", ignoringCase: true)
                && Glob("App/INFO.plist").matches("app/info.PLIST", ignoringCase: true))
        #expect(!Glob("App/?nfo.plist").matches("App/xnfo.plist/x", ignoringCase: true))
        var file = try! ConfigurationFile(
            text: "exclude: [\"fixtures/**\"]\n", path: ".eplint.yml", directory: "/project")
        #expect(file.admits("/project/Fixtures/Info.plist"))
        file.namesIgnoreCase = true
        #expect(!file.admits("/project/Fixtures/Info.plist") && file.admits("/project/App/Info.plist"))
    }

    /// The schema in Rules/ lists exactly the keys the reader accepts, and accepts the spec's example.
    /// The repository is named in one place (ToolIdentity): the schema's `$id` is fetchable from
    /// it, the configuration document's modeline names that `$id`, install.sh downloads from it,
    /// and no other repository URL of eplint appears in the README, docs/, install.sh or action.yml.
    @Test func theSchemaIdAndTheReadmeNameToolIdentitysRepository() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let schemaURL = root.appendingPathComponent("Rules/eplint-config.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
        let id = ToolIdentity.rawFile("Rules/eplint-config.schema.json")
        #expect(schema["$id"] as? String == id)
        let configuration = try String(
            contentsOf: root.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        #expect(configuration.contains("# yaml-language-server: $schema=\(id)\n"))
        let named = try NSRegularExpression(pattern: "https://github\\.com/[A-Za-z0-9_.-]+/eplint\\b")
        let documents = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        for file in ["README.md", "install.sh", "action.yml"] + documents {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for match in named.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                #expect(String(text[Range(match.range, in: text)!]) == ToolIdentity.repository, "\(file)")
            }
        }
        let installer = try String(contentsOf: root.appendingPathComponent("install.sh"), encoding: .utf8)
        #expect(installer.contains("\nrepository=\(ToolIdentity.repository)\n"))
        // The action installs, by default, the release of its own tag.
        let action = try String(contentsOf: root.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(
            action.contains(
                "  version:\n    description: The eplint release to run (MAJOR.MINOR.PATCH); pin it, as the action's tag pins the action\n    required: false\n    default: \"\(ToolIdentity.version)\"\n"
            ))
    }

    @Test func schemaMatchesTheReader() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let schemaURL = root.appendingPathComponent("Rules/eplint-config.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(ConfigurationFile.knownKeys))
        let ruleIDs = try #require(
            ((schema["definitions"] as? [String: Any])?["rule"] as? [String: Any])?["enum"] as? [String])
        #expect(Set(ruleIDs) == Set(RuleCatalog.all.map(\.id.rawValue)))
    }

    /// The real consumer: Python's jsonschema validating YAML documents with the schema.
    @Test(.requires(.python))
    func schemaValidatesWithJSONSchema() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let schemaURL = root.appendingPathComponent("Rules/eplint-config.schema.json")
        let outcome = try ChildProcess.run(
            try RequiredTool.python.require(),
            [
                "-c",
                """
                import json, sys, yaml, jsonschema
                schema = json.load(open(sys.argv[1]))
                jsonschema.validate(yaml.safe_load(sys.argv[2]), schema)
                try:
                    jsonschema.validate(yaml.safe_load(sys.argv[3]), schema)
                except jsonschema.ValidationError:
                    print("rejected")
                """, schemaURL.path,
                "disable: [EP206]\nseverity: {EP104: error}\nignore: [{path: a, rule: EP203, keyPath: b}]\nmusic-streaming: true\ndeployment-target: {iOS: '16.0'}\n",
                "disabel: [EP206]\n",
            ], output: .captured, error: .output)
        let text = String(decoding: outcome.standardOutput, as: UTF8.self)
        #expect(outcome.status == 0 && !outcome.signaled && text == "rejected\n", "\(text)")
    }
}

@Suite struct BaselineTests {
    @Test func roundTripAndMultiset() throws {
        let entry = Baseline.Entry(
            file: "App/Info.plist", rule: "EP203", keyPath: "SKExternalPurchaseLink.nl", value: "https://x/?\"q\"")
        let baseline = Baseline(counts: [entry: 2])
        let text = baseline.serialized()
        #expect(try Baseline(text: text, path: "b.json") == baseline)
        let diagnostic = Diagnostic(
            file: "App/Info.plist", rule: .ep203UrlHasQuery, message: "", range: .init(at: .start))
        let (new, gone) = baseline.filter([(diagnostic, entry), (diagnostic, entry), (diagnostic, entry)])
        #expect(new.count == 1 && gone.isEmpty)
        #expect(baseline.filter([]).gone == [entry])
        #expect(throws: ConfigurationError.self) { try Baseline(text: "{\"version\": 2}", path: "b.json") }
    }
}
