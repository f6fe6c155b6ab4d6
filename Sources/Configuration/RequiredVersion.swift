import LintEngine

/// `required-version` of `.eplint.yml`: which eplint the configuration is written for. Region
/// lists and rules change with releases, so an older eplint must stop rather than say "OK".
/// Comma-separated clauses, each `>=`, `>`, `<=`, `<` or `==` and a dotted version; a bare
/// version means `>=` (it names the oldest eplint that knows what the file relies on).
struct RequiredVersion: Sendable, CustomStringConvertible {
    enum Relation: String, CaseIterable {
        case atLeast = ">="
        case atMost = "<="
        case above = ">"
        case below = "<"
        case exactly = "=="
    }

    private var clauses: [(relation: Relation, version: Version)] = []
    let description: String

    /// nil when `text` is not such a list.
    init?(_ text: String) {
        description = text
        for clause in text.split(separator: ",") {
            var rest = clause.drop { $0 == " " }
            let relation = Relation.allCases.first { rest.hasPrefix($0.rawValue) } ?? .atLeast
            if rest.hasPrefix(relation.rawValue) { rest = rest.dropFirst(relation.rawValue.count) }
            let trimmed = String(rest.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            guard let version = Version(trimmed) else { return nil }
            clauses.append((relation, version))
        }
        if clauses.isEmpty { return nil }
    }

    /// Whether eplint `version` (a pre-release counts as its release: `1.2.0-rc.1` as `1.2.0`) satisfies every clause.
    func admits(_ version: String) -> Bool {
        guard let running = Version(String(version.prefix { $0 != "-" && $0 != "+" })) else { return false }
        return clauses.allSatisfy { clause in
            switch clause.relation {
            case .atLeast: running >= clause.version
            case .atMost: running <= clause.version
            case .above: running > clause.version
            case .below: running < clause.version
            case .exactly: running == clause.version
            }
        }
    }
}
