import LintEngine

/// A refund whose buy, in the same report or an earlier one, has another `reportingCurrency`
/// (ReportingCurrencyMismatchError, 2), `taxCountry` (TaxCountryMismatchError, 23),
/// `pricingCurrency` (PricingCurrencyMismatchError, 32) or `exchangeRate` (ExchangeRateMismatchError, 33).
struct EP727RefundDiffersFromBuy: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        for item in context.lineItems where item.isRefund {
            guard let reference = item.referenceLineItemId, reference != item.lineItemId,
                let buy = context.referenced(reference), buy.summary.isBuy
            else { continue }
            for key in ["reportingCurrency", "pricingCurrency", "exchangeRate", "taxCountry"] {
                // exchangeRate compares as written: 1.08 and 1.080 are told apart (Apple does not say they are one).
                guard let refund = item.field(key)?.decimalText, let bought = buy.summary.text(key), refund != bought
                else { continue }
                context.report(
                    id,
                    "\(item.described) refunds \(buy.described) with \(key) \(refund.quotedForMessage), not the buy's \(bought.quotedForMessage)",
                    in: item, key: key,
                    related: [RelatedLocation(file: buy.file, range: buy.range(of: key), message: "the buy's \(key)")])
            }
        }
    }
}
