/// A token lacks a field of seed 000, or has one of the two custom-link fields without the
/// other where Apple says its type expires (`Expires` in `Rules/regions.plist`); EP611 notes
/// the types Apple says nothing about.
struct EP603TokenMissingField: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.token] }

    func check(_ context: ServerContext) {
        for field in ServerFacts.schema(.token) where field.required && context.member(field.key) == nil {
            context.report(id, "token has no '\(field.key)' (\(field.type.description))")
        }
        let type = context.member("tokenType")
        let expiration = context.member("tokenExpirationDate")
        if let type, expiration == nil {
            // A known type Apple's pages say nothing about (Japan's, Brazil's) is EP611's note.
            guard ServerFacts.apple.tokenTypes[type.value.string ?? ""].map({ $0.expires != nil }) ?? true else {
                return
            }
            context.report(id, "custom-link token has 'tokenType' but no 'tokenExpirationDate'", key: "tokenType")
        } else if type == nil && expiration != nil {
            context.report(
                id, "custom-link token has 'tokenExpirationDate' but no 'tokenType'", key: "tokenExpirationDate")
        }
    }
}
