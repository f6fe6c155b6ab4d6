import Foundation
import Testing

/// `eplint context` prints the plan lint uses: the same options and `.eplint.yml` shape both,
/// and each file's contexts are what lint pairs and configures it with.
@Suite struct RunPlanTests {
    /// (Info.plist, entitlements, reason) of every context in `context --format json`.
    private static func plannedPairings(_ output: String) throws -> Set<String> {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        var pairings = Set<String>()
        for file in json["files"] as? [[String: Any]] ?? [] {
            for context in file["contexts"] as? [[String: Any]] ?? [] {
                guard let entitlements = context["entitlements"] as? String else { continue }
                pairings.insert("\(file["path"] as! String) pairs with \(entitlements) (\(context["entitlementsReason"] as! String))")
            }
        }
        return pairings
    }

    /// The pairing lines of `lint --verbose` that a target decided, paths as `context` shows them.
    private static func lintedPairings(_ standardError: String) -> Set<String> {
        Set(standardError.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("eplint: "), line.contains(" pairs with "), line.contains("(CODE_SIGN_ENTITLEMENTS of ") else { return nil }
            let text = line.dropFirst("eplint: ".count)
            return text.hasPrefix("./") ? String(text.dropFirst(2)) : String(text)
        })
    }

    @Test(.enabled(if: !XcodeTruthTests.repositories.isEmpty, "../shared/corpus/xcodeproj is not here"), arguments: XcodeTruthTests.repositories)
    func contextPrintsThePairingsLintUses(_ repository: String) throws {
        let folder = XcodeTruthTests.corpus.appendingPathComponent(repository)
        for options in [[], ["--define", "STORE=1", "--configuration", "Release"], ["--xcconfig-condition", "sdk=iphoneos"]] {
            let context = try Eplint.run(["context", "--format", "json"] + options + ["."], in: folder)
            guard context.status == 0 else {
                // A repository whose project is generated (XcodeGen) commits none.
                #expect(context.standardError.contains("no Xcode project"), "\(repository): \(context.standardError)")
                continue
            }
            let lint = try Eplint.run(["--verbose", "--format", "json"] + options + ["."], in: folder)
            #expect(try Self.plannedPairings(context.standardOutput) == Self.lintedPairings(lint.standardError), "\(repository) \(options)")
        }
    }

    /// `.eplint.yml`'s `define:` and the flags reach `context` as they reach lint.
    @Test func contextReadsTheConfigurationFileAndLintsFlags() throws {
        let fixture = try Project()
        try fixture.write("App/Info.plist", "<plist><dict/></plist>\n")
        try fixture.write(".eplint.yml", "define:\n  STORE_URL: https://example.com/nl\nmusic-streaming: true\n")
        try fixture.writeProject(target: ["INFOPLIST_FILE": "App/Info.plist", "IPHONEOS_DEPLOYMENT_TARGET": "16.0", "SDKROOT": "iphoneos"])
        let run = try Eplint.run(["context", "--format", "json", "--define", "EXTRA=2", "--deployment-target", "iOS=17.5", "."], in: fixture.root)
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let settings = try #require(json["runSettings"] as? [String: [String: String]])
        #expect(settings["STORE_URL"] == ["value": "https://example.com/nl", "from": ".eplint.yml"])
        #expect(settings["EXTRA"] == ["value": "2", "from": "--define"])
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["App/Info.plist"])
        let contexts = try #require(files.first?["contexts"] as? [[String: Any]])
        #expect(contexts.map { $0["label"] as? String } == ["App/Debug", "App/Release"])
        for context in contexts {
            let targets = context["deploymentTargets"] as? [[String: String]]
            #expect(targets == [["platform": "iOS", "version": "17.5", "source": "--deployment-target"]])
            #expect((context["musicStreaming"] as? [String: Any])?["qualifies"] as? Bool == true)
            let definitions = (context["preprocessing"] as? [String: Any])?["definitions"] as? [String]
            #expect(definitions == ["STORE_URL=https://example.com/nl", "EXTRA=2"])
        }
        // Without the flag, the target's own deployment target is what lint uses.
        let plain = try Eplint.run(["context", "."], in: fixture.root)
        #expect(plain.standardOutput.contains("Settings of the run (over every target's):\n  STORE_URL = https://example.com/nl  (.eplint.yml)\n"))
        #expect(plain.standardOutput.contains("    App/Debug: entitlements (none) (CODE_SIGN_ENTITLEMENTS of App/Debug)\n      iOS 16.0 (IPHONEOS_DEPLOYMENT_TARGET in the target's build settings)\n"),
                "\(plain.standardOutput)")
    }
}
