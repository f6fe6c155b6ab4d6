import LintEngine

/// A valid absolute URL whose scheme is not https (compared ignoring case).
struct EP201UrlNotHttps: LintRule {
    func check(_ context: LintContext) {
        for link in context.checkableLinks {
            guard case .success(let url) = link.parsed, url.scheme.asciiLowercased != "https" else { continue }
            context.diagnose(
                self, Message.notHttps(link.shown, scheme: url.scheme), at: link.occurrence.range,
                keyPath: link.occurrence.keyPath, value: link.value, fix: fix(link, scheme: url.scheme))
        }
    }

    /// Unsafe: the server must answer on https. Only `http`, written literally.
    private func fix(_ link: CheckableLink, scheme: String) -> Fix? {
        guard scheme.asciiLowercased == "http" else { return nil }
        guard link.occurrence.isLiteral else { return .fromBuildSetting }
        return .unsafe(
            .replaceText(
                element: link.occurrence.range, old: link.value, new: "https" + link.value.dropFirst(scheme.count)))
    }

    enum Message {
        static func notHttps(_ shown: String, scheme: String) -> String {
            "link \(shown) uses \(scheme.quotedForMessage); destination URLs must use https"
        }
    }
}
