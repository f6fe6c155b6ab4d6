import EplintBase

/// An external purchase token after Base64URL decoding (seed 000).
package struct DecodedToken: Sendable {
    /// The JSON object the token holds.
    package var payload: JSONNode

    var externalPurchaseId: String? { payload.member("externalPurchaseId")?.value.string }
    var tokenType: String? { payload.member("tokenType")?.value.string }
    package var environment: ServerOptions.Environment {
        externalPurchaseId?.hasPrefix(ServerFacts.sandboxPrefix) == true ? .sandbox : .production
    }

    /// `key: value` lines of what the token says, dates also in ISO 8601 (what `eplint token` prints).
    package var summaryLines: [String] {
        guard case .object(let members) = payload.value else { return [] }
        var lines: [String] = []
        for member in members {
            var line = "\(member.key): \(member.value.excerpt)"
            if member.key.hasSuffix("Date"), let value = member.value.integer,
                ServerFacts.millisecondsProblem(value) == nil
            {
                line += " (\(ServerFacts.isoDate(milliseconds: value)))"
            }
            lines.append(line)
        }
        lines.append("environment: \(environment.rawValue)")
        return lines
    }
}
