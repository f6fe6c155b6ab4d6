import LintEngine

/// A URL with a query component (a `?`, even with nothing after it).
struct EP203UrlHasQuery: LintRule {
    func check(_ context: LintContext) {
        for link in context.checkableLinks {
            guard case .success(let url) = link.parsed, let query = url.query else { continue }
            context.diagnose(
                self, Message.query(link.shown, query), at: link.occurrence.range,
                keyPath: link.occurrence.keyPath, value: link.value, fix: fix(link, query: query))
        }
    }

    /// Unsafe: the page may need what the query said. The `?` and the query go; a fragment stays.
    private func fix(_ link: CheckableLink, query: String) -> Fix? {
        guard link.occurrence.isLiteral else { return .fromBuildSetting }
        guard let mark = link.value.firstIndex(of: "?"),
            link.value[mark...].dropFirst().hasPrefix(query)
        else { return nil }
        let afterQuery = link.value.index(mark, offsetBy: 1 + query.count)
        return .unsafe(
            .replaceText(
                element: link.occurrence.range, old: link.value,
                new: String(link.value[..<mark] + link.value[afterQuery...])))
    }

    enum Message {
        static func query(_ shown: String, _ query: String) -> String {
            "link \(shown) has a query (\(("?" + query).quotedForMessage)); destination URLs must not have query parameters"
        }
    }
}
