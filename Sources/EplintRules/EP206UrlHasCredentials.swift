import LintEngine

/// User information (`user:password@`) in the URL's authority.
struct EP206UrlHasCredentials: LintRule {
    func check(_ context: LintContext) {
        for link in context.checkableLinks {
            guard case .success(let url) = link.parsed, url.userinfo != nil else { continue }
            context.diagnose(
                self, Message.credentials(link.shown), at: link.occurrence.range,
                keyPath: link.occurrence.keyPath, value: link.value)
        }
    }

    enum Message {
        static func credentials(_ shown: String) -> String {
            "link \(shown) has user information before '@' in its authority; remove credentials from destination URLs"
        }
    }
}
