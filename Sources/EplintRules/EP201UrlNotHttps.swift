import LintEngine

/// A valid absolute URL whose scheme is not https (compared ignoring case).
struct EP201UrlNotHttps: LintRule {
    func check(_ context: LintContext) {
        for link in context.checkableLinks {
            guard case .success(let url) = link.parsed, url.scheme.asciiLowercased != "https" else { continue }
            context.diagnose(self, Message.notHttps(link.shown, scheme: url.scheme), at: link.occurrence.range,
                             keyPath: link.occurrence.keyPath, value: link.value)
        }
    }

    enum Message {
        static func notHttps(_ shown: String, scheme: String) -> String {
            "link \(shown) uses \(scheme.quotedForMessage); destination URLs must use https"
        }
    }
}
