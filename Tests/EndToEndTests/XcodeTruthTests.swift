import Foundation
import TestSupport
import Testing

/// `eplint context --format json`, run in each repository folder of the Xcode corpus, agrees
/// with its TRUTH.json (worked out independently) on the fields the issue names, for every
/// target and configuration. The corpus sets no prefix header and few definitions, so
/// XcodeTruth/PrefixHeaderApp, a small project with a hand-written TRUTH.json, sets both.
@Suite struct XcodeTruthTests {
    static let corpus = SharedData.Item.xcodeproj.url
    static let synthetic = Eplint.packageRoot.appendingPathComponent("Tests/EndToEndTests/XcodeTruth/PrefixHeaderApp")

    /// How many configurations were compared, and how many of them had a prefix header,
    /// preprocessor definitions or flags (an empty value against an empty one proves little).
    struct Compared: Equatable { var configurations = 0, prefixHeaders = 0, definitions = 0, flags = 0 }

    static let repositories: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: corpus.appendingPathComponent("\($0)/TRUTH.json").path)
        }.sorted()
    }()

    /// Words at blanks; double quotes group (TRUTH keeps list settings as written).
    static func words(_ value: Any?) -> [String] {
        guard let text = value as? String else { return [] }
        var words: [String] = []
        var current = ""
        var inWord = false
        var quoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
                inWord = true
                continue
            }
            if character == " " && !quoted {
                if inWord { words.append(current) }
                current = ""
                inWord = false
                continue
            }
            current.append(character)
            inWord = true
        }
        if inWord { words.append(current) }
        return words
    }

    /// INFOPLIST_PREFIX_HEADER as TRUTH writes it (evaluated; `<repo>/…` where it came from
    /// $(SRCROOT)), resolved against the project's SRCROOT: a repository-relative path, or nil
    /// when unset, absolute, or not in the folder (eplint reports only a header that exists).
    static func prefixHeader(_ value: Any?, sourceRoot: String, in folder: URL) -> String? {
        guard let value = value as? String, !value.isEmpty, !value.hasPrefix("/") else { return nil }
        let joined =
            value.hasPrefix("<repo>/")
            ? String(value.dropFirst(7)) : sourceRoot == "." ? value : sourceRoot + "/" + value
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        let path = parts.joined(separator: "/")
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path) ? path : nil
    }

    @Test(.requires(.xcodeproj), arguments: repositories)
    func contextAgreesWithTruth(_ repository: String) throws {
        let compared = try Self.compare(Self.corpus.appendingPathComponent(repository))
        #expect(compared.configurations > 0 || repository == "element-hq__element-ios")
    }

    /// Every configuration of the synthetic project, each with a prefix header and definitions.
    @Test func contextAgreesWithTruthOnPrefixHeadersAndDefinitions() throws {
        let compared = try Self.compare(Self.synthetic)
        #expect(compared == Compared(configurations: 2, prefixHeaders: 2, definitions: 2, flags: 1))
    }

    /// `eplint context --format json .` in a folder, run once for this suite and RunPlanTests,
    /// which both read it (a second run over the corpus took 14 s).
    static func context(in folder: URL) throws -> EplintRun {
        if let known = contextRuns.withLock({ $0[folder.path] }) { return known }
        let run = try Eplint.run(["context", "--format", "json", "."], in: folder)
        contextRuns.withLock { $0[folder.path] = run }
        return run
    }

    private static let contextRuns = LockedRuns()

    final class LockedRuns: @unchecked Sendable {
        private let lock = NSLock()
        private var runs: [String: EplintRun] = [:]

        func withLock<Result>(_ body: (inout [String: EplintRun]) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&runs)
        }
    }

    @discardableResult
    static func compare(_ folder: URL) throws -> Compared {
        let truth = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("TRUTH.json")))
                as? [String: Any])
        let truthProjects = truth["projects"] as? [[String: Any]] ?? []
        let run = try context(in: folder)
        guard !truthProjects.isEmpty else {
            // element-ios commits no project.pbxproj (XcodeGen generates it): nothing to resolve,
            // and its Info.plists are plain files, each in the run's one context.
            #expect(run.status == 0, "\(run.standardError)")
            let output = try #require(
                try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
            #expect((output["projects"] as? [Any])?.isEmpty == true)
            let labels = (output["files"] as? [[String: Any]] ?? []).flatMap { file in
                (file["contexts"] as? [[String: Any]] ?? []).map { $0["label"] as? String }
            }
            #expect(!labels.isEmpty && labels.allSatisfy { $0 == "plain file" })
            return Compared()
        }
        #expect(run.status == 0, "\(run.standardError)")
        let output = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(output["version"] as? Int == 1)
        var mine: [String: [String: Any]] = [:]
        for project in output["projects"] as? [[String: Any]] ?? [] {
            mine[(project["path"] as! String) + "/project.pbxproj"] = project
        }
        var compared = Compared()
        for truthProject in truthProjects {
            let path = truthProject["path"] as! String
            let sourceRoot = truthProject["SRCROOT"] as? String ?? "."
            let project = try #require(mine[path], "\(path) is missing")
            let targets = Dictionary(
                uniqueKeysWithValues: (project["targets"] as! [[String: Any]]).map { ($0["name"] as! String, $0) })
            for truthTarget in truthProject["targets"] as! [[String: Any]] {
                let name = truthTarget["name"] as! String
                let target = try #require(targets[name], "\(path): target \(name) is missing")
                let configurations = Dictionary(
                    uniqueKeysWithValues: (target["configurations"] as! [[String: Any]]).map {
                        ($0["name"] as! String, $0)
                    })
                for (configurationName, value) in truthTarget["configurations"] as! [String: Any] {
                    let expected = value as! [String: Any]
                    let where_ = "\(path) \(name) \(configurationName)"
                    let actual = try #require(configurations[configurationName], "\(where_) is missing")
                    func truthPath(_ key: String, exists: String) -> String? {
                        FoundationBoolean.value(expected[exists]) == true ? expected[key] as? String : nil
                    }
                    #expect(
                        actual["infoPlist"] as? String == truthPath("info_plist_path", exists: "info_plist_exists"),
                        "\(where_): infoPlist")
                    #expect(
                        actual["entitlements"] as? String
                            == truthPath("entitlements_path", exists: "entitlements_exists"), "\(where_): entitlements")
                    let prefixHeader = Self.prefixHeader(
                        expected["INFOPLIST_PREFIX_HEADER"], sourceRoot: sourceRoot, in: folder)
                    #expect(actual["prefixHeader"] as? String == prefixHeader, "\(where_): prefixHeader")
                    #expect(
                        actual["deploymentTargets"] as? [String: String]
                            == (expected["deployment_targets"] as? [String: String] ?? [:]),
                        "\(where_): deploymentTargets")
                    #expect(
                        FoundationBoolean.value(actual["preprocess"])
                            == (expected["INFOPLIST_PREPROCESS"] as? String == "YES"),
                        "\(where_): preprocess")
                    let definitions = Self.words(expected["INFOPLIST_PREPROCESSOR_DEFINITIONS"])
                    #expect(
                        actual["preprocessorDefinitions"] as? [String] == definitions,
                        "\(where_): preprocessorDefinitions")
                    let flags = Self.words(expected["INFOPLIST_OTHER_PREPROCESSOR_FLAGS"])
                    #expect(actual["preprocessorFlags"] as? [String] == flags, "\(where_): preprocessorFlags")
                    compared.configurations += 1
                    if prefixHeader != nil { compared.prefixHeaders += 1 }
                    if !definitions.isEmpty { compared.definitions += 1 }
                    if !flags.isEmpty { compared.flags += 1 }
                }
            }
        }
        return compared
    }
}
