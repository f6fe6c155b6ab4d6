import EplintRules
import LintEngine
import PlistSyntax
import Preprocessor
import XcodeProject

/// An Info.plist as one target builds it in one configuration (and, where they differ, one
/// platform): the configuration the linter runs with and the entitlements file it pairs with.
struct TargetLintContext: Sendable {
    /// The Info.plist, absolute.
    var infoPlist: String
    /// `App/Debug`, `App/Debug (Mac Catalyst)`: named by diagnostics that hold only here.
    var label: String
    var configuration: LintConfiguration
    /// The entitlements file as shown (relative), nil when the target signs without one.
    var entitlements: String?
    var entitlementsReason: String
}

/// Turns resolved projects into lint contexts, resolved once before any file is linted.
enum TargetContexts {
    /// `base` is the run's configuration: its build settings (`--define` over `define:` over
    /// xcconfig files) win over the target's, as the run's flags win everywhere else.
    static func make(project: XcodeProjectFile?, targets: [ResolvedTarget], base: LintConfiguration,
                     verbose: Bool) -> [TargetLintContext] {
        var contexts: [TargetLintContext] = []
        do {
            for target in targets {
                for resolved in target.configurations {
                    let label = "\(target.name)/\(resolved.name)"
                    guard let infoPlist = resolved.infoPlist, infoPlist.exists else {
                        if verbose {
                            let name = project.map { PathArithmetic.relative($0.bundlePath, to: currentDirectory()) } ?? "the build environment"
                            if let infoPlist = resolved.infoPlist {
                                writeStandardError("eplint: \(name): \(label): INFOPLIST_FILE \(infoPlist.setting.quotedForMessage) does not exist; nothing to lint\n")
                            } else if resolved.generatesInfoPlist {
                                writeStandardError("eplint: \(name): \(label): the Info.plist is generated from INFOPLIST_KEY_* settings "
                                                   + "(GENERATE_INFOPLIST_FILE) and there is no INFOPLIST_FILE; the external-purchase keys "
                                                   + "cannot be set that way, so there is nothing to lint\n")
                            }
                        }
                        continue
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
                    for (index, group) in groups.enumerated() {
                        var configuration = base
                        var settings = resolved.buildSettings.definitions
                        for (name, definition) in base.buildSettings.definitions { settings[name] = definition }
                        configuration.buildSettings = BuildSettings(definitions: settings)
                        if base.deploymentTargets == nil {
                            let targets = group.builds.compactMap { build -> DeploymentTarget? in
                                guard let (setting, value, from) = build.deploymentTarget, let platform = build.platform.lintPlatform,
                                      let version = Version(value) else { return nil }
                                let shownFrom = from.hasPrefix("target") || from.hasPrefix("project") ? ProjectResolver.origin(from) : from
                                return DeploymentTarget(platform: platform, version: version,
                                                        source: "\(setting) in \(shownFrom)\(build.isMacCatalyst ? ", Mac Catalyst" : "")")
                            }
                            if !targets.isEmpty { configuration.deploymentTargets = targets }
                        }
                        configuration.infoPlistPreprocessed = resolved.preprocess
                        configuration.preprocessing = preprocessing(resolved, base: base.preprocessing)
                        let variant = groups.count > 1 && index > 0
                            ? " (" + group.builds.map { $0.isMacCatalyst ? "Mac Catalyst" : $0.platform.rawValue }.joined(separator: ", ") + ")" : ""
                        contexts.append(TargetLintContext(
                            infoPlist: infoPlist.path, label: label + variant, configuration: configuration,
                            entitlements: group.entitlements.map { PathArithmetic.relative($0.path, to: currentDirectory()) },
                            entitlementsReason: "CODE_SIGN_ENTITLEMENTS of \(label + variant)"))
                    }
                }
            }
        }
        return contexts
    }

    /// How the target preprocesses its Info.plist: `INFOPLIST_PREPROCESS`,
    /// `INFOPLIST_PREPROCESSOR_DEFINITIONS`, `INFOPLIST_OTHER_PREPROCESSOR_FLAGS` and
    /// `INFOPLIST_PREFIX_HEADER` (a file the project names, so it is read; its own `#include`s
    /// are not followed). What the command line or `.eplint.yml` says comes on top: an explicit
    /// `preprocess`, `--define`s after the target's definitions, flags after the target's, and
    /// a prefix header instead of the target's.
    static func preprocessing(_ resolved: ResolvedConfiguration, base: PreprocessingOptions) -> PreprocessingOptions {
        var options = base
        // A target that does not preprocess still gets its directive lines linted as cpp would
        // read them; EP011 says Xcode does not.
        if base.mode == .auto { options.mode = resolved.preprocess ? .always : .auto }
        options.definitions = resolved.preprocessorDefinitions + base.definitions
        options.flags = resolved.preprocessorFlags + base.flags
        if base.prefixHeaders.isEmpty, let header = resolved.prefixHeader, header.exists, let text = XcodeProjects.readText(header.path) {
            options.prefixHeaders = [PreprocessingOptions.PrefixHeader(path: PathArithmetic.relative(header.path, to: currentDirectory()),
                                                                       text: Array(text.utf8))]
        }
        return options
    }

    /// Lints one file in each of its contexts. A diagnostic every context reports is kept
    /// once; one that only some report names them.
    static func lint(_ file: InputFile, in contexts: [TargetLintContext], verbose: Bool, table: EntitlementsTable) -> (Result<FileLintResult, ReadFailure>, text: [UInt8]?) {
        // Read once; each context parses it with its own macros, and excerpts come from it.
        switch RegularFile.contents(file.path) {
        case .success(let bytes): return (lint(bytes, path: file.path, in: contexts, verbose: verbose, table: table), bytes)
        case .failure(let failure): return (.failure(ReadFailure(reason: "cannot read \(file.path.quotedForMessage): \(failure.reason)")), nil)
        }
    }

    /// Lints one text of the file at `path` in each of its contexts (`--fix` lints its fixed text so).
    static func lint(_ bytes: [UInt8], path: String, in contexts: [TargetLintContext], verbose: Bool,
                     table: EntitlementsTable) -> Result<FileLintResult, ReadFailure> {
        let file = InputFile(path: path)
        var results: [(TargetLintContext, FileLintResult)] = []
        for context in contexts {
            let linter = Linter(rules: allRules, configuration: context.configuration)
            let pairer = EntitlementsPairer(explicit: context.entitlements, mapped: [:], verbose: verbose,
                                            explicitReason: context.entitlementsReason, guessesFromFolder: false)
            var source = BytesSource(bytes)
            do throws(ReadFailure) {
                results.append((context, try linter.lint(&source, path: file.path) { pairer.pairing(for: $0, linter: linter, table: table) }))
            } catch {
                return .failure(ReadFailure(reason: "cannot read \(file.path.quotedForMessage): \(error.reason)"))
            }
        }
        var order: [DiagnosticIdentity] = []
        var found: [DiagnosticIdentity: (diagnostic: Diagnostic, labels: [String])] = [:]
        var failures: [String] = []
        var suppressed: [SuppressedFinding] = []
        var suppressedSeen = Set<DiagnosticIdentity>()
        for (context, result) in results {
            failures += result.failures.filter { !failures.contains($0) }
            suppressed += result.suppressed.filter { suppressedSeen.insert(DiagnosticIdentity($0.diagnostic)).inserted }
            for diagnostic in result.diagnostics {
                let identity = DiagnosticIdentity(diagnostic)
                if found[identity] == nil {
                    order.append(identity)
                    found[identity] = (diagnostic, [])
                } else if found[identity]!.diagnostic.fix != diagnostic.fix {
                    // A fix is applied only when every context proposes the same.
                    found[identity]!.diagnostic.fix = nil
                }
                if !found[identity]!.labels.contains(context.label) { found[identity]!.labels.append(context.label) }
            }
        }
        let everywhere = Set(contexts.map(\.label))
        let merged = order.map { identity -> Diagnostic in
            var (diagnostic, labels) = found[identity]!
            if Set(labels) != everywhere {
                diagnostic.hold(onlyIn: labels)
                // Fixing it would be wrong in the contexts where it does not hold.
                diagnostic.fix = nil
            }
            return diagnostic
        }
        // The file's own diagnostics, then those of its entitlements files, each in report order.
        let diagnostics = merged.filter { $0.file == file.path }.sorted(by: Diagnostic.inReportOrder)
            + merged.filter { $0.file != file.path }.sorted(by: Diagnostic.inReportOrder)
        var result = FileLintResult(diagnostics: diagnostics, isBinaryPropertyList: results.first?.1.isBinaryPropertyList ?? false, failures: failures,
                                    suppressed: suppressed)
        result.preprocessed = results.contains { $0.1.preprocessed }
        return .success(result)
    }
}
