import Foundation
import TestSupport
import Testing

extension Project {
    /// `App.xcodeproj` with configurations Debug and Release; `xcconfig` is the project's base
    /// configuration (a path relative to the project folder).
    func writeProject(
        project: [String: String] = [:], target: [String: String], releaseTarget: [String: String]? = nil,
        xcconfig: String? = nil
    ) throws {
        try write(
            "App.xcodeproj/project.pbxproj",
            XcodeProjectText.pbxproj(project: project, target: target, releaseTarget: releaseTarget, xcconfig: xcconfig)
        )
    }
}

/// Xcode projects through the binary: the corpus' targets under `--xcode-environment`, their
/// settings captured from `eplint context` (real checkouts, the process's environment). What a
/// project gives its files is LintRunTests' XcodeProjectLintTests, in-process.
@Suite struct XcodeProjectLintTests {
    /// The environment of each target of corpus projects, made from the settings `eplint context`
    /// resolved: the phase pairs the same entitlements and finds nothing, as the project run does.
    @Test(
        .requires(.xcodeproj),
        arguments: [
            "home-assistant__iOS", "owncloud__ios-app", "Ranchero-Software__NetNewsWire", "WireGuard__wireguard-apple",
        ])
    func xcodeEnvironmentCapturedFromTheCorpus(_ repository: String) throws {
        let folder = XcodeTruthTests.corpus.appendingPathComponent(repository)
        let context = try Eplint.run(["context", "--format", "json", "."], in: folder)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(context.standardOutput.utf8)) as? [String: Any])
        var checked = 0
        for project in json["projects"] as! [[String: Any]] {
            let sourceRoot = folder.appendingPathComponent(project["sourceRoot"] as! String).standardized.path
            for target in project["targets"] as! [[String: Any]] {
                for configuration in target["configurations"] as! [[String: Any]]
                where configuration["infoPlist"] is String {
                    var environment: [String: String?] = [
                        "SRCROOT": sourceRoot, "TARGET_NAME": target["name"] as? String,
                        "CONFIGURATION": configuration["name"] as? String,
                        "PLATFORM_NAME": (configuration["sdk"] as! String).filter(\.isLetter),
                    ]
                    for (name, setting) in configuration["settings"] as! [String: [String: String]] {
                        environment[name] = setting["value"]
                    }
                    let run = try Eplint.run(
                        ["--verbose", "--xcode-environment"], in: folder, environment: environment)
                    #expect(
                        run.status == 0 && run.standardOutput == "",
                        "\(repository) \(target["name"]!): \(run.standardOutput)")
                    if let entitlements = configuration["entitlements"] as? String {
                        #expect(
                            run.standardError.contains(
                                "pairs with \(folder.appendingPathComponent(entitlements).standardized.path) "),
                            "\(repository) \(target["name"]!): \(run.standardError)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 0)
    }
}
