/// `DUPLICATE_TOKEN` for a token that is not of a type Apple allows it for (`DuplicateTokenStatus` in `Rules/regions.plist`).
/// Checked when the token is given with `--token`: matched by `externalPurchaseId`, or the only token given.
struct EP708DuplicateTokenStatusMisused: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        guard let status = context.field("status"), status.string == "DUPLICATE_TOKEN" else { return }
        guard let token = context.reportedToken else { return }
        let facts = ServerFacts.apple
        guard facts.tokenTypes[token.tokenType ?? ""]?.duplicateTokenStatus != true else { return }
        let type = token.tokenType.map { "tokenType '\($0)'" } ?? "no tokenType"
        context.report(
            id,
            "DUPLICATE_TOKEN applies to \(facts.duplicateTokenTypeNames.joined(separator: " and ")) tokens only; token '\(token.externalPurchaseId ?? "?")' has \(type)",
            at: status, key: "status")
    }
}
