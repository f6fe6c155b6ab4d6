/// A line-item date that is not plausibly UNIX milliseconds: Apple's DateTooFarInPastError (27)
/// says "Date must be in milliseconds" for `creationDate`, `subscriptionStartDate`, `subscriptionEndDate`.
struct EP722LineItemDateNotMilliseconds: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        for item in context.lineItems {
            for key in LineItemFacts.dates {
                guard let value = item.integer(key), let problem = ServerFacts.millisecondsProblem(value) else {
                    continue
                }
                context.report(id, "\(key) \(value) \(problem) (\(item.described))", in: item, key: key)
            }
        }
    }
}
