/// Which of a file's fixes go in when not all of them can: they are tried together first and,
/// when that is refused, by halves down to single fixes, so a refused fix (a rename whose value
/// only an unsafe fix repairs) does not keep the others out. A run where all go in tries once;
/// otherwise about (refused fixes) × log2(fixes) sets are tried.
package enum FixSelection {
    /// A try of some fixes together: what it made, or why it is refused.
    enum Attempt<Outcome> {
        case accepted(Outcome)
        case refused(String)
    }

    /// A finding whose fix was refused, and why.
    package struct Refusal: Sendable {
        package var finding: Diagnostic
        package var reason: String
    }

    /// Fixes are told apart by rule and value, as `FileFixer.unexpected` tells findings apart:
    /// positions move when an earlier fix changes the text.
    package static func identity(_ diagnostic: Diagnostic) -> String {
        diagnostic.rule.rawValue + "\u{0}" + diagnostic.value
    }

    /// The identities of `findings`' fixes, each once, in the order first found.
    package static func identities(of findings: [Diagnostic]) -> [String] {
        var seen = Set<String>()
        return findings.map(identity).filter { seen.insert($0).inserted }
    }

    /// `attempt(identities)` applies the fixes of the findings with those identities. Gives the
    /// outcome of the largest set found to go together (nil when none does) and, in the order
    /// of `identities`, each one refused with the reason its try gave.
    static func select<Outcome>(
        _ identities: [String], attempt: ([String]) -> Attempt<Outcome>
    ) -> (outcome: Outcome?, refused: [(identity: String, reason: String)]) {
        var accepted: [String] = []
        var outcome: Outcome?
        var refused: [(identity: String, reason: String)] = []
        func settle(_ group: ArraySlice<String>) {
            switch attempt(accepted + group) {
            case .accepted(let made):
                accepted += group
                outcome = made
            case .refused(let reason) where group.count == 1:
                refused.append((group[group.startIndex], reason))
            case .refused:
                let middle = group.startIndex + group.count / 2
                settle(group[..<middle])
                settle(group[middle...])
            }
        }
        if !identities.isEmpty { settle(identities[...]) }
        return (outcome, refused)
    }

    /// The refusals of `select` as findings: the first of `findings` with each identity.
    package static func refusals(_ refused: [(identity: String, reason: String)], in findings: [Diagnostic])
        -> [Refusal]
    {
        refused.compactMap { refusal in
            findings.first { identity($0) == refusal.identity }.map { Refusal(finding: $0, reason: refusal.reason) }
        }
    }
}
