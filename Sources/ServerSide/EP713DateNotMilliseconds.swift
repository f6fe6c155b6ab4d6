/// `signedDate` that is not plausibly UNIX milliseconds (seconds, most often).
struct EP713DateNotMilliseconds: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.notification] }

    func check(_ context: ServerContext) {
        guard let date = context.field("signedDate"), let value = date.integer,
            let problem = ServerFacts.millisecondsProblem(value)
        else { return }
        context.report(id, "signedDate \(value) \(problem)", at: date, key: "signedDate")
    }
}
