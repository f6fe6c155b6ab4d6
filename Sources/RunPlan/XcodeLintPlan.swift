import Configuration
import LintEngine
import XcodeProject

/// What the Xcode projects of a run add to it: the contexts of the Info.plists their targets
/// name, and the files to lint because a project was named.
package struct XcodeLintPlan: Sendable {
    /// Info.plist (absolute) → its contexts.
    package internal(set) var contexts: [String: [TargetLintContext]] = [:]
    /// The arguments still to lint as files or directories.
    package internal(set) var paths: [String] = []
    /// Info.plists of named projects (as shown), linted even when no path names them.
    package internal(set) var namedFiles: [String] = []
    /// Standard input's one context, when `-` is among the paths: the run's configuration and
    /// the entitlements file its name pairs with (no target covers standard input).
    package internal(set) var standardInput: TargetLintContext?
    /// The entitlements choice of `standardInput`, as lint pairs it.
    package internal(set) var standardInputPairing: EntitlementsPairer.Choice?
    /// `contexts`, found by file identity too, for a file spelled otherwise than its project
    /// spells it (case or NFD on macOS). Made once the contexts are known.
    private var lookup: FileKeyedTable<[TargetLintContext]>?
    private let fileSystem: any PlanFileSystem

    init(fileSystem: any PlanFileSystem) { self.fileSystem = fileSystem }

    mutating func indexContextsByIdentity() {
        lookup = FileKeyedTable(contexts, fileSystem: fileSystem, merge: +)
    }

    /// The contexts of a file to lint, by canonical path or else by identity.
    package func contexts(of path: String) -> [TargetLintContext]? { lookup?[path] }
}

extension RunPlanner {
    /// A `--target` that names no target of the projects read is a typo, not a run with
    /// nothing to lint (as xcodebuild refuses it).
    func checkTargetNames(_ read: [(shown: String, targets: [String])]) throws(PlanFailure) {
        guard !read.isEmpty else { return }
        let known = Set(read.flatMap(\.targets))
        for name in options.targets where !known.contains(name) {
            throw PlanFailure(
                message:
                    "--target \(name.quotedForMessage) names no target of \(read.map(\.shown).joined(separator: ", ")) (targets: \(known.sorted().joined(separator: ", ")))"
            )
        }
    }

    /// Resolves every project once, before linting: named ones (`--project`, a path that is an
    /// `.xcodeproj` or `.xcworkspace`) lint all their targets' Info.plists; projects found in a
    /// directory give context to the files of that directory they name.
    package func xcodeLintPlan(_ base: LintConfiguration, configurationFile: ConfigurationFile?) throws(PlanFailure)
        -> XcodeLintPlan
    {
        var plan = XcodeLintPlan(fileSystem: fileSystem)
        var named: [String] = []
        var found: [String] = []
        var enclosing: [String: [String]] = [:]
        let configured = configurationFile.map { file in file.project.map { fileSystem.shown(file.resolve($0)) } } ?? []
        var configuredBundles: [String] = []
        for project in options.projects + configured {
            guard let bundles = projects.bundles(for: project),
                XcodeProjects.isProjectBundle(project) || XcodeProjects.isWorkspace(project)
            else {
                throw PlanFailure(
                    message:
                        "project \(project.quotedForMessage) (--project or project:) is not an .xcodeproj or .xcworkspace"
                )
            }
            named += bundles
            if !options.projects.contains(project) { configuredBundles += bundles }
        }
        let workingFolder = fileSystem.canonicalFolder(fileSystem.workingDirectory)
        for path in options.paths {
            if path != "-" && (XcodeProjects.isProjectBundle(path) || XcodeProjects.isWorkspace(path)) {
                guard let bundles = projects.bundles(for: path) else {
                    throw PlanFailure(message: "cannot read Xcode project \(path.quotedForMessage)")
                }
                named += bundles
                continue
            }
            plan.paths.append(path)
            if path == "-" { continue }
            if let bundles = projects.bundles(for: path) {
                found += bundles
            } else {
                // A file named alone (pre-commit passes names): the projects of its nearest folder
                // that has any, up to the working directory.
                // Both canonical: a working directory reached through a link holds its files too.
                found += projects.enclosingBundles(
                    of: fileSystem.canonical(path), within: workingFolder, known: &enclosing)
            }
        }
        let resolver = projects.resolver(conditions: options.xcconfigConditions)
        var seen = Set<String>()
        var read: [(shown: String, targets: [String])] = []
        // A project in use is a root: the user named it, or it was found in a folder the user
        // named or above a file named within the working directory (a workspace's projects
        // were followed into a root to be found at all). One `.eplint.yml` names is not: its
        // files are read only inside the roots.
        for bundle in named + found where !configuredBundles.contains(bundle) { reads.admit(Self.folder(of: bundle)) }
        for bundle in named + found where seen.insert(bundle).inserted {
            let project: XcodeProjectFile
            do throws(PlanFailure) {
                project = try projects.read(bundle)
            } catch {
                // A project the user named must be read; one merely found beside the files
                // (a damaged or conflicted pbxproj) must not fail a run on those files.
                if named.contains(bundle) { throw error }
                note("warning: eplint: \(error.message); linting without its context\n")
                continue
            }
            if options.verbose { note("eplint: using Xcode project \(fileSystem.shown(bundle))\n") }
            read.append((fileSystem.shown(bundle), project.targets.map(\.name)))
            let resolved = resolver.resolve(
                project, targets: options.targets.isEmpty ? nil : Set(options.targets),
                configurations: options.configurations.isEmpty ? nil : Set(options.configurations))
            for context in try targetContexts(project: project, targets: resolved, base: base) {
                plan.contexts[context.infoPlist, default: []].append(context)
                let shown = fileSystem.shown(context.infoPlist)
                if named.contains(bundle) && !plan.namedFiles.contains(shown) { plan.namedFiles.append(shown) }
            }
        }
        try checkTargetNames(read)
        if options.xcodeEnvironment { try addEnvironmentContext(to: &plan, base: base) }
        try checkNothingRefused()
        // The run's entitlements win over the target's, as its settings do: `--entitlements`,
        // then the configuration's `entitlements:` map, then CODE_SIGN_ENTITLEMENTS.
        let mapped = FileKeyedTable(configuredEntitlements(configurationFile), fileSystem: fileSystem) { first, _ in
            first
        }
        for (infoPlist, contexts) in plan.contexts {
            let chosen =
                options.entitlements.map { ($0, "--entitlements") }
                ?? mapped[infoPlist].map { ($0, "entitlements: in the configuration") }
            guard let (file, reason) = chosen else { continue }
            plan.contexts[infoPlist] = contexts.map { context in
                var overridden = context
                overridden.entitlements = file
                overridden.entitlementsReason = reason
                return overridden
            }
        }
        plan.indexContextsByIdentity()
        if options.paths.contains("-") {
            let name = options.standardInputName ?? "<stdin>"
            let pairer = EntitlementsPairer(
                explicit: options.entitlements, mapped: configuredEntitlements(configurationFile),
                fileSystem: fileSystem,
                infoPlists: [name])
            let pairing = pairer.choice(for: name)
            plan.standardInputPairing = pairing
            plan.standardInput = plainContext(name, label: "standard input", base, pairing: pairing)
        }
        return plan
    }

    /// Standard input is linted as a file of its name (`--stdin-filename`) outside any target:
    /// the run's configuration, paired as such a file is (`EntitlementsPairer`).
    /// The one context of a file no Xcode target builds (standard input, a plain Info.plist):
    /// the run's configuration, and the entitlements `pairing` chose.
    package func plainContext(
        _ name: String, label: String, _ base: LintConfiguration, pairing: EntitlementsPairer.Choice
    ) -> TargetLintContext {
        let entitlements: String?
        let reason: String
        switch pairing {
        case .file(let file, let why):
            (entitlements, reason) = (file, why)
        case .ambiguous(let count):
            (entitlements, reason) = (nil, EntitlementsPairer.Choice.ambiguity(count))
        case .none:
            (entitlements, reason) = (nil, "no *.entitlements file in its folder")
        }
        return TargetLintContext(
            infoPlist: name, label: label, configuration: base, entitlements: entitlements,
            entitlementsReason: reason)
    }

    /// `--xcode-environment`: the Info.plist of the target being built (or the phase's
    /// declared input files) in the context of the build settings Xcode exported. Paths are
    /// absolute, as Xcode's issue navigator wants them.
    private func addEnvironmentContext(to plan: inout XcodeLintPlan, base: LintConfiguration) throws(PlanFailure) {
        guard let resolved = EnvironmentContext.resolve(environment, fileExists: projects.isRegularFile) else {
            throw PlanFailure(
                message:
                    "--xcode-environment needs Xcode's build settings in the environment (SRCROOT is not set); run it from a Run Script phase"
            )
        }
        let name = environment["TARGET_NAME"] ?? "target"
        let target = ResolvedTarget(name: name, configurations: [resolved])
        let contexts = try targetContexts(project: nil, targets: [target], base: base)
            .map { context in
                var absoluteContext = context
                absoluteContext.entitlements = context.entitlements.map(fileSystem.absoluteAsGiven)
                absoluteContext.entitlementsReason =
                    "CODE_SIGN_ENTITLEMENTS of \(context.label) in the build environment"
                return absoluteContext
            }
        let declared = EnvironmentContext.declaredInputs(environment).map(fileSystem.absoluteAsGiven)
        // Only the plists: the phase also declares what eplint reads for them (the entitlements
        // file, `.eplint.yml`, a prefix header), because user-script sandboxing lets it read no other.
        let plists = declared.filter(FileKind.isPropertyList)
        for context in contexts {
            for file in plists.isEmpty ? [context.infoPlist] : plists {
                plan.contexts[absolute(file), default: []].append(
                    TargetLintContext(
                        infoPlist: file, label: context.label, configuration: context.configuration,
                        entitlements: context.entitlements, entitlementsReason: context.entitlementsReason,
                        isPlatformVariant: context.isPlatformVariant))
                if !plan.namedFiles.contains(file) { plan.namedFiles.append(file) }
            }
        }
        if contexts.isEmpty && options.verbose { note("eplint: \(name): no Info.plist file to lint\n") }
    }
}

extension RunPlanner {
    /// The projects the run's paths name, each target resolved: what `eplint context` lists
    /// above the plan; and the paths that name or hold no project (plain files and folders).
    package func resolvedProjects() throws(PlanFailure) -> (
        projects: [(XcodeProjectFile, [ResolvedTarget])], withoutProject: [String]
    ) {
        let resolver = projects.resolver(conditions: options.xcconfigConditions)
        var resolved: [(XcodeProjectFile, [ResolvedTarget])] = []
        var withoutProject: [String] = []
        var read: [(shown: String, targets: [String])] = []
        var seen = Set<String>()
        for path in options.paths where path != "-" {
            guard let bundles = projects.bundles(for: path) else {
                withoutProject.append(path)
                continue
            }
            for bundle in bundles where seen.insert(bundle).inserted {
                reads.admit(Self.folder(of: bundle))
                let project = try projects.read(bundle)
                read.append((fileSystem.shown(bundle), project.targets.map(\.name)))
                resolved.append(
                    (
                        project,
                        resolver.resolve(
                            project, targets: options.targets.isEmpty ? nil : Set(options.targets),
                            configurations: options.configurations.isEmpty ? nil : Set(options.configurations))
                    ))
            }
        }
        try checkTargetNames(read)
        try checkNothingRefused()
        return (resolved, withoutProject)
    }
}

extension RunPlanner {
    /// A file a project or workspace names that the lock did not follow (an xcconfig
    /// `#include` outside the roots, say) stops the run once the plan is made: the settings
    /// would be other than those Xcode builds with.
    func checkNothingRefused() throws(PlanFailure) {
        guard let why = reads.refused.first else { return }
        throw PlanFailure(
            message:
                "a project file names a file eplint does not follow: \(why)"
                + " (docs/untrusted-input.md says what a repository may make eplint read)", isNotFollowed: true)
    }
}
