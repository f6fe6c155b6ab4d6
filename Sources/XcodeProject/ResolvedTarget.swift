import EplintBase
import LintEngine
import Preprocessor

/// A build setting eplint used, its value and where it came from.
package struct ResolvedSetting: Sendable, Equatable {
    package var name: String
    package var value: String
    /// `target`, `project`, `target-xcconfig PATH:LINE`, `project-xcconfig PATH:LINE`,
    /// `sdk-default`, `built-in`; nil when nothing sets it.
    package var from: String?
}

/// A file a setting names: the setting's value, the absolute path, whether it exists.
package struct ResolvedFile: Sendable, Equatable {
    package var setting: String
    package var path: String
    package var exists: Bool
}

/// One build of a target: the SDK it is built with and what differs per SDK.
package struct ResolvedBuild: Sendable {
    /// `iphoneos26.0`; Mac Catalyst is `macosx26.0` with `isMacCatalyst`.
    package var sdk: String
    package var platform: SDKPlatform
    package var isMacCatalyst: Bool
    package var entitlements: ResolvedFile?
    /// The deployment target of this build's platform, if set (or derived, for Catalyst).
    package var deploymentTarget: (setting: String, value: String, from: String)?
    /// What clang preprocesses the Info.plist for in this build: the device, the simulator or
    /// both (`SUPPORTED_PLATFORMS`), Mac Catalyst; empty when unknown.
    package var targetPlatforms: [TargetPlatform]
}

/// What eplint resolved for one target in one configuration.
package struct ResolvedConfiguration: Sendable {
    package var name: String
    package var sdk: String
    package var infoPlist: ResolvedFile?
    package var generatesInfoPlist: Bool
    package var entitlements: ResolvedFile?
    /// Every `*_DEPLOYMENT_TARGET` that is set, with its value.
    package var deploymentTargets: [(setting: String, value: String)]
    package var preprocess: Bool
    package var preprocessorDefinitions: [String]
    package var prefixHeader: ResolvedFile?
    package var preprocessorFlags: [String]
    /// The settings eplint used, in a fixed order.
    package var settings: [ResolvedSetting]
    /// Every setting of the target (for `$(VAR)` in Info.plist values).
    package var buildSettings: BuildSettings
    /// The primary build first, then the other platforms the target supports, then Mac Catalyst.
    package var builds: [ResolvedBuild]
    package var notes: [String]
    var undefinedReferences: [String]
}

package struct ResolvedTarget: Sendable {
    package var name: String
    package var configurations: [ResolvedConfiguration]

    package init(name: String, configurations: [ResolvedConfiguration]) {
        self.name = name
        self.configurations = configurations
    }
}

/// Resolves every target × configuration of a project once, as Xcode would evaluate it.
package struct ProjectResolver {
    package var readFile: (String) -> String?
    package var fileExists: (String) -> Bool
    /// Shows an absolute path (relative to the working directory).
    package var shown: (String) -> String
    /// `--xcconfig-condition` values for parameters Xcode binds while building (`arch`, `variant`).
    package var extraBindings: [String: String]
    /// Why a file `readFile` gave nothing for was not followed (the run's lock), nil when absent.
    package var whyNotRead: (String) -> String? = { _ in nil }

    package init(
        readFile: @escaping (String) -> String?, fileExists: @escaping (String) -> Bool,
        shown: @escaping (String) -> String,
        extraBindings: [String: String] = [:]
    ) {
        self.readFile = readFile
        self.fileExists = fileExists
        self.shown = shown
        self.extraBindings = extraBindings
    }

    package func resolve(_ project: XcodeProjectFile, targets: Set<String>? = nil, configurations: Set<String>? = nil)
        -> [ResolvedTarget]
    {
        var xcconfigCache: [String: ([SettingAssignment], [String])] = [:]
        return project.targets.compactMap { target in
            if let targets, !targets.contains(target.name) { return nil }
            let resolved = target.configurations.compactMap { configuration -> ResolvedConfiguration? in
                if let configurations, !configurations.contains(configuration.name) { return nil }
                return resolve(project, target, configuration, cache: &xcconfigCache)
            }
            return ResolvedTarget(name: target.name, configurations: resolved)
        }
    }

    /// The settings used, in the order `context` prints them.
    static let reportedSettings =
        [
            "SDKROOT", "SUPPORTED_PLATFORMS", "SUPPORTS_MACCATALYST", "INFOPLIST_FILE", "GENERATE_INFOPLIST_FILE",
            "CODE_SIGN_ENTITLEMENTS",
        ] + SDKPlatform.deploymentTargetSettings
        + [
            "INFOPLIST_PREPROCESS", "INFOPLIST_PREPROCESSOR_DEFINITIONS", "INFOPLIST_PREFIX_HEADER",
            "INFOPLIST_OTHER_PREPROCESSOR_FLAGS",
            "INFOPLIST_EXPAND_BUILD_SETTINGS", "PRODUCT_NAME", "PRODUCT_BUNDLE_IDENTIFIER",
        ]

    private func resolve(
        _ project: XcodeProjectFile, _ target: XcodeProjectFile.Target,
        _ configuration: XcodeProjectFile.BuildConfiguration,
        cache: inout [String: ([SettingAssignment], [String])]
    ) -> ResolvedConfiguration {
        var notes: [String] = []
        // A target configuration the project lacks uses the project's default one.
        let projectConfiguration =
            project.configurations.first { $0.name == configuration.name }
            ?? project.configurations.first { $0.name == project.defaultConfigurationName }
        var stack = SettingsStack()
        for (name, value) in builtIns(project, target, configuration) {
            stack.push(SettingAssignment(key: name, conditions: [], value: value, from: "built-in"))
        }
        if let projectConfiguration {
            push(
                xcconfig: projectConfiguration, level: "project-xcconfig", into: &stack, project: project,
                notes: &notes, cache: &cache)
            stack.push(dictionary: projectConfiguration.settings, from: "project")
        }
        push(
            xcconfig: configuration, level: "target-xcconfig", into: &stack, project: project, notes: &notes,
            cache: &cache)
        stack.push(dictionary: configuration.settings, from: "target")

        // The SDK: SDKROOT ignores its own sdk conditions; SUPPORTED_PLATFORMS may redirect it.
        stack.bindings = extraBindings.merging(["config": configuration.name]) { $1 }
        let sdkRoot =
            stack.winner("SDKROOT", ignoringSDKConditions: true).map { index -> String in
                var visiting: Set<String> = []
                stack.resetBudget()
                return stack.evaluate(stack.assignments[index].value, name: "SDKROOT", at: index, visiting: &visiting)
            } ?? ""
        let isAuto = sdkRoot == "auto"
        var platform = (isAuto ? nil : SDKPlatform(sdk: sdkRoot)) ?? .macosx
        bind(&stack, platform)
        let explicitPlatforms = stack.winner("SUPPORTED_PLATFORMS") != nil
        let supported = stack.value("SUPPORTED_PLATFORMS").value.split(separator: " ").map(String.init)
        let supportedPlatforms = supported.compactMap(SDKPlatform.init(sdk:)).reduce(into: [SDKPlatform]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        if explicitPlatforms && !supportedPlatforms.isEmpty && (isAuto || !supportedPlatforms.contains(platform)) {
            // Xcode builds for the run destination's platform; iOS first when it is listed.
            platform = supportedPlatforms.contains(.iphoneos) ? .iphoneos : supportedPlatforms[0]
            notes.append(
                "SDKROOT = \(sdkRoot.isEmpty ? "\"\"" : sdkRoot): evaluated with the \(platform.rawValue) SDK of SUPPORTED_PLATFORMS"
            )
        }
        bind(&stack, platform)

        var settings: [ResolvedSetting] = []
        func setting(_ name: String) -> ResolvedSetting {
            if let known = settings.first(where: { $0.name == name }) { return known }
            let (value, from, _) = stack.value(name)
            let resolved = ResolvedSetting(name: name, value: value, from: from)
            settings.append(resolved)
            return resolved
        }
        for name in Self.reportedSettings { _ = setting(name) }
        let sourceRoot = project.sourceRoot
        let infoPlist = file(setting("INFOPLIST_FILE").value, relativeTo: sourceRoot)
        let entitlements = file(setting("CODE_SIGN_ENTITLEMENTS").value, relativeTo: sourceRoot)
        let prefixHeader = file(setting("INFOPLIST_PREFIX_HEADER").value, relativeTo: sourceRoot)
        let deploymentTargets = SDKPlatform.deploymentTargetSettings.compactMap { name -> (String, String)? in
            let resolved = setting(name)
            return resolved.from == nil || resolved.from == "built-in" ? nil : (name, resolved.value)
        }
        var builds = [build(&stack, platform, catalyst: false, sourceRoot: sourceRoot)]
        for other in supportedPlatforms where other != platform {
            bind(&stack, other)
            builds.append(build(&stack, other, catalyst: false, sourceRoot: sourceRoot))
        }
        bind(&stack, platform)
        if platform == .iphoneos && setting("SUPPORTS_MACCATALYST").value == "YES" {
            bind(&stack, .macosx)
            builds.append(build(&stack, .macosx, catalyst: true, sourceRoot: sourceRoot))
            bind(&stack, platform)
        }
        // Every setting of the target, for $(VAR) in the Info.plist and entitlements values.
        var definitions: [String: BuildSettings.Definition] = [:]
        for name in Set(stack.assignments.map(\.key)) {
            let (value, from, _) = stack.value(name)
            definitions[name] = BuildSettings.Definition(value: value, origin: Self.origin(from ?? "built-in"))
        }
        return ResolvedConfiguration(
            name: configuration.name, sdk: platform.sdkName, infoPlist: infoPlist,
            generatesInfoPlist: setting("GENERATE_INFOPLIST_FILE").value == "YES", entitlements: entitlements,
            deploymentTargets: deploymentTargets, preprocess: setting("INFOPLIST_PREPROCESS").value == "YES",
            preprocessorDefinitions: Self.splitList(setting("INFOPLIST_PREPROCESSOR_DEFINITIONS").value),
            prefixHeader: prefixHeader,
            preprocessorFlags: Self.splitList(setting("INFOPLIST_OTHER_PREPROCESSOR_FLAGS").value),
            settings: settings, buildSettings: BuildSettings(definitions: definitions), builds: builds, notes: notes,
            undefinedReferences: stack.undefined)
    }

    /// Where a value came from, for diagnostics: `Config/App.xcconfig:3`, or the level.
    package static func origin(_ from: String) -> String {
        if let space = from.firstIndex(of: " ") { return String(from[from.index(after: space)...]) }
        return from == "target" || from == "project" ? "the \(from)'s build settings" : from
    }

    private func build(_ stack: inout SettingsStack, _ platform: SDKPlatform, catalyst: Bool, sourceRoot: String)
        -> ResolvedBuild
    {
        let entitlements = file(stack.value("CODE_SIGN_ENTITLEMENTS").value, relativeTo: sourceRoot)
        var deployment: (String, String, String)?
        let name = platform.deploymentTargetSetting
        let own = stack.value(name)
        if let from = own.from, from != "built-in", !own.value.isEmpty {
            deployment = (name, own.value, from)
        } else if catalyst {
            let iOS = stack.value(SDKPlatform.iphoneos.deploymentTargetSetting)
            if let from = iOS.from, let mapped = CatalystVersionMap.macOS(forIOS: iOS.value) {
                deployment = (
                    name, mapped, "\(from), IPHONEOS_DEPLOYMENT_TARGET \(iOS.value) mapped to macOS for Mac Catalyst"
                )
            }
        }
        let supported = ProjectResolver.splitList(stack.value("SUPPORTED_PLATFORMS").value)
        return ResolvedBuild(
            sdk: platform.sdkName, platform: platform, isMacCatalyst: catalyst, entitlements: entitlements,
            deploymentTarget: deployment,
            targetPlatforms: catalyst ? [.macCatalyst] : platform.targetPlatforms(supported: supported))
    }

    private func bind(_ stack: inout SettingsStack, _ platform: SDKPlatform) {
        stack.bindings["sdk"] = platform.sdkName
        // PLATFORM_NAME and friends follow the SDK: replace the built-in assignments' values.
        stack.setBuiltIn("PLATFORM_NAME", platform.platformName)
        stack.setBuiltIn("SDK_NAME", platform.sdkName)
        stack.setBuiltIn("EFFECTIVE_PLATFORM_NAME", platform == .macosx ? "" : "-" + platform.platformName)
        stack.setBuiltIn("SUPPORTED_PLATFORMS", platform.defaultSupportedPlatforms, from: "sdk-default")
    }

    private func builtIns(
        _ project: XcodeProjectFile, _ target: XcodeProjectFile.Target,
        _ configuration: XcodeProjectFile.BuildConfiguration
    ) -> [(String, String)] {
        [
            ("SRCROOT", project.sourceRoot), ("PROJECT_DIR", project.sourceRoot), ("SOURCE_ROOT", project.sourceRoot),
            ("PROJECT_NAME", project.name), ("PROJECT", project.name), ("PROJECT_FILE_PATH", project.bundlePath),
            ("CONFIGURATION", configuration.name), ("TARGET_NAME", target.name), ("TARGETNAME", target.name),
            ("PRODUCT_TYPE", target.productType ?? ""), ("INFOPLIST_PREPROCESS", "NO"),
            ("GENERATE_INFOPLIST_FILE", "NO"),
            ("INFOPLIST_EXPAND_BUILD_SETTINGS", "YES"), ("PLATFORM_NAME", ""), ("SDK_NAME", ""),
            ("EFFECTIVE_PLATFORM_NAME", ""),
            ("SUPPORTED_PLATFORMS", ""),
        ]
    }

    private func push(
        xcconfig configuration: XcodeProjectFile.BuildConfiguration, level: String, into stack: inout SettingsStack,
        project: XcodeProjectFile, notes: inout [String], cache: inout [String: ([SettingAssignment], [String])]
    ) {
        if let reason = configuration.baseConfigurationUnresolvable { notes.append("\(level): \(reason)") }
        guard let path = configuration.baseConfiguration else { return }
        if cache[path] == nil {
            var reader = XCConfigReader(conditions: [:], readFile: readFile)
            reader.whyNotRead = whyNotRead
            reader.exists = fileExists
            reader.searchPaths = [project.sourceRoot]
            reader.lenient = true
            var fileNotes: [String] = []
            let assignments: [SettingAssignment]
            do throws(ConfigurationError) {
                assignments = try reader.assignments(path, shownAs: shown, notes: &fileNotes).map {
                    SettingAssignment(key: $0.key, conditions: $0.conditions, value: $0.value, from: $0.origin)
                }
            } catch {
                assignments = []
                fileNotes.append(error.message)
            }
            cache[path] = (assignments, fileNotes)
        }
        let (assignments, fileNotes) = cache[path]!
        notes += fileNotes
        for var assignment in assignments {
            assignment.from = level + " " + assignment.from
            stack.push(assignment)
        }
    }

    private func file(_ value: String, relativeTo sourceRoot: String) -> ResolvedFile? {
        guard !value.isEmpty else { return nil }
        let path = PathArithmetic.normalized(value.hasPrefix("/") ? value : sourceRoot + "/" + value)
        return ResolvedFile(setting: value, path: path, exists: fileExists(path))
    }

    /// A list-typed setting split as Xcode splits it: at blanks, quotes grouping words and
    /// a backslash escaping the next character.
    static func splitList(_ value: String) -> [String] {
        var items: [String] = []
        var current = ""
        var inItem = false
        var quote: Character?
        var escaped = false
        for character in value {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if character == "\\" {
                escaped = true
                inItem = true
                continue
            }
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            if character == "\"" || character == "'" {
                quote = character
                inItem = true
                continue
            }
            if character == " " || character == "\t" || character == "\n" {
                if inItem {
                    items.append(current)
                    current = ""
                    inItem = false
                }
                continue
            }
            current.append(character)
            inItem = true
        }
        if inItem { items.append(current) }
        return items
    }
}
