import Foundation
import LintRun
import TestSupport
import Testing

/// `eplint context` prints the plan for plain files too (no Xcode target builds them): one
/// context each, paired as lint pairs it, which `--verbose` says when lint runs.
@Suite struct PlainContextTests {
    static let link = FixRunTests.plist(
        "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n"
            + "\t\t<string>https://example.com/nl</string>\n\t</dict>\n")
    static let entitlements = FixRunTests.plist(
        "\t<key>com.apple.developer.storekit.external-purchase-link</key>\n\t<true/>\n")

    /// A folder paired with its only entitlements file, one with two (none is guessed), one with none.
    static func folders() throws -> URL {
        try FixRunTests.folder(with: [
            "One/Info.plist": link, "One/App.entitlements": entitlements,
            "Two/Info.plist": link, "Two/A.entitlements": entitlements, "Two/B.entitlements": entitlements,
            "None/Info.plist": link,
        ])
    }

    /// The files of a context report, by path: (entitlements, entitlementsReason, label).
    static func contexts(_ options: LintOptions, host: TestHost) throws -> [String: (String?, String, String)] {
        let json = try ContextReport.render(options, as: .json, host: host)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var found: [String: (String?, String, String)] = [:]
        for file in try #require(root["files"] as? [[String: Any]]) {
            let context = try #require((file["contexts"] as? [[String: Any]])?.first)
            found[try #require(file["path"] as? String)] = (
                context["entitlements"] as? String, try #require(context["entitlementsReason"] as? String),
                try #require(context["label"] as? String)
            )
        }
        return found
    }

    @Test func eachPlainInfoPlistHasTheContextLintPairsItWith() throws {
        let folder = try Self.folders()
        let found = try Self.contexts(
            FixRunTests.options([folder.path], fix: false), host: TestHost(workingDirectory: folder))
        // Paths are shown relative to the working directory: keyed here by folder and name.
        let byName = Dictionary(
            uniqueKeysWithValues: found.map {
                ($0.key.components(separatedBy: "/").suffix(2).joined(separator: "/"), $0.value)
            })
        #expect(byName.count == 3)
        #expect(byName["One/Info.plist"]?.0 == folder.appendingPathComponent("One/App.entitlements").path)
        #expect(byName["One/Info.plist"]?.1 == "the only *.entitlements file in its folder")
        #expect(byName["Two/Info.plist"]?.0 == nil)
        #expect(byName["Two/Info.plist"]?.1.hasPrefix("2 *.entitlements files in its folder") == true)
        #expect(byName["None/Info.plist"]?.0 == nil)
        #expect(byName.values.allSatisfy { $0.2 == "plain file" })

        // Lint, asked to say what it decides, pairs each file as the context says.
        let linting = TestHost(workingDirectory: folder)
        _ = try LintRun.run(FixRunTests.options([folder.path], fix: false) { $0.plan.verbose = true }, host: linting)
        let pairings = linting.notes.filter { $0.contains(" pairs with ") || $0.contains(" is not paired: ") }
        #expect(pairings.count == 2)
        for name in ["One/Info.plist", "Two/Info.plist"] {
            let path = folder.appendingPathComponent(name).path
            let context = try #require(byName[name])
            let said =
                context.0.map { "eplint: \(path) pairs with \($0) (\(context.1))\n" }
                ?? "eplint: \(path) is not paired: \(context.1)\n"
            #expect(pairings.contains(said))
        }
    }

    @Test func entitlementsGivenPairEveryPlainFile() throws {
        let folder = try Self.folders()
        let given = folder.appendingPathComponent("One/App.entitlements").path
        let found = try Self.contexts(
            FixRunTests.options([folder.path], fix: false) { $0.plan.entitlements = given },
            host: TestHost(workingDirectory: folder))
        #expect(found.count == 3)
        #expect(found.values.allSatisfy { $0.0 == given && $0.1 == "--entitlements" })
    }

    /// Which Xcode's clang, and so whether TARGET_OS_* are predefined, in both formats.
    @Test func theXcodeVersionDecidesThePlatformMacros() throws {
        let folder = try FixRunTests.folder(with: ["One/Info.plist": Self.link])
        let host = TestHost(workingDirectory: folder)
        let older = FixRunTests.options([folder.path], fix: false) { $0.plan.xcodeVersion = "16.2" }
        let text = try ContextReport.render(older, as: .text, host: host)
        #expect(
            text.contains(
                "\n      TARGET_OS_* not predefined: Xcode 16.2 (--xcode-version): its clang predefines none before Xcode 16.3\n"
            ), "\(text)")
        let json = try ContextReport.render(FixRunTests.options([folder.path], fix: false), as: .json, host: host)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let file = try #require((root["files"] as? [[String: Any]])?.first)
        let context = try #require((file["contexts"] as? [[String: Any]])?.first)
        let macros = try #require(
            (context["preprocessing"] as? [String: Any])?["targetOSMacros"] as? [String: Any])
        #expect(macros["predefined"] as? Bool == true)
        #expect(
            macros["reason"] as? String == "the default: an Xcode of 16.3 or later; --xcode-version tells an older one")
    }

    @Test func aFolderWithNothingToLintIsAFailure() throws {
        let folder = try FixRunTests.folder(with: ["README": "no plist here\n"])
        #expect(throws: RunFailure.self) {
            try ContextReport.render(
                FixRunTests.options([folder.path], fix: false), as: .text, host: TestHost(workingDirectory: folder))
        }
    }
}
