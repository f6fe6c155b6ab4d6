import Reporters

/// Which of the expensive checks an input pays for. Every input goes through the parser and
/// every rule; the cross-checks that cost most of an input's time otherwise run on a sample:
/// one input in 32 (the same ones every run, chosen by the input's bytes, so a finding
/// reproduces and libFuzzer sees the same coverage for the same input) cuts its comments
/// (`checkCommentCutting`) and writes every report format; the others write one format,
/// the input's own of the four. `EPLINT_FUZZ_MODE=all` runs every check on every input.
/// Writing every finding in four formats was about half of the harness's time (a server-side
/// input has a finding per line); cutting comments on every input held it to about 30 inputs
/// a second.
struct Sample {
    let checksEverything: Bool
    let cutsComments: Bool
    private let format: Int

    init(_ bytes: [UInt8]) {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        checksEverything = fuzzMode == "all" || hash % 32 == 0
        cutsComments = checksEverything || fuzzMode == "comments"
        format = Int(hash / 32) % ReporterList.all.count
    }

    /// Every format for a sampled input, else the input's one.
    func render(_ report: RunReport, presentation: TerminalPresentation) {
        for (index, reporter) in ReporterList.all.enumerated() where checksEverything || format == index {
            _ = reporter.render(report, presentation: presentation)
        }
    }
}
