import LintEngine

/// A URL with a query component (a `?`, even with nothing after it).
struct EP203UrlHasQuery: LintRule {
    func check(_ context: LintContext) {
        for link in context.checkableLinks {
            guard case .success(let url) = link.parsed, let query = url.query else { continue }
            context.diagnose(self, Message.query(link.shown, query), at: link.occurrence.range,
                             keyPath: link.occurrence.keyPath, value: link.value)
        }
    }

    enum Message {
        static func query(_ shown: String, _ query: String) -> String {
            "link \(shown) has a query (\(("?" + query).quotedForMessage)); destination URLs must not have query parameters"
        }
    }
}
