import EplintBase
import LintEngine
import Preprocessor
import RunPlan
import Testing

/// A project's Info.plist is preprocessed once per distinct input in a run, not once per
/// configuration × platform context (issue 45): the contexts the planner makes share the run's
/// `PreprocessedTexts`, so the header it includes is read, and paid for, once.
@Suite struct PreprocessOnceTests {
    final class Counter: @unchecked Sendable {
        var reads = 0
    }

    /// Lints the Info.plist in each of the project's contexts (Debug and Release, each for the
    /// device and the simulator); the include reader's reads, and each context's diagnostics.
    static func lintEveryContext(_ plist: String, budget: Int? = nil) throws -> (reads: Int, messages: [[String]]) {
        let contexts: [TargetLintContext] = try RepositoryReadsTests.plan(
            ["SUPPORTED_PLATFORMS": "iphoneos iphonesimulator", "INFOPLIST_PREPROCESS": "YES"],
            extra: [
                "App/Info.plist": plist,
                "App/Keys.h": "#define REGION nl\n<!-- \(String(repeating: "x", count: 300)) -->\n",
            ],
            budgets: budget.map { [.preprocessing: $0] } ?? [:])
        #expect(contexts.count == 4)
        let counter = Counter()
        var messages: [[String]] = []
        for context in contexts {
            var configuration = context.configuration
            let reader = try #require(configuration.preprocessing.includeReader)
            // The same name: the same reader, as far as the cache knows.
            configuration.preprocessing.includeReader = IncludeReader(name: reader.name) { path, limit in
                counter.reads += 1
                return reader.read(path, limit)
            }
            var source = BytesSource(Array(plist.utf8))
            let result = try Linter(rules: [], configuration: configuration).lint(&source, path: "App/Info.plist")
            messages.append(result.diagnostics.map(\.message))
        }
        return (counter.reads, messages)
    }

    @Test func contextsWithTheSameInputsPreprocessOnce() throws {
        let plist = "<plist><dict>\n#include \"Keys.h\"\n<key>K</key><string>REGION</string>\n</dict></plist>\n"
        // A budget for two reads of the header: four contexts preprocessing it each would spend it.
        let (reads, messages) = try Self.lintEveryContext(plist, budget: 800)
        #expect(reads == 1)
        #expect(messages.allSatisfy { $0.isEmpty }, "\(messages)")
    }

    @Test func contextsThatDifferInAPlatformMacroTheTextReadsPreprocessTwice() throws {
        let plist =
            "<plist><dict>\n#include \"Keys.h\"\n#if TARGET_OS_SIMULATOR\n<key>K</key><string>REGION</string>\n#endif\n</dict></plist>\n"
        // Debug and Release have the same settings: one text for each platform.
        #expect(try Self.lintEveryContext(plist).reads == 2)
    }
}
