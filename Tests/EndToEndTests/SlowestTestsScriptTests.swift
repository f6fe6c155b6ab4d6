import Foundation
import TestSupport
import Testing

/// `.ci/slowest-tests` on a trimmed xUnit file of a real serial run (toolchain 6.3.1's
/// `swift test --no-parallel --xunit-output`): the slowest first, a skipped test (no time) left
/// out, times written as `9.9167e-05` read as numbers.
@Suite struct SlowestTestsScriptTests {
    static let root = Eplint.packageRoot
    static let sample = "Tests/EndToEndTests/Snapshots/serial-run-swift-testing.xml"

    static func slowest(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try ChildProcess.run(
            "/bin/sh", [".ci/slowest-tests"] + arguments, in: root, output: .captured, error: .captured)
        return (run.status, String(decoding: run.standardOutput + run.standardError, as: UTF8.self))
    }

    @Test func printsTheTenSlowestOfASerialRun() throws {
        let run = try Self.slowest([Self.sample])
        #expect(run.status == 0)
        #expect(
            run.output == """
                   75.565 s  EndToEndTests.AdversarialTests/deepNestingAndHugeShapes()
                   61.862 s  PreprocessorTests.PreprocessorDifferentialTests/generatedCases()
                   53.879 s  EndToEndTests.RunPlanTests/contextPrintsThePairingsLintUses(_:)
                   17.851 s  EplintRulesTests.FixGeneratedTests/fixIsIdempotentAndKeepsValues(_:)
                   15.428 s  PreprocessorTests.TextPieceTests/whereTextIsCutChangesNothing()
                   14.090 s  PlistSyntaxTests.CommentCuttingTests/cuttingChangesNothingTheParseTells()
                   11.402 s  EndToEndTests.XcodeTruthTests/contextAgreesWithTruth(_:)
                   10.392 s  EndToEndTests.AdversarialTests/aFileThatGrowsWhileItIsRead()
                   10.293 s  EndToEndTests.AdversarialTests/thousandsOfFilesNamedInOneFolder()
                    9.476 s  EndToEndTests.AdversarialTests/hugeComments()

                """)
    }

    /// A count, and the shortest times (`9.9167e-05`) below the others, not above.
    @Test func printsAsManyAsAsked() throws {
        let all = try Self.slowest([Self.sample, "20"]).output.split(separator: "\n")
        #expect(all.count == 13)
        #expect(
            all.suffix(2) == [
                "    0.000 s  ThreadsTests.ThreadsTests/stackSizesAreWholePages()",
                "    0.000 s  XcodeProjectTests.SplitListTests/splitsAtBlanksWithQuotesAndEscapes()",
            ])
        #expect(try Self.slowest([Self.sample, "1"]).output.split(separator: "\n").count == 1)
    }

    @Test func aMissingFileIsAnError() throws {
        let run = try Self.slowest(["Tests/EndToEndTests/Snapshots/absent.xml"])
        #expect(run.status != 0)
        #expect(run.output == "slowest-tests: cannot read Tests/EndToEndTests/Snapshots/absent.xml\n")
    }

    /// `.ci/run` takes the times from its serial run of the suite (no third run), and prints them.
    @Test func ciPrintsThemAfterItsSerialRun() throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let lines = script.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let runs = lines.filter { $0.contains("swift test") }
        #expect(runs.count == 2, "\(runs)")
        let serial = try #require(runs.first { $0.contains("--no-parallel") })
        #expect(serial.contains("--xunit-output .build/serial-run.xml"))
        #expect(lines.contains { $0 == ".ci/slowest-tests .build/serial-run-swift-testing.xml" })
    }
}
