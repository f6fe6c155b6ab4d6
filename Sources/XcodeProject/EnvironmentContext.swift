import LintEngine
import Preprocessor

/// Inside an Xcode Run Script phase every build setting is an environment variable, already
/// resolved by Xcode for the build in progress: the context comes from there, not from
/// reading the project again.
package enum EnvironmentContext {
    /// The target being built, or nil when the environment is not a build's (no `SRCROOT`).
    package static func resolve(_ environment: [String: String], fileExists: (String) -> Bool) -> ResolvedConfiguration?
    {
        guard let sourceRoot = environment["SRCROOT"], !sourceRoot.isEmpty else { return nil }
        func file(_ name: String) -> ResolvedFile? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            let path = PathArithmetic.normalized(value.hasPrefix("/") ? value : sourceRoot + "/" + value)
            return ResolvedFile(setting: value, path: path, exists: fileExists(path))
        }
        let isCatalyst =
            environment["IS_MACCATALYST"] == "YES" || environment["EFFECTIVE_PLATFORM_NAME"] == "-maccatalyst"
        let platform =
            isCatalyst
            ? .macosx : SDKPlatform(sdk: environment["PLATFORM_NAME"] ?? environment["SDK_NAME"] ?? "") ?? .macosx
        // What clang preprocesses for: PLATFORM_NAME tells device from simulator; unknown without it.
        let targetPlatform =
            isCatalyst
            ? TargetPlatform.macCatalyst
            : TargetPlatform(name: SDKPlatform.letters(environment["PLATFORM_NAME"] ?? environment["SDK_NAME"] ?? ""))
        let origin = "the build environment"
        let deploymentSetting = platform.deploymentTargetSetting
        let deployment = environment[deploymentSetting].flatMap { $0.isEmpty ? nil : (deploymentSetting, $0, origin) }
        let entitlements = file("CODE_SIGN_ENTITLEMENTS")
        var settings: [ResolvedSetting] = []
        for name in ProjectResolver.reportedSettings {
            if let value = environment[name] {
                settings.append(ResolvedSetting(name: name, value: value, from: origin))
            }
        }
        return ResolvedConfiguration(
            name: environment["CONFIGURATION"] ?? "", sdk: environment["SDK_NAME"] ?? platform.sdkName,
            infoPlist: file("INFOPLIST_FILE"),
            generatesInfoPlist: environment["GENERATE_INFOPLIST_FILE"] == "YES", entitlements: entitlements,
            // Xcode exports every platform's deployment target (defaults included): the build's own counts.
            deploymentTargets: deployment.map { [($0.0, $0.1)] } ?? [],
            preprocess: environment["INFOPLIST_PREPROCESS"] == "YES",
            preprocessorDefinitions: ProjectResolver.splitList(environment["INFOPLIST_PREPROCESSOR_DEFINITIONS"] ?? ""),
            prefixHeader: file("INFOPLIST_PREFIX_HEADER"),
            preprocessorFlags: ProjectResolver.splitList(environment["INFOPLIST_OTHER_PREPROCESSOR_FLAGS"] ?? ""),
            settings: settings,
            buildSettings: BuildSettings(
                definitions: environment.mapValues { BuildSettings.Definition(value: $0, origin: origin) }),
            builds: [
                ResolvedBuild(
                    sdk: platform.sdkName, platform: platform, isMacCatalyst: isCatalyst, entitlements: entitlements,
                    deploymentTarget: deployment, targetPlatforms: targetPlatform.map { [$0] } ?? [])
            ],
            notes: [], undefinedReferences: [])
    }

    /// `SCRIPT_INPUT_FILE_0` … `SCRIPT_INPUT_FILE_<COUNT-1>`: the files the phase declares.
    package static func declaredInputs(_ environment: [String: String]) -> [String] {
        let count = Int(environment["SCRIPT_INPUT_FILE_COUNT"] ?? "") ?? 0
        return (0..<max(0, min(count, 10_000))).compactMap { environment["SCRIPT_INPUT_FILE_\($0)"] }.filter {
            !$0.isEmpty
        }
    }
}
