import LintEngine
import Preprocessor
import RunPlan
import Testing

@testable import LintRun

/// A file linted in many contexts of a target is parsed and linted once for the contexts
/// whose configurations are equal (issue 45: 64 configurations of a target parsed the same
/// 4 MiB preprocessed text 128 times). The include reader counts the preprocessor's runs:
/// no cache of preprocessed texts is given, so each lint of a context preprocesses anew.
@Suite struct SharedContextLintTests {
    final class Counter: @unchecked Sendable {
        var reads = 0
    }

    static let plist = Array(
        ("<plist><dict>\n#include \"Keys.h\"\n<key>SKExternalPurchase</key><array><string>$(REGION)</string>"
            + "</array>\n</dict></plist>\n").utf8)

    /// A context of App named `configuration`, where `$(REGION)` is `region` (and
    /// `$(CONFIGURATION)` the configuration's name, as Xcode sets it).
    static func context(_ configuration: String, region: String, counter: Counter) -> TargetLintContext {
        let reader = IncludeReader(name: "App") { path, _ in
            counter.reads += 1
            return path == "App/Keys.h" ? .read(bytes: Array("<!-- keys -->\n".utf8), identity: path) : .missing
        }
        let settings = LintConfiguration(
            buildSettings: BuildSettings(
                ["REGION": region, "CONFIGURATION": configuration], origin: "the target's build settings"),
            preprocessing: PreprocessingOptions(mode: .always, includeReader: reader))
        return TargetLintContext(
            infoPlist: "/App/Info.plist", label: "App/\(configuration)", configuration: settings, entitlements: nil,
            entitlementsReason: "CODE_SIGN_ENTITLEMENTS of App/\(configuration)")
    }

    /// Each context's messages when linted in `contexts` together, and the include reader's reads.
    static func lint(
        _ contexts: [TargetLintContext], counter: Counter, relintBudget: Int = TargetContexts.relintBudget
    ) throws -> (messages: [String], reads: Int) {
        let fileSystem = HostPlanFileSystem()
        let linters = contexts.map { ContextLinter($0, fileSystem: fileSystem, declaresRegions: false) }
        let table = EntitlementsTable(pairedPaths: [], linter: linters[0].linter, fileSystem: fileSystem)
        counter.reads = 0
        let result = try TargetContexts.lint(
            plist, path: "App/Info.plist", in: linters, table: table, notes: nil, fileSystem: fileSystem,
            relintBudget: relintBudget
        ).get()
        return (result.diagnostics.map(\.message), counter.reads)
    }

    @Test func equalConfigurationsAreLintedOnce() throws {
        let counter = Counter()
        let contexts = ["Debug", "Release", "Beta", "Staging"].map { Self.context($0, region: "zz", counter: counter) }
        let (messages, reads) = try Self.lint(contexts, counter: counter)
        // They differ in `CONFIGURATION`, which the file does not name.
        #expect(reads == 1)
        // The finding holds in every context: no context is named, as with one context.
        let (alone, _) = try Self.lint([contexts[0]], counter: counter)
        #expect(!alone.isEmpty)
        #expect(messages == alone)
    }

    @Test func aConfigurationThatDiffersIsLintedAgainAndNamed() throws {
        let counter = Counter()
        let contexts = [
            Self.context("Debug", region: "nl", counter: counter),
            Self.context("Release", region: "zz", counter: counter),
            Self.context("Beta", region: "nl", counter: counter),
            Self.context("Staging", region: "zz", counter: counter),
        ]
        let (messages, reads) = try Self.lint(contexts, counter: counter)
        #expect(reads == 2)
        let (zz, _) = try Self.lint([contexts[1]], counter: counter)
        #expect(messages.count == zz.count)
        #expect(
            messages.allSatisfy { $0.hasSuffix(" (only in App/Release, App/Staging)") }, "\(messages)")
    }

    /// Contexts that each give a setting the file names its own value lint the text again each,
    /// until the budget of text linted again is spent; the rest are not linted, and one EP007
    /// warning says how many (issue 45: 64 such configurations linted a 4 MiB text 128 times).
    @Test func relintsStopAtTheBudgetWithAWarning() throws {
        let counter = Counter()
        let contexts = (0..<10).map { Self.context("C\($0)", region: "z\($0)", counter: counter) }
        let text = try Self.lint([contexts[0]], counter: counter).messages
        #expect(text.count == 1)
        // Each lint's preprocessed text is about 130 bytes: three lints again spend 300 bytes.
        let (messages, reads) = try Self.lint(contexts, counter: counter, relintBudget: 300)
        #expect(reads == 4)
        #expect(
            messages.first
                == "not linted in 6 of its 10 contexts (App/C4, App/C5, App/C6, …): the run lints at most 300 bytes"
                + " of preprocessed text again for a file's other contexts (docs/untrusted-input.md)")
        // With the whole budget, every context is linted and no warning is given.
        let (all, everyRead) = try Self.lint(contexts, counter: counter)
        #expect(everyRead == 10 && !all.contains { $0.hasPrefix("not linted") })
    }
}
