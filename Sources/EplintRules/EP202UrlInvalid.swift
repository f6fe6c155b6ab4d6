import LintEngine

/// Not a valid absolute URL per RFC 3986 (scheme, `//`, host, port, characters, escapes).
struct EP202UrlInvalid: LintRule {
    func check(_ context: LintContext) {
        for link in context.checkableLinks {
            guard case .failure(let invalid) = link.parsed else { continue }
            context.diagnose(
                self, Message.invalid(link.shown, invalid), at: link.occurrence.range,
                keyPath: link.occurrence.keyPath, value: link.value)
        }
    }

    enum Message {
        static func invalid(_ shown: String, _ invalid: AbsoluteURL.Invalid) -> String {
            "link \(shown) is not a valid absolute URL: \(invalid.explanation)"
        }
    }
}
