/// A line-item value outside Apple's allowed values: `eventType`, `productType`,
/// `subscriptionEvent`, a `reportingCurrency` not among the 44 Apple supports, a `taxCountry`
/// that is not three capital letters (ISO 3166-1 alpha-3). The last two are UnknownEnumError (7).
struct EP718LineItemUnknownValue: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        for item in context.lineItems {
            for (key, allowed) in [
                ("eventType", LineItemFacts.eventTypes), ("productType", LineItemFacts.productTypes),
                ("subscriptionEvent", LineItemFacts.subscriptionEvents),
            ] {
                guard let value = item.string(key), !allowed.contains(value) else { continue }
                context.report(
                    id,
                    "unknown \(key) \(value.quotedForMessage); use \(allowed.joined(separator: ", ")) (\(item.described))",
                    in: item,
                    key: key)
            }
            if let currency = item.string("reportingCurrency"), !LineItemFacts.reportingCurrencies.contains(currency) {
                context.report(
                    id,
                    "reportingCurrency \(currency.quotedForMessage) is not one Apple supports; an unsupported pricing currency is reported in EUR or USD with an exchangeRate (\(item.described))",
                    in: item, key: "reportingCurrency")
            }
            if let country = item.string("taxCountry"),
                country.utf8.count != 3 || !country.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A })
            {
                context.report(
                    id,
                    "taxCountry \(country.quotedForMessage) is not a three-letter ISO 3166-1 alpha-3 code such as ESP (\(item.described))",
                    in: item, key: "taxCountry")
            }
        }
    }
}
