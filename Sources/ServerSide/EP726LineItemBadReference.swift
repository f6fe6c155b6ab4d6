import LintEngine

/// A `referenceLineItemId` Apple rejects, decided within one report: the line item itself
/// (SelfReferenceError, 13); a refund of a line item that is not a buy (ReferenceLineItemNotABuyError,
/// 21; RefundReferencedByRefundError, 28); a subscription line item referencing one that is not
/// its SUBSCRIPTION_START (ReferenceInvalidSubscriptionEventError, 14; NonInitialBuyReferencedByBuyError,
/// 29); a referenced line item created later (ReferencedCreationDateIncompatibleError, 31).
/// A reference to a line item of an earlier report cannot be checked here.
struct EP726LineItemBadReference: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        let byID = context.lineItemsByID
        for item in context.lineItems {
            guard let reference = item.referenceLineItemId else { continue }
            if reference == item.lineItemId {
                context.report(
                    id, "\(item.described) references itself", in: item, key: "referenceLineItemId")
                continue
            }
            guard let referenced = byID[reference] else { continue }
            let related = [
                RelatedLocation(file: context.file, range: referenced.node.range, message: "the referenced line item")
            ]
            if item.isRefund, !referenced.isBuy {
                context.report(
                    id,
                    "\(item.described) is a refund of \(referenced.described), which is not a buy (eventType \(referenced.string("eventType")?.quotedForMessage ?? "missing"))",
                    in: item, key: "referenceLineItemId", related: related)
            } else if item.type == .subscriptionBuy, referenced.string("subscriptionEvent") != "SUBSCRIPTION_START" {
                let event =
                    referenced.string("subscriptionEvent").map { "subscriptionEvent \($0.quotedForMessage)" }
                    ?? "no subscriptionEvent"
                context.report(
                    id,
                    "\(item.described) references \(referenced.described), which has \(event); a subscription line item references its SUBSCRIPTION_START",
                    in: item, key: "referenceLineItemId", related: related)
            } else if let date = item.integer("creationDate"), let earlier = referenced.integer("creationDate"),
                earlier > date
            {
                context.report(
                    id,
                    "\(item.described) was created (\(date)) before \(referenced.described) it references (\(earlier))",
                    in: item, key: "creationDate", related: related)
            }
        }
    }
}
