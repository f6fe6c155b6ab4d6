/// With a history given, a line item that names one never sent (NotFoundError, 3): a
/// `referenceLineItemId` found neither in the report nor in an earlier one, or a restatement (or
/// retraction) of a `lineItemId` no earlier report sent. Without a history nothing is "never sent".
struct EP738LineItemNotFound: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        guard context.historyGiven else { return }
        for item in context.lineItems {
            if item.flag("restatement"), let own = item.lineItemId, context.earlier(own) == nil {
                let verb = item.flag("erroneouslySubmitted") ? "retracts" : "restates"
                context.report(
                    id,
                    "\(item.described) \(verb) a line item no earlier report sent; a restatement reuses the lineItemId of one Apple accepted",
                    in: item, key: "lineItemId")
            }
            if let reference = item.referenceLineItemId, reference != item.lineItemId,
                context.referenced(reference) == nil
            {
                context.report(
                    id,
                    "\(item.described) references \(reference.quotedForMessage), which is neither in this report nor in the history",
                    in: item, key: "referenceLineItemId")
            }
        }
    }
}
