/// A field Apple rejects with FieldNotAllowedError (5): one its object's page does not list
/// (a refund's `quantity`, a one-time buy's `subscriptionEvent` …), or `exchangeRate` with the
/// same pricing and reporting currency.
struct EP717LineItemFieldNotAllowed: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        for item in context.lineItems {
            guard case .object(let members) = item.node.value else { continue }
            for member in members where LineItemFacts.rejectedWhereUnlisted.contains(member.key) {
                if let type = item.type, item.presence(of: member.key) == .absent {
                    context.report(
                        id, "'\(member.key)' is not a field of a \(type.rawValue) (\(item.described))", in: item,
                        key: member.key)
                } else if member.key == "exchangeRate", let pricing = item.string("pricingCurrency"),
                    pricing == item.string("reportingCurrency")
                {
                    context.report(
                        id,
                        "'exchangeRate' is not allowed when pricingCurrency and reportingCurrency are both \(pricing.quotedForMessage) (\(item.described))",
                        in: item, key: member.key)
                }
            }
        }
    }
}
