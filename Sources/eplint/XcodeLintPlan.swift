import Configuration
import LintEngine
import XcodeProject
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the Xcode projects of a run add to it: the contexts of the Info.plists their targets
/// name, and the files to lint because a project was named.
struct XcodeLintPlan {
    /// Info.plist (absolute) → its contexts.
    var contexts: [String: [TargetLintContext]] = [:]
    /// The arguments still to lint as files or directories.
    var paths: [String] = []
    /// Info.plists of named projects (as shown), linted even when no path names them.
    var namedFiles: [String] = []
    /// `contexts` by file identity, for a file spelled otherwise than its project spells it
    /// (case or NFD on macOS). Filled once the contexts are known.
    private(set) var contextsByIdentity: [String: [TargetLintContext]] = [:]

    mutating func indexContextsByIdentity() {
        for (path, found) in contexts { contextsByIdentity[HostFileSystem.sameFileKey(path), default: []] += found }
    }

    /// The contexts of a file to lint, by canonical path or else by identity.
    func contexts(of path: String) -> [TargetLintContext]? {
        guard !contexts.isEmpty else { return nil }
        if let found = contexts[absolute(path)] { return found }
        return contextsByIdentity.isEmpty ? nil : contextsByIdentity[HostFileSystem.sameFileKey(path)]
    }
}

extension LintCommand {
    /// Resolves every project once, before linting: named ones (`--project`, a path that is an
    /// `.xcodeproj` or `.xcworkspace`) lint all their targets' Info.plists; projects found in a
    /// directory give context to the files of that directory they name.
    func xcodeLintPlan(_ base: LintConfiguration, configurationFile: ConfigurationFile?) throws(RunFailure) -> XcodeLintPlan {
        var plan = XcodeLintPlan()
        var named: [String] = []
        var found: [String] = []
        var enclosing: [String: [String]] = [:]
        let configured = configurationFile.map { file in file.project.map { PathArithmetic.relative(file.resolve($0), to: currentDirectory()) } } ?? []
        for project in projects + configured {
            guard let bundles = XcodeProjects.bundles(for: project), XcodeProjects.isProjectBundle(project) || XcodeProjects.isWorkspace(project) else {
                throw RunFailure(message: "project \(project.quotedForMessage) (--project or project:) is not an .xcodeproj or .xcworkspace")
            }
            named += bundles
        }
        for path in paths {
            if path != "-" && (XcodeProjects.isProjectBundle(path) || XcodeProjects.isWorkspace(path)) {
                guard let bundles = XcodeProjects.bundles(for: path) else { throw RunFailure(message: "cannot read Xcode project \(path.quotedForMessage)") }
                named += bundles
                continue
            }
            plan.paths.append(path)
            if path == "-" { continue }
            if let bundles = XcodeProjects.bundles(for: path) {
                found += bundles
            } else {
                // A file named alone (pre-commit passes names): the projects of its nearest folder
                // that has any, up to the working directory.
                found += XcodeProjects.enclosingBundles(of: absolute(path), within: currentDirectory(), known: &enclosing)
            }
        }
        let resolver = XcodeProjects.resolver(conditions: xcconfigConditions)
        var seen = Set<String>()
        for bundle in named + found where seen.insert(bundle).inserted {
            let project: XcodeProjectFile
            do throws(RunFailure) {
                project = try XcodeProjects.read(bundle)
            } catch {
                // A project the user named must be read; one merely found beside the files
                // (a damaged or conflicted pbxproj) must not fail a run on those files.
                if named.contains(bundle) { throw error }
                writeStandardError("warning: eplint: \(error.message); linting without its context\n")
                continue
            }
            if verbose { writeStandardError("eplint: using Xcode project \(PathArithmetic.relative(bundle, to: currentDirectory()))\n") }
            let resolved = resolver.resolve(project, targets: targets.isEmpty ? nil : Set(targets),
                                            configurations: configurations.isEmpty ? nil : Set(configurations))
            for context in TargetContexts.make(project: project, targets: resolved, base: base, verbose: verbose) {
                plan.contexts[context.infoPlist, default: []].append(context)
                let shown = PathArithmetic.relative(context.infoPlist, to: currentDirectory())
                if named.contains(bundle) && !plan.namedFiles.contains(shown) { plan.namedFiles.append(shown) }
            }
        }
        if xcodeEnvironment { try addEnvironmentContext(to: &plan, base: base) }
        // The run's entitlements win over the target's, as its settings do: `--entitlements`,
        // then the configuration's `entitlements:` map, then CODE_SIGN_ENTITLEMENTS.
        let mapped = configuredEntitlements(configurationFile)
        for (infoPlist, contexts) in plan.contexts {
            let chosen = entitlements.map { ($0, "--entitlements") } ?? mapped[absolute(infoPlist)].map { ($0, "entitlements: in the configuration") }
            guard let (file, reason) = chosen else { continue }
            plan.contexts[infoPlist] = contexts.map { context in
                var overridden = context
                overridden.entitlements = file
                overridden.entitlementsReason = reason
                return overridden
            }
        }
        plan.indexContextsByIdentity()
        return plan
    }

    /// `--xcode-environment`: the Info.plist of the target being built (or the phase's
    /// declared input files) in the context of the build settings Xcode exported. Paths are
    /// absolute, as Xcode's issue navigator wants them.
    private func addEnvironmentContext(to plan: inout XcodeLintPlan, base: LintConfiguration) throws(RunFailure) {
        let environment = processEnvironment()
        guard let resolved = EnvironmentContext.resolve(environment, fileExists: XcodeProjects.isRegularFile) else {
            throw RunFailure(message: "--xcode-environment needs Xcode's build settings in the environment (SRCROOT is not set); run it from a Run Script phase")
        }
        let name = environment["TARGET_NAME"] ?? "target"
        let target = ResolvedTarget(name: name, configurations: [resolved])
        let contexts = TargetContexts.make(project: nil, targets: [target], base: base, verbose: verbose)
            .map { context in
                var absoluteContext = context
                absoluteContext.entitlements = context.entitlements.map(absoluteAsGiven)
                absoluteContext.entitlementsReason = "CODE_SIGN_ENTITLEMENTS of \(context.label) in the build environment"
                return absoluteContext
            }
        let declared = EnvironmentContext.declaredInputs(environment).map(absoluteAsGiven)
        let plists = declared.filter { !$0.hasSuffix(".entitlements") }
        for context in contexts {
            for file in plists.isEmpty ? [context.infoPlist] : plists {
                plan.contexts[absolute(file), default: []].append(TargetLintContext(infoPlist: file, label: context.label, configuration: context.configuration,
                                                                          entitlements: context.entitlements, entitlementsReason: context.entitlementsReason))
                if !plan.namedFiles.contains(file) { plan.namedFiles.append(file) }
            }
        }
        if contexts.isEmpty && verbose { writeStandardError("eplint: \(name): no Info.plist file to lint\n") }
    }
}

/// The process environment, NAME → value.
func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") { result[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
        entry += 1
    }
    return result
}
