/// A custom-link token whose `tokenExpirationDate` is not after its `tokenCreationDate`.
struct EP607TokenExpiresBeforeCreation: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.token] }

    func check(_ context: ServerContext) {
        guard let created = context.field("tokenCreationDate")?.integer,
            let expiration = context.field("tokenExpirationDate"),
            let expires = expiration.integer, expires <= created
        else { return }
        context.report(
            id, "tokenExpirationDate \(expires) is not after tokenCreationDate \(created)", at: expiration,
            key: "tokenExpirationDate")
    }
}
