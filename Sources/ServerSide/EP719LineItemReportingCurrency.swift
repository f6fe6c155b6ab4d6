/// A `reportingCurrency` Apple's rule does not allow: a supported pricing currency is reported
/// in itself; an unsupported one in EUR or USD (ReportingCurrencyExchangeNotAllowedError, 18).
struct EP719LineItemReportingCurrency: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        for item in context.lineItems {
            guard let pricing = item.string("pricingCurrency"), let reporting = item.string("reportingCurrency"),
                pricing != reporting, LineItemFacts.reportingCurrencies.contains(reporting)
            else { continue }
            if LineItemFacts.reportingCurrencies.contains(pricing) {
                context.report(
                    id,
                    "pricingCurrency \(pricing.quotedForMessage) is one Apple supports, so amounts are reported in it, not in \(reporting.quotedForMessage) (\(item.described))",
                    in: item, key: "reportingCurrency")
            } else if !LineItemFacts.exchangeCurrencies.contains(reporting) {
                context.report(
                    id,
                    "an exchange from \(pricing.quotedForMessage) is reported in EUR or USD, not \(reporting.quotedForMessage) (\(item.described))",
                    in: item, key: "reportingCurrency")
            }
        }
    }
}
