import Testing

@testable import LintEngine

/// Which fixes go in together when some are refused: the others all, each refused one named.
@Suite struct FixSelectionTests {
    /// `refusing` are refused in any set that holds them; every other set goes in.
    static func select(_ identities: [String], refusing: Set<String>) -> (
        accepted: [String]?, refused: [String], attempts: Int
    ) {
        var attempts = 0
        let selection = FixSelection.select(identities) { set -> FixSelection.Attempt<[String]> in
            attempts += 1
            if let bad = set.first(where: refusing.contains) { return .refused("\(bad) is refused") }
            return .accepted(set)
        }
        #expect(selection.refused.allSatisfy { $0.reason == "\($0.identity) is refused" })
        return (selection.outcome, selection.refused.map(\.identity), attempts)
    }

    @Test func allGoInWithOneAttempt() {
        let selection = Self.select(["a", "b", "c"], refusing: [])
        #expect(selection.accepted == ["a", "b", "c"] && selection.refused.isEmpty && selection.attempts == 1)
    }

    @Test func theRefusedAreLeftOutAndTheOthersGoIn() {
        let identities = (0..<64).map { "f\($0)" }
        let selection = Self.select(identities, refusing: ["f3", "f40"])
        #expect(selection.accepted.map(Set.init) == Set(identities).subtracting(["f3", "f40"]))
        #expect(selection.refused == ["f3", "f40"])
        // Halving: about 2 × 2 × log2(64) tries, not one per fix.
        #expect(selection.attempts <= 30, "\(selection.attempts) attempts")
    }

    @Test func nothingGoesInWhenEveryFixIsRefused() {
        let selection = Self.select(["a", "b"], refusing: ["a", "b"])
        #expect(selection.accepted == nil && selection.refused == ["a", "b"])
        #expect(Self.select([], refusing: []).attempts == 0)
    }
}
