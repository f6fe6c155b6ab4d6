/// A line item without a field its object's page marks required, or without `exchangeRate`
/// when it reports in another currency than it charged (Apple's OmittedFieldError, 4).
struct EP716LineItemMissingField: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        for item in context.lineItems {
            let type = item.type
            for (key, fieldType, presence) in LineItemFacts.fields where item.member(key) == nil {
                // Before the object is known, only what all three require (and productType for a buy).
                let required =
                    type.map { presence[LineItemType.allCases.firstIndex(of: $0)!] == .required }
                    ?? (presence.allSatisfy { $0 == .required } || key == "productType" && item.isBuy)
                guard required else { continue }
                let object = type.map { ", a \($0.rawValue)," } ?? ""
                context.report(
                    id, "\(item.described)\(object) has no '\(key)' (\(fieldType.description))", in: item)
            }
            if item.member("exchangeRate") == nil, let pricing = item.string("pricingCurrency"),
                let reporting = item.string("reportingCurrency"), pricing != reporting
            {
                context.report(
                    id,
                    "\(item.described) has no 'exchangeRate'; it is required when pricingCurrency \(pricing.quotedForMessage) and reportingCurrency \(reporting.quotedForMessage) differ",
                    in: item)
            }
        }
    }
}
