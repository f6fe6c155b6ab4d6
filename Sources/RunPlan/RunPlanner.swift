import Configuration
import EplintBase
import LintEngine
import Preprocessor
import XcodeProject

/// Decides a run's plan from its options, its `.eplint.yml` and the file system, once, before
/// anything is linted. What it would say with `--verbose` (and its warnings) goes to `note`,
/// in the order it is decided.
package struct RunPlanner {
    package let options: PlanOptions
    package let fileSystem: any PlanFileSystem
    /// The process environment, read by `--xcode-environment`.
    package let environment: [String: String]
    let note: (String) -> Void
    /// The lock every repository-named read of the run goes through, with the run's roots.
    package let reads: RepositoryReads
    /// The run's preprocessed texts: a file is preprocessed once per distinct input, however
    /// many contexts lint it.
    package let preprocessed = PreprocessedTexts()

    package init(
        options: PlanOptions, fileSystem: any PlanFileSystem, environment: [String: String] = [:],
        note: @escaping (String) -> Void
    ) {
        self.options = options
        self.fileSystem = fileSystem
        self.environment = environment
        self.note = note
        reads = RepositoryReads(fileSystem: fileSystem, budgets: options.readBudgets) {
            Self.initialRoots(options: options, fileSystem: fileSystem, environment: environment)
        }
    }

    var projects: XcodeProjects { XcodeProjects(fileSystem: fileSystem, reads: reads) }

    /// The largest prefix header read (a header is a few lines of `#define`s).
    static let prefixHeaderLimit = 16 << 20
    /// The largest region-data file read (`Rules/regions.plist` is about 20 KiB).
    static let regionDataLimit = 4 << 20

    func absolute(_ path: String) -> String { fileSystem.canonical(path) }

    /// `entitlements:` of the configuration file: Info.plist (absolute) → entitlements file as shown.
    package func configuredEntitlements(_ project: ConfigurationFile?) -> [String: String] {
        var mapped: [String: String] = [:]
        for (plist, file) in project?.entitlements ?? [:] {
            mapped[absolute(project!.resolve(plist))] = fileSystem.shown(project!.resolve(file))
        }
        return mapped
    }

    /// The run's own configuration, over every target's: command-line flags win over the
    /// configuration file; `--define` and `define:` win over xcconfig files.
    package func runConfiguration(_ project: ConfigurationFile?) throws(PlanFailure) -> LintConfiguration {
        if let project {
            reads.admit(project.directory)
            // `entitlements:` names files of the repository: they are read only if followed.
            for file in Set((project.entitlements).values) {
                try check(project.resolve(file), origin: "entitlements: in \(project.path)")
            }
        }
        let xcconfigFiles =
            options.xcconfig.map(fileSystem.canonical) + (project.map { file in file.xcconfig.map(file.resolve) } ?? [])
        var settings = try readXCConfig(xcconfigFiles)
        for (name, value) in project?.define ?? [:] {
            settings[name] = BuildSettings.Definition(value: value, origin: project!.path)
        }
        for definition in options.definitions {
            let parts = definition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            settings[String(parts[0])] = BuildSettings.Definition(
                value: parts.count > 1 ? String(parts[1]) : "1", origin: "--define")
        }
        var configuration = LintConfiguration(buildSettings: BuildSettings(definitions: settings))
        configuration.preprocessing = try preprocessingOptions(project)
        if let musicStreaming = options.musicStreaming {
            configuration.musicStreaming =
                musicStreaming == "true"
                ? MusicStreaming(qualifies: true, reason: "--music-streaming true")
                : MusicStreaming(qualifies: false, reason: "--music-streaming false was given")
        } else if let declared = project?.musicStreaming {
            configuration.musicStreaming = MusicStreaming(
                qualifies: declared, reason: "music-streaming: \(declared) in \(project!.path)")
        }
        if !options.deploymentTargets.isEmpty {
            configuration.deploymentTargets = options.deploymentTargets.compactMap {
                try? PlanOptions.deploymentTarget($0, source: "--deployment-target")
            }
        } else if let project, !project.deploymentTargets.isEmpty {
            var targets: [DeploymentTarget] = []
            for (platform, version, line) in project.deploymentTargets {
                do throws(PlanFailure) {
                    targets.append(
                        try PlanOptions.deploymentTarget(
                            "\(platform)=\(version)", source: "deployment-target in \(project.path)"))
                } catch {
                    throw PlanFailure(message: "\(project.path):\(line): deployment-target: \(error.message)")
                }
            }
            configuration.deploymentTargets = targets
        }
        if let regions = options.regions {
            configuration.regionData = try regionData(regions)
        } else if let project, let regions = project.regions {
            configuration.regionData = try regionData(
                fileSystem.shown(project.resolve(regions)), origin: "regions: in \(project.path)")
        }
        return configuration
    }

    /// xcconfig files: those typed and those `.eplint.yml` names, and their includes, all
    /// through the run's lock (a typed file's folder is a root).
    func readXCConfig(_ paths: [String]) throws(PlanFailure) -> [String: BuildSettings.Definition] {
        var reader = XCConfigReader(conditions: options.xcconfigConditions, readFile: projects.readXCConfigText)
        let reads = reads
        reader.whyNotRead = { reads.refusal(of: $0) }
        reader.exists = projects.isRegularFile
        do throws(ConfigurationError) {
            return try reader.read(paths) { fileSystem.shown($0) }
        } catch {
            throw PlanFailure(message: error.message)
        }
    }

    /// Whether the build's clang predefines `TARGET_OS_*`, and why: under `--xcode-environment`
    /// the build's `XCODE_VERSION_ACTUAL`, else `--xcode-version`, else `xcode-version:`, else
    /// yes (the Xcode of today).
    func platformMacros(_ project: ConfigurationFile?) throws(PlanFailure) -> (Bool, String) {
        func decided(_ version: XcodeVersion, _ source: String) -> (Bool, String) {
            let first = XcodeVersion.predefinesTargetOSMacrosFrom
            return version.predefinesTargetOSMacros
                ? (true, "Xcode \(version) (\(source)): its clang predefines them from Xcode \(first)")
                : (false, "Xcode \(version) (\(source)): its clang predefines none before Xcode \(first)")
        }
        if options.xcodeEnvironment, let actual = environment["XCODE_VERSION_ACTUAL"] {
            guard let version = XcodeVersion(actual: actual) else {
                throw PlanFailure(
                    message:
                        "XCODE_VERSION_ACTUAL \(actual.quotedForMessage) is not an Xcode version (four digits: 1630)")
            }
            return decided(version, "XCODE_VERSION_ACTUAL \(actual)")
        }
        if let given = options.xcodeVersion {
            guard let version = XcodeVersion(given) else {
                throw PlanFailure(message: "--xcode-version \(given.quotedForMessage) is not a version such as 16.2")
            }
            return decided(version, "--xcode-version")
        }
        if let project, let version = project.xcodeVersion {
            return decided(version, "xcode-version: in \(project.path)")
        }
        return (true, "the default: an Xcode of 16.3 or later; --xcode-version tells an older one")
    }

    /// A regions file in the format of `Rules/regions.plist`.
    /// `origin`: the file that named it (`regions: in .eplint.yml`), whose paths go through
    /// the run's lock; nil for the user's own `--regions`.
    func regionData(_ path: String, origin: String? = nil) throws(PlanFailure) -> RegionData {
        let bytes: [UInt8]
        if let origin {
            bytes = try repositoryFile("regions file", path, origin: origin, limit: Self.regionDataLimit)
        } else {
            switch fileSystem.contents(of: path, limit: .max) {
            case .success(let read): bytes = read
            case .failure(let failure):
                throw PlanFailure(message: "cannot read regions file '\(path)': \(failure.reason)")
            }
        }
        do throws(RegionData.FormatError) {
            return try RegionData(plist: bytes)
        } catch {
            throw PlanFailure(message: "invalid regions file '\(path)': \(error.reason)")
        }
    }

    /// Xcode's INFOPLIST_PREPROCESS settings: flags first, then the configuration file.
    /// `--define`/`define:` are the definitions; prefix headers (and `-include` files among
    /// the flags) are read here, because the user named them.
    func preprocessingOptions(_ project: ConfigurationFile?) throws(PlanFailure) -> PreprocessingOptions {
        var preprocessing = PreprocessingOptions(includeReader: includeReader())
        preprocessing.preprocessed = preprocessed
        if options.preprocess {
            preprocessing.mode = .always
        } else if let declared = project?.preprocess {
            preprocessing.mode = declared ? .always : .never
        }
        var definitions = (project?.define ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let typedDefinitions = options.definitions.map { $0.contains("=") ? $0 : $0 + "=1" }
        if let project {
            preprocessing.record(definitions: definitions, by: "define: in \(project.path)", typed: typedDefinitions)
        }
        definitions += typedDefinitions
        preprocessing.definitions = definitions
        // The platform: --platform, then platform:, then (per context) the Xcode target's or build's.
        if let name = options.platform {
            guard let platform = TargetPlatform(name: name) else {
                throw PlanFailure(
                    message: "unknown platform \(name.quotedForMessage) in --platform (known: \(TargetPlatform.names))")
            }
            preprocessing.platform = platform
        } else {
            preprocessing.platform = project?.platform
        }
        (preprocessing.predefinesPlatformMacros, preprocessing.platformMacrosReason) = try platformMacros(project)
        // Each header with the file that named it (nil: the user typed it).
        var headers: [(path: String, origin: String?)] = []
        if let prefixHeader = options.prefixHeader {
            headers.append((prefixHeader, nil))
        } else if let project, let header = project.prefixHeader {
            headers.append((fileSystem.shown(project.resolve(header)), "prefix-header: in \(project.path)"))
        }
        let typed = !options.preprocessorFlags.isEmpty
        let flags = typed ? options.preprocessorFlags : (project?.preprocessorFlags ?? [])
        let (included, others) = Self.includedHeaders(flags)
        preprocessing.flags += others
        if !typed, let project { preprocessing.record(flags: others, by: "preprocessor-flags: in \(project.path)") }
        for header in included {
            if typed {
                headers.append((header, nil))
            } else if let project {
                // Relative to the working directory, as clang takes it.
                headers.append((header, "preprocessor-flags: in \(project.path)"))
            }
        }
        for (header, origin) in headers {
            let text: [UInt8]
            if let origin {
                text = try repositoryFile(
                    "prefix header", header, origin: origin, limit: Self.prefixHeaderLimit, budget: .preprocessing)
            } else {
                switch fileSystem.contents(of: header, limit: Self.prefixHeaderLimit) {
                case .success(let read): text = read
                case .failure(let failure): throw PlanFailure.cannotRead("prefix header", header, failure)
                }
            }
            preprocessing.prefixHeaders.append(PreprocessingOptions.PrefixHeader(path: header, text: text))
        }
        if options.verbose {
            for flag in CPreprocessor.ignoredFlags(preprocessing) {
                note(
                    "eplint: preprocessor flag \(flag.quotedForMessage) ignored: it does not change what eplint lints\n"
                )
            }
        }
        return preprocessing
    }
}
