import Foundation
import Testing

/// `eplint context --format json`, run in each repository folder of the Xcode corpus, agrees
/// with its TRUTH.json (worked out independently) on the fields the issue names, for every
/// target and configuration.
@Suite struct XcodeTruthTests {
    static let corpus = Eplint.packageRoot.appendingPathComponent("../shared/corpus/xcodeproj").standardized

    static let repositories: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: corpus.appendingPathComponent("\($0)/TRUTH.json").path) }.sorted()
    }()

    /// Words at blanks; double quotes group (TRUTH keeps list settings as written).
    static func words(_ value: Any?) -> [String] {
        guard let text = value as? String else { return [] }
        var words: [String] = [], current = "", inWord = false, quoted = false
        for character in text {
            if character == "\"" { quoted.toggle(); inWord = true; continue }
            if character == " " && !quoted { if inWord { words.append(current) }; current = ""; inWord = false; continue }
            current.append(character)
            inWord = true
        }
        if inWord { words.append(current) }
        return words
    }

    @Test(.enabled(if: !repositories.isEmpty, "../shared/corpus/xcodeproj is not here"), arguments: repositories)
    func contextAgreesWithTruth(_ repository: String) throws {
        let folder = Self.corpus.appendingPathComponent(repository)
        let truth = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("TRUTH.json"))) as? [String: Any])
        let truthProjects = truth["projects"] as? [[String: Any]] ?? []
        let run = try Eplint.run(["context", "--format", "json", "."], in: folder)
        guard !truthProjects.isEmpty else {
            // element-ios commits no project.pbxproj (XcodeGen generates it): nothing to resolve.
            #expect(run.status == 2 && run.standardError.contains("no Xcode project"))
            return
        }
        #expect(run.status == 0, "\(run.standardError)")
        let output = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(output["version"] as? Int == 1)
        var mine: [String: [String: Any]] = [:]
        for project in output["projects"] as? [[String: Any]] ?? [] { mine[(project["path"] as! String) + "/project.pbxproj"] = project }
        var compared = 0
        for truthProject in truthProjects {
            let path = truthProject["path"] as! String
            let project = try #require(mine[path], "\(path) is missing")
            let targets = Dictionary(uniqueKeysWithValues: (project["targets"] as! [[String: Any]]).map { ($0["name"] as! String, $0) })
            for truthTarget in truthProject["targets"] as! [[String: Any]] {
                let name = truthTarget["name"] as! String
                let target = try #require(targets[name], "\(path): target \(name) is missing")
                let configurations = Dictionary(uniqueKeysWithValues: (target["configurations"] as! [[String: Any]]).map { ($0["name"] as! String, $0) })
                for (configurationName, value) in truthTarget["configurations"] as! [String: Any] {
                    let expected = value as! [String: Any]
                    let where_ = "\(path) \(name) \(configurationName)"
                    let actual = try #require(configurations[configurationName], "\(where_) is missing")
                    func truthPath(_ key: String, exists: String) -> String? { expected[exists] as? Bool == true ? expected[key] as? String : nil }
                    #expect(actual["infoPlist"] as? String == truthPath("info_plist_path", exists: "info_plist_exists"), "\(where_): infoPlist")
                    #expect(actual["entitlements"] as? String == truthPath("entitlements_path", exists: "entitlements_exists"), "\(where_): entitlements")
                    #expect(actual["prefixHeader"] as? String == truthPath("prefix_header_path", exists: "prefix_header_exists"), "\(where_): prefixHeader")
                    #expect(actual["deploymentTargets"] as? [String: String] == (expected["deployment_targets"] as? [String: String] ?? [:]),
                            "\(where_): deploymentTargets")
                    #expect(actual["preprocess"] as? Bool == (expected["INFOPLIST_PREPROCESS"] as? String == "YES"), "\(where_): preprocess")
                    #expect(actual["preprocessorDefinitions"] as? [String] == Self.words(expected["INFOPLIST_PREPROCESSOR_DEFINITIONS"]),
                            "\(where_): preprocessorDefinitions")
                    #expect(actual["preprocessorFlags"] as? [String] == Self.words(expected["INFOPLIST_OTHER_PREPROCESSOR_FLAGS"]),
                            "\(where_): preprocessorFlags")
                    compared += 1
                }
            }
        }
        #expect(compared > 0)
    }
}
