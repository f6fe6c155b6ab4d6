import TestSupport
import Testing

@testable import LintEngine

/// The sweep that matches findings to directives gives what the definition says — the first
/// directive naming the rule whose range holds the offset — on random nested, overlapping,
/// empty and open-ended ranges.
@Suite struct SuppressionSweepTests {
    @Test func agreesWithTheDefinition() {
        var random = SplitMix64(seed: 15)
        let rules: [RuleID] = [.ep102RegionUnknown, .ep201UrlNotHttps, .ep203UrlHasQuery]
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
