import LintEngine

/// Two line items of one report with the same `lineItemId`, or one an earlier report sent, not
/// restated (DuplicateValueError, 1): it is "unique per app", and reused only to restate a line
/// item in a later report.
struct EP725DuplicateLineItemId: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        var first: [String: LineItem] = [:]
        for item in context.lineItems {
            guard let identifier = item.lineItemId, let value = item.field("lineItemId") else { continue }
            guard let earlier = first[identifier] else {
                first[identifier] = item
                if !item.flag("restatement"), let sent = context.earlier(identifier) {
                    context.report(
                        id,
                        "lineItemId \(identifier.quotedForMessage) was sent in an earlier report; reuse it only to restate that line item (restatement: true)",
                        in: item, key: "lineItemId", related: [context.related(sent.place, "sent here")])
                }
                continue
            }
            context.report(
                id,
                "lineItemId \(identifier.quotedForMessage) is also line item \(earlier.index)'s; each line item of a report has its own",
                in: item, key: "lineItemId",
                related: [
                    RelatedLocation(
                        file: context.file, range: earlier.field("lineItemId")?.range ?? value.range,
                        message: "first used here")
                ])
        }
    }
}
