import LintEngine

/// A restatement of a line item created more than a year ago (RestatementNotAllowedCreationDateError,
/// 39: a restatement keeps the original `creationDate`), or, within one report, a refund more than a
/// year after the buy it refunds (RefundNotAllowedCreationDateError). A year here is 366 days:
/// Apple does not say which year, and no reading of it is longer.
struct EP729CorrectionWindowPassed: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    static let year: Int64 = 366 * 86_400_000

    func check(_ context: ServerContext) {
        let byID = context.lineItemsByID
        for item in context.lineItems {
            guard let date = EP723LineItemDateOutOfRange.milliseconds(item, "creationDate") else { continue }
            if item.flag("restatement"), let now = context.options.now, now - date > Self.year {
                context.report(
                    id,
                    "\(item.described) restates a line item created \(ServerFacts.isoDate(milliseconds: date)), more than a year ago; Apple takes restatements for one year",
                    in: item, key: "creationDate")
            }
            guard item.isRefund, let reference = item.referenceLineItemId, reference != item.lineItemId,
                let buy = byID[reference], buy.isBuy,
                let bought = EP723LineItemDateOutOfRange.milliseconds(buy, "creationDate"), date - bought > Self.year
            else { continue }
            context.report(
                id,
                "\(item.described) refunds \(buy.described), created \(ServerFacts.isoDate(milliseconds: bought)), more than a year before the refund; Apple takes refunds for one year",
                in: item, key: "creationDate",
                related: [
                    RelatedLocation(
                        file: context.file, range: buy.member("creationDate")?.value.range ?? buy.node.range,
                        message: "the buy's creationDate")
                ])
        }
    }
}
