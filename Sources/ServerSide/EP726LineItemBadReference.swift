import LintEngine

/// A `referenceLineItemId` Apple rejects, decided within the report or against the line item an
/// earlier report sent: the line item itself (SelfReferenceError, 13); a refund of a line item that
/// is not a buy (ReferenceLineItemNotABuyError, 21; RefundReferencedByRefundError, 28); a
/// subscription line item referencing one that is not its SUBSCRIPTION_START
/// (ReferenceInvalidSubscriptionEventError, 14; NonInitialBuyReferencedByBuyError, 29); a
/// referenced line item created later (ReferencedCreationDateIncompatibleError, 31).
struct EP726LineItemBadReference: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        for item in context.lineItems {
            guard let reference = item.referenceLineItemId else { continue }
            if reference == item.lineItemId {
                context.report(
                    id, "\(item.described) references itself", in: item, key: "referenceLineItemId")
                continue
            }
            guard let referenced = context.referenced(reference) else { continue }
            let target = referenced.summary
            let related = [
                RelatedLocation(file: referenced.file, range: referenced.range, message: "the referenced line item")
            ]
            if item.isRefund, !target.isBuy {
                context.report(
                    id,
                    "\(item.described) is a refund of \(referenced.described), which is not a buy (eventType \(target.eventType?.quotedForMessage ?? "missing"))",
                    in: item, key: "referenceLineItemId", related: related)
            } else if item.type == .subscriptionBuy, target.subscriptionEvent != "SUBSCRIPTION_START" {
                let event =
                    target.subscriptionEvent.map { "subscriptionEvent \($0.quotedForMessage)" }
                    ?? "no subscriptionEvent"
                context.report(
                    id,
                    "\(item.described) references \(referenced.described), which has \(event); a subscription line item references its SUBSCRIPTION_START",
                    in: item, key: "referenceLineItemId", related: related)
            } else if let date = item.integer("creationDate"), let earlier = target.creationDate, earlier > date {
                context.report(
                    id,
                    "\(item.described) was created (\(date)) before \(referenced.described) it references (\(earlier))",
                    in: item, key: "creationDate", related: related)
            }
        }
    }
}
