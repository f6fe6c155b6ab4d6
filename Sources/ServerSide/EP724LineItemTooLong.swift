/// A value longer than its field page's "Maximum length" (MaximumLengthExceededError, 19):
/// `lineItemId`, `referenceLineItemId` 128, `productIdentifier` 256, `pricingCurrency`, `exchangeRate` 128.
struct EP724LineItemTooLong: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        for item in context.lineItems {
            for (key, maximum) in LineItemFacts.maximumLengths {
                // Characters, the smallest count: Apple does not say whether it counts bytes.
                guard let text = item.field(key)?.decimalText, text.count > maximum else { continue }
                context.report(
                    id, "\(key) is \(text.count) characters long; its maximum is \(maximum) (line item \(item.index))",
                    in: item, key: key)
            }
        }
    }
}
