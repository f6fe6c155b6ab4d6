import LintEngine

/// More than 1,000 characters (Unicode scalar values).
struct EP204UrlTooLong: LintRule {
    static let maximumLength = 1_000

    func check(_ context: LintContext) {
        for link in context.checkableLinks {
            let length = link.value.unicodeScalars.count
            guard length > Self.maximumLength else { continue }
            context.diagnose(
                self, Message.tooLong(length), at: link.occurrence.range, keyPath: link.occurrence.keyPath,
                value: link.value)
        }
    }

    enum Message {
        static func tooLong(_ length: Int) -> String {
            "link is \(length) characters long; destination URLs may have at most \(maximumLength)"
        }
    }
}
