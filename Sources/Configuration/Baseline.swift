import EplintBase
import LintEngine

/// Accepted findings, keyed by file, rule, key path and value — never by line, so edits
/// elsewhere do not bring them back. Written as sorted, pretty-printed JSON.
package struct Baseline: Sendable, Equatable {
    package struct Entry: Hashable, Comparable, Sendable {
        /// Relative to the baseline file's folder.
        package var file: String
        /// The finding, wherever its line is (the identity fingerprints are made from too).
        package var finding: Diagnostic.StableIdentity
        package var rule: String { finding.rule }
        package var keyPath: String { finding.keyPath }
        package var value: String { finding.value }

        package init(file: String, finding: Diagnostic.StableIdentity) {
            self.file = file
            self.finding = finding
        }

        package init(file: String, rule: String, keyPath: String, value: String) {
            self.init(file: file, finding: Diagnostic.StableIdentity(rule: rule, keyPath: keyPath, value: value))
        }

        package static func < (lhs: Entry, rhs: Entry) -> Bool { (lhs.file, lhs.finding) < (rhs.file, rhs.finding) }
    }

    /// Each entry with how many findings it accepts.
    package var counts: [Entry: Int]

    package init(counts: [Entry: Int] = [:]) { self.counts = counts }

    package static func entry(for diagnostic: Diagnostic, absolutePath: String, baselineDirectory: String) -> Entry {
        Entry(file: PathArithmetic.relative(absolutePath, to: baselineDirectory), finding: diagnostic.stableIdentity)
    }

    /// The JSON file: `{"version": 1, "entries": [{file, rule, keyPath, value, count}]}`.
    package func serialized() -> String {
        JSONValue.object([
            ("version", .integer(1)),
            (
                "entries",
                .array(
                    counts.keys.sorted().map { entry in
                        .object([
                            ("file", .string(entry.file)), ("rule", .string(entry.rule)),
                            ("keyPath", .string(entry.keyPath)),
                            ("value", .string(entry.value)), ("count", .integer(counts[entry]!)),
                        ])
                    })
            ),
        ]).serialized()
    }

    package init(text: String, path: String) throws(ConfigurationError) {
        // JSON is YAML: one parser for both files eplint reads.
        let root: YAMLNode?
        do throws(YAMLNode.SyntaxError) { root = try YAMLNode.parse(text) } catch {
            throw ConfigurationError("\(path):\(error.line): not a baseline file (invalid JSON: \(error.problem))")
        }
        guard let entries = root?["entries"]?.sequence, root?["version"]?.integer == 1 else {
            throw ConfigurationError("\(path): not a baseline file (expected {\"version\": 1, \"entries\": [...]})")
        }
        counts = [:]
        for item in entries {
            guard let file = item["file"]?.string, let rule = item["rule"]?.string,
                let keyPath = item["keyPath"]?.string, let value = item["value"]?.string
            else {
                throw ConfigurationError("\(path):\(item.line): each entry needs file, rule, keyPath and value")
            }
            counts[Entry(file: file, rule: rule, keyPath: keyPath, value: value), default: 0] +=
                item["count"]?.integer ?? 1
        }
    }

    /// Splits findings into those the baseline accepts and new ones; also says which
    /// entries (with how many findings) no longer occur.
    package func filter(_ findings: [(Diagnostic, Entry)]) -> (new: [Diagnostic], gone: [Entry]) {
        let split = split(findings)
        return (split.new, split.gone)
    }

    /// The findings not in the baseline, those it accepts, and its entries no finding used.
    package func split(_ findings: [(Diagnostic, Entry)]) -> (new: [Diagnostic], accepted: [Diagnostic], gone: [Entry])
    {
        var remaining = counts
        var new: [Diagnostic] = []
        var accepted: [Diagnostic] = []
        for (diagnostic, entry) in findings {
            if let left = remaining[entry], left > 0 {
                remaining[entry] = left - 1
                accepted.append(diagnostic)
            } else {
                new.append(diagnostic)
            }
        }
        return (new, accepted, remaining.filter { $0.value > 0 }.keys.sorted())
    }
}
