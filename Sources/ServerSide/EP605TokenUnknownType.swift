/// `tokenType` other than `ACQUISITION` or `SERVICES` (seed 000).
struct EP605TokenUnknownType: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.token] }

    func check(_ context: ServerContext) {
        guard let type = context.field("tokenType"), let name = type.string, !ServerFacts.tokenTypes.contains(name)
        else { return }
        context.report(
            id, "unknown tokenType '\(name)'; custom-link tokens are ACQUISITION or SERVICES", at: type,
            key: "tokenType")
    }
}
