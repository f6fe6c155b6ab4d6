import LintEngine

/// The same URL twice in one MultiLink array.
struct EP304LinkDuplicate: LintRule {
    func check(_ context: LintContext) {
        for entry in context.facts.regionEntries[.multiLink] ?? [] {
            var seen = Set<String>()
            for link in entry.links where !seen.insert(link.identity).inserted {
                context.diagnose(
                    self, Message.duplicate(link.resolution.shown(writtenAs: link.text), region: entry.region.text),
                    at: link.range, keyPath: link.keyPath, value: link.identity,
                    fix: link.isLiteral ? .safe(.remove(link.range)) : .fromBuildSetting)
            }
        }
    }

    enum Message {
        static func duplicate(_ shown: String, region: String) -> String {
            "link \(shown) is listed more than once for \(region.quotedForMessage)"
        }
    }
}
