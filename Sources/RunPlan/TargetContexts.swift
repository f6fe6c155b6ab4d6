import LintEngine
import Preprocessor
import XcodeProject

/// An Info.plist as one target builds it in one configuration (and, where they differ, one
/// platform): the configuration the linter runs with and the entitlements file it pairs with.
package struct TargetLintContext: Sendable {
    /// The Info.plist, absolute.
    package var infoPlist: String
    /// `App/Debug`, `App/Debug (Mac Catalyst)`: named by diagnostics that hold only here.
    package var label: String
    package var configuration: LintConfiguration
    /// The entitlements file as shown (relative), nil when the target signs without one.
    package var entitlements: String?
    package var entitlementsReason: String
    /// The same build as the context before it but for another platform: only the `TARGET_OS_*`
    /// macros differ, so a file that cannot read them (`CPreprocessor.mayReadPlatformMacros`)
    /// is not linted again here.
    package var isPlatformVariant: Bool

    package init(
        infoPlist: String, label: String, configuration: LintConfiguration, entitlements: String?,
        entitlementsReason: String, isPlatformVariant: Bool = false
    ) {
        self.infoPlist = infoPlist
        self.label = label
        self.configuration = configuration
        self.entitlements = entitlements
        self.entitlementsReason = entitlementsReason
        self.isPlatformVariant = isPlatformVariant
    }
}

extension RunPlanner {
    /// Turns resolved targets into lint contexts. `base` is the run's configuration: its build
    /// settings (`--define` over `define:` over xcconfig files) win over the target's, as the
    /// run's flags win everywhere else.
    func targetContexts(project: XcodeProjectFile?, targets: [ResolvedTarget], base: LintConfiguration)
        throws(PlanFailure) -> [TargetLintContext]
    {
        var contexts: [TargetLintContext] = []
        for target in targets {
            for resolved in target.configurations {
                let label = "\(target.name)/\(resolved.name)"
                // The project names them: each is linted or paired only if the lock follows it.
                if let infoPlist = resolved.infoPlist {
                    try check(infoPlist.path, origin: "INFOPLIST_FILE of \(label)")
                }
                guard let infoPlist = resolved.infoPlist, infoPlist.exists else {
                    if options.verbose { noteNothingToLint(resolved, label: label, project: project) }
                    continue
                }
                for file in Set(resolved.builds.compactMap(\.entitlements?.path)) {
                    try check(file, origin: "CODE_SIGN_ENTITLEMENTS of \(label)")
                }
                // Builds that sign with the same entitlements file share one context.
                var groups: [(entitlements: ResolvedFile?, builds: [ResolvedBuild])] = []
                for build in resolved.builds {
                    if let index = groups.firstIndex(where: { $0.entitlements?.path == build.entitlements?.path }) {
                        groups[index].builds.append(build)
                    } else {
                        groups.append((build.entitlements, [build]))
                    }
                }
                // Read once per configuration: the prefix header is the same file for every build.
                let preprocessing = try preprocessing(
                    resolved, label: label, base: base.preprocessing,
                    sourceRoot: project?.sourceRoot ?? environment["SRCROOT"] ?? fileSystem.workingDirectory)
                for (index, group) in groups.enumerated() {
                    let groupVariant =
                        groups.count > 1 && index > 0
                        ? " ("
                            + group.builds.map { $0.isMacCatalyst ? "Mac Catalyst" : $0.platform.rawValue }.joined(
                                separator: ", ") + ")" : ""
                    for (platformIndex, platform) in Self.platforms(of: group.builds, base: base).enumerated() {
                        var configuration = base
                        var settings = resolved.buildSettings.definitions
                        for (name, definition) in base.buildSettings.definitions { settings[name] = definition }
                        configuration.buildSettings = BuildSettings(definitions: settings)
                        if base.deploymentTargets == nil {
                            let targets = group.builds.compactMap(Self.deploymentTarget)
                            if !targets.isEmpty { configuration.deploymentTargets = targets }
                        }
                        configuration.infoPlistPreprocessed = resolved.preprocess
                        configuration.preprocessing = preprocessing
                        // Each platform is named but the first build's first (the device's):
                        // every platform is in one build only, so labels stay apart.
                        var variant = groupVariant
                        if let platform {
                            configuration.preprocessing.platform = platform
                            variant = index == 0 && platformIndex == 0 ? "" : " (\(platform.displayName))"
                        }
                        contexts.append(
                            TargetLintContext(
                                infoPlist: infoPlist.path, label: label + variant, configuration: configuration,
                                entitlements: group.entitlements.map { fileSystem.shown($0.path) },
                                entitlementsReason: "CODE_SIGN_ENTITLEMENTS of \(label + variant)",
                                isPlatformVariant: platformIndex > 0))
                    }
                }
            }
        }
        return contexts
    }

    /// The platforms clang preprocesses the Info.plist for in these builds, one context each
    /// (their `TARGET_OS_*` macros differ); one context with the run's own platform
    /// (`--platform`, `platform:`), which wins, or with none known (nil).
    private static func platforms(of builds: [ResolvedBuild], base: LintConfiguration) -> [TargetPlatform?] {
        guard base.preprocessing.platform == nil else { return [nil] }
        var platforms: [TargetPlatform] = []
        for platform in builds.flatMap(\.targetPlatforms) where !platforms.contains(platform) {
            platforms.append(platform)
        }
        return platforms.isEmpty ? [nil] : platforms
    }

    /// The deployment target a build sets, with where it is set.
    private static func deploymentTarget(_ build: ResolvedBuild) -> DeploymentTarget? {
        guard let (setting, value, from) = build.deploymentTarget, let platform = build.platform.lintPlatform,
            let version = Version(value)
        else { return nil }
        let shownFrom = from.hasPrefix("target") || from.hasPrefix("project") ? ProjectResolver.origin(from) : from
        return DeploymentTarget(
            platform: platform, version: version,
            source: "\(setting) in \(shownFrom)\(build.isMacCatalyst ? ", Mac Catalyst" : "")")
    }

    private func noteNothingToLint(_ resolved: ResolvedConfiguration, label: String, project: XcodeProjectFile?) {
        let name = project.map { fileSystem.shown($0.bundlePath) } ?? "the build environment"
        if let infoPlist = resolved.infoPlist {
            note(
                "eplint: \(name): \(label): INFOPLIST_FILE \(infoPlist.setting.quotedForMessage) does not exist; nothing to lint\n"
            )
        } else if resolved.generatesInfoPlist {
            note(
                "eplint: \(name): \(label): the Info.plist is generated from INFOPLIST_KEY_* settings "
                    + "(GENERATE_INFOPLIST_FILE) and there is no INFOPLIST_FILE; the external-purchase keys "
                    + "cannot be set that way, so there is nothing to lint\n")
        }
    }

    /// `NAME of App/Debug (Config/App.xcconfig:3)`: the setting, and where it was set when known.
    static func settingOrigin(_ name: String, _ resolved: ResolvedConfiguration, _ label: String) -> String {
        let from = resolved.settings.first { $0.name == name }?.from
        return "\(name) of \(label)" + (from.map { " (\(ProjectResolver.origin($0)))" } ?? "")
    }

    /// How the target preprocesses its Info.plist: `INFOPLIST_PREPROCESS`,
    /// `INFOPLIST_PREPROCESSOR_DEFINITIONS`, `INFOPLIST_OTHER_PREPROCESSOR_FLAGS` (its
    /// `-include FILE`s are prefix headers, from `sourceRoot`, where Xcode runs clang) and
    /// `INFOPLIST_PREFIX_HEADER` (a file the project names, read through the run's lock; its own
    /// `#include`s are followed as the plist's are). What the command line or `.eplint.yml`
    /// says comes on top: an explicit `preprocess`, `--define`s after the target's definitions,
    /// flags after the target's, and a prefix header instead of the target's. A header that is
    /// not there is passed over, as before; one that is there but cannot be read (user-script
    /// sandboxing) or is not followed stops the run.
    func preprocessing(_ resolved: ResolvedConfiguration, label: String, base: PreprocessingOptions, sourceRoot: String)
        throws(PlanFailure) -> PreprocessingOptions
    {
        var options = base
        // A target that does not preprocess still gets its directive lines linted as cpp would
        // read them; EP011 says Xcode does not.
        if base.mode == .auto { options.mode = resolved.preprocess ? .always : .auto }
        options.definitions = resolved.preprocessorDefinitions + base.definitions
        let (included, flags) = Self.includedHeaders(resolved.preprocessorFlags)
        options.flags = flags + base.flags
        // The target's settings are the project's (and its xcconfig files'): named, not quoted.
        let typed = base.definitions.filter { base.repositoryDefinitions["-D" + $0] == nil }
        options.record(
            definitions: resolved.preprocessorDefinitions,
            by: Self.settingOrigin("INFOPLIST_PREPROCESSOR_DEFINITIONS", resolved, label), typed: typed)
        options.record(flags: flags, by: Self.settingOrigin("INFOPLIST_OTHER_PREPROCESSOR_FLAGS", resolved, label))
        guard base.prefixHeaders.isEmpty else { return options }
        var headers: [(path: String, origin: String)] = []
        if let header = resolved.prefixHeader { headers.append((header.path, "INFOPLIST_PREFIX_HEADER of \(label)")) }
        for header in included {
            let path = PathArithmetic.normalized(header.hasPrefix("/") ? header : sourceRoot + "/" + header)
            headers.append((path, "-include in INFOPLIST_OTHER_PREPROCESSOR_FLAGS of \(label)"))
        }
        for (path, origin) in headers {
            let shownPath = fileSystem.shown(path)
            switch reads.read(projects.followingLinkFiles(path), limit: Self.prefixHeaderLimit, budget: .preprocessing)
            {
            case .read(let text, _):
                options.prefixHeaders.append(PreprocessingOptions.PrefixHeader(path: shownPath, text: text))
            case .absent:
                continue
            case .tooLarge:
                throw PlanFailure.notFollowed(shownPath, "larger than \(Self.prefixHeaderLimit) bytes", origin: origin)
            case .unreadable(let failure):
                throw PlanFailure.cannotRead("prefix header", shownPath, failure, origin: origin)
            case .refused(let why):
                throw PlanFailure.notFollowed(shownPath, why, origin: origin)
            }
        }
        return options
    }
}
