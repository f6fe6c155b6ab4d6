/// A token of a type Apple's pages do not say expires (Japan's and Brazil's `IN_APP` and
/// `LINK_OUT`) has no `tokenExpirationDate`: a note that eplint cannot tell whether it should.
struct EP611TokenExpirationUndocumented: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.token] }

    func check(_ context: ServerContext) {
        guard context.member("tokenExpirationDate") == nil, let type = context.field("tokenType"),
            let name = type.string, let facts = ServerFacts.apple.tokenTypes[name], facts.expires == nil
        else { return }
        context.report(
            id,
            "\(name) token (\(facts.regions.joined(separator: ", "))) has no 'tokenExpirationDate'; Apple's pages do not say whether \(name) tokens carry one, so it is not required",
            at: type, key: "tokenType")
    }
}
