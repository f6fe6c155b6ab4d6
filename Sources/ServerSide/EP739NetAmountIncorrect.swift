/// A `netAmountTaxExclusive` other than Apple's formula gives, for a one-time buy and its refunds
/// (IncorrectNetAmountError, 12): the buy's `amountTaxExclusive` (as last restated) minus the
/// `amountTaxExclusive` of its refunds that are not retracted, in earlier reports and in this one up
/// to the line item ("accurate to the current line item"). A one-time buy is checked only when this
/// report holds none of its refunds (what a buy and its refunds sent together must carry is
/// NetAmountMismatchError's, 24, which Apple does not spell out). Subscriptions are not checked:
/// Apple does not say how their net amounts chain. Retractions are not checked either.
struct EP739NetAmountIncorrect: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        // One pass over the report first: which buys it refunds, and what the refunds it restates counted before.
        var refundedHere: Set<String> = []
        var restated: [HistoryKey: Int64] = [:]
        for item in context.lineItems {
            if item.isRefund, let reference = item.referenceLineItemId { refundedHere.insert(reference) }
            if let id = item.lineItemId, let sent = context.earlier(id), sent.counted, sent.latest.isRefund,
                let reference = sent.latest.reference
            {
                restated[reference, default: 0] &+= sent.latest.amountTaxExclusive ?? 0
            }
        }
        var runningRefunds: [String: Int64] = [:]
        for item in context.lineItems {
            let buyID: String
            if item.type == .oneTimeBuy, let own = item.lineItemId {
                guard !refundedHere.contains(own) else { continue }
                buyID = own
            } else if item.isRefund, let reference = item.referenceLineItemId, reference != item.lineItemId {
                buyID = reference
                if !item.flag("erroneouslySubmitted") {
                    runningRefunds[reference, default: 0] &+= item.integer("amountTaxExclusive") ?? 0
                }
            } else {
                continue
            }
            guard !item.flag("erroneouslySubmitted"), let net = item.field("netAmountTaxExclusive"),
                let stated = net.integer, let buy = context.referenced(buyID), buy.summary.type == .oneTimeBuy,
                !buy.summary.retracted, let amount = buy.summary.amountTaxExclusive
            else { continue }
            let refunded =
                (context.earlier(buyID)?.refunded ?? 0) &- restated[HistoryKey(buyID), default: 0]
                &+ runningRefunds[buyID, default: 0]
            let expected = amount &- refunded
            guard stated != expected else { continue }
            let formula =
                refunded == 0
                ? "the buy's amountTaxExclusive, with no refund"
                : "the buy's amountTaxExclusive \(amount) minus \(refunded) refunded"
            context.report(
                id, "netAmountTaxExclusive \(stated) of \(item.described) is not \(expected), \(formula)", in: item,
                key: "netAmountTaxExclusive")
        }
    }
}
