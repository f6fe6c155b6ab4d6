import EplintRules
import LintEngine
import RunPlan

/// A context's linter and pairer, built once per context of the run's plan rather than each
/// time a file is linted in it (every round of `--fix` lints the file's contexts again).
struct ContextLinter: Sendable {
    let context: TargetLintContext
    let linter: Linter
    let pairer: EntitlementsPairer

    init(_ context: TargetLintContext, fileSystem: any PlanFileSystem, declaresRegions: Bool) {
        self.context = context
        linter = Linter(rules: allRules, configuration: context.configuration, declaresRegions: declaresRegions)
        pairer = EntitlementsPairer(
            explicit: context.entitlements, mapped: [:], fileSystem: fileSystem,
            explicitReason: context.entitlementsReason, guessesFromFolder: false)
    }

    /// Info.plist (absolute) → the linters of its contexts, in the plan's order.
    typealias Table = [String: [ContextLinter]]

    static func table(of plan: XcodeLintPlan, fileSystem: any PlanFileSystem, declaresRegions: Bool) -> Table {
        plan.contexts.mapValues { contexts in
            contexts.map { ContextLinter($0, fileSystem: fileSystem, declaresRegions: declaresRegions) }
        }
    }

    /// The linters of a file's contexts as the plan looked them up (`XcodeLintPlan.contexts(of:)`):
    /// one Info.plist's, or those of the paths that are one file, merged in byte order of path.
    static func linters(
        of contexts: [TargetLintContext], in table: Table, fileSystem: any PlanFileSystem, declaresRegions: Bool
    ) -> [ContextLinter] {
        var infoPlists: [String] = []
        for context in contexts where infoPlists.last != context.infoPlist { infoPlists.append(context.infoPlist) }
        let found = infoPlists.flatMap { table[$0] ?? [] }
        let same =
            found.count == contexts.count
            && zip(found, contexts).allSatisfy { $0.context.infoPlist == $1.infoPlist && $0.context.label == $1.label }
        // Contexts the plan did not hold (none today) get linters of their own.
        return same
            ? found : contexts.map { ContextLinter($0, fileSystem: fileSystem, declaresRegions: declaresRegions) }
    }
}
