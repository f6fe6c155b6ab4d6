@testable import LintEngine
import Testing

/// The sweep that matches findings to directives gives what the definition says — the first
/// directive naming the rule whose range holds the offset — on random nested, overlapping,
/// empty and open-ended ranges.
@Suite struct SuppressionSweepTests {
    /// A fixed-seed generator (SplitMix64), so a failure repeats.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func agreesWithTheDefinition() {
        var random = SeededGenerator(state: 15)
        let rules = ["EP102", "EP201", "EP203"].map { RuleID($0) }
        for _ in 0..<300 {
            var directives: [(rules: [RuleID], covers: Range<Int>)] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                let start = Int.random(in: 0...100, using: &random)
                let end = Bool.random(using: &random) ? Int.max : start + Int.random(in: 0...40, using: &random)
                let named = rules.filter { _ in Bool.random(using: &random) }
                directives.append((named.isEmpty ? [rules[0]] : named, start..<end))
            }
            var findings: [(rule: RuleID, offset: Int)] = []
            for _ in 0..<Int.random(in: 0...30, using: &random) {
                findings.append((rules.randomElement(using: &random)!, Int.random(in: 0...150, using: &random)))
            }
            let expected: [Int?] = findings.map { finding in
                directives.firstIndex { $0.rules.contains(finding.rule) && $0.covers.contains(finding.offset) }
            }
            #expect(InlineSuppression.firstCovering(findings, among: directives) == expected)
        }
    }
}
