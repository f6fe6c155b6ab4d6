import LintEngine

/// A restatement of a line item created more than a year ago (RestatementNotAllowedCreationDateError,
/// 39: the original's `creationDate` when an earlier report holds it, else the restatement's, which
/// keeps it), or a refund more than a year after the buy it refunds, in the report or an earlier
/// one (RefundNotAllowedCreationDateError). A year here is 366 days: Apple does not say which
/// year, and no reading of it is longer.
struct EP729CorrectionWindowPassed: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    static let year: Int64 = 366 * 86_400_000

    func check(_ context: ServerContext) {
        for item in context.lineItems {
            guard let date = EP723LineItemDateOutOfRange.milliseconds(item, "creationDate") else { continue }
            let original = item.lineItemId.flatMap { context.earlier($0)?.originalCreationDate } ?? date
            if item.flag("restatement"), let now = context.options.now, now - original > Self.year {
                context.report(
                    id,
                    "\(item.described) restates a line item created \(ServerFacts.isoDate(milliseconds: original)), more than a year ago; Apple takes restatements for one year",
                    in: item, key: "creationDate")
            }
            guard item.isRefund, let reference = item.referenceLineItemId, reference != item.lineItemId,
                let buy = context.referenced(reference), buy.summary.isBuy,
                let bought = buy.summary.creationDate, date - bought > Self.year
            else { continue }
            context.report(
                id,
                "\(item.described) refunds \(buy.described), created \(ServerFacts.isoDate(milliseconds: bought)), more than a year before the refund; Apple takes refunds for one year",
                in: item, key: "creationDate",
                related: [
                    RelatedLocation(
                        file: buy.file, range: buy.range(of: "creationDate"), message: "the buy's creationDate")
                ])
        }
    }
}
