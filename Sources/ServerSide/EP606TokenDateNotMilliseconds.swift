/// `tokenCreationDate` or `tokenExpirationDate` that is not plausibly UNIX milliseconds (seconds, most often).
struct EP606TokenDateNotMilliseconds: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.token] }

    func check(_ context: ServerContext) {
        for key in ["tokenCreationDate", "tokenExpirationDate"] {
            guard let date = context.field(key), let value = date.integer,
                let problem = ServerFacts.millisecondsProblem(value)
            else { continue }
            context.report(id, "\(key) \(value) \(problem)", at: date, key: key)
        }
    }
}
