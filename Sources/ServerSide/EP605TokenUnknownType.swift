/// `tokenType` none of Apple's token types (`TokenTypes` in `Rules/regions.plist`).
struct EP605TokenUnknownType: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.token] }

    func check(_ context: ServerContext) {
        let known = ServerFacts.apple.tokenTypeNames
        guard let type = context.field("tokenType"), let name = type.string, !known.contains(name) else { return }
        context.report(
            id, "unknown tokenType '\(name)'; token types are \(known.joined(separator: ", "))", at: type,
            key: "tokenType")
    }
}
