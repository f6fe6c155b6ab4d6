import LintEngine

/// A character outside ASCII: hosts must be punycode, paths percent-encoded.
struct EP205UrlNotAscii: LintRule {
    func check(_ context: LintContext) {
        for link in context.checkableLinks {
            guard let scalar = link.value.unicodeScalars.first(where: { !$0.isASCII }) else { continue }
            context.diagnose(
                self, Message.notASCII(link.shown, scalar), at: link.occurrence.range,
                keyPath: link.occurrence.keyPath, value: link.value)
        }
    }

    enum Message {
        static func notASCII(_ shown: String, _ scalar: Unicode.Scalar) -> String {
            let code = String(scalar.value, radix: 16, uppercase: true)
            return
                "link \(shown) contains the non-ASCII character U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code); "
                + "write the host in punycode and percent-encode the rest"
        }
    }
}
