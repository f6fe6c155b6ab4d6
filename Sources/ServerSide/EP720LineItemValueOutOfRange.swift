/// A negative amount or days of paid service (NegativeValueNotAllowedError, 15), a `quantity` or
/// `exchangeRate` that is not positive (PositiveValueRequiredError, 16), paid days on a
/// SUBSCRIPTION_START (34), a SUBSCRIPTION_PAYMENT without a positive `amountTaxInclusive` (35).
struct EP720LineItemValueOutOfRange: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    static let nonNegative = [
        "amountTaxExclusive", "amountTaxInclusive", "taxAmount", "netAmountTaxExclusive",
        "subscriptionDaysOfPaidService",
    ]

    func check(_ context: ServerContext) {
        for item in context.lineItems {
            for key in Self.nonNegative {
                guard let value = item.integer(key), value < 0 else { continue }
                context.report(id, "\(key) \(value) is negative (\(item.described))", in: item, key: key)
            }
            if let quantity = item.integer("quantity"), quantity <= 0 {
                context.report(
                    id, "quantity \(quantity) is not positive (\(item.described))", in: item, key: "quantity")
            }
            if let rate = item.field("exchangeRate")?.decimalText, !Self.isPositiveDecimal(rate) {
                context.report(
                    id,
                    "exchangeRate \(rate.quotedForMessage) is not a positive number written as digits, optionally with '.' and more digits (\(item.described))",
                    in: item, key: "exchangeRate")
            }
            let event = item.string("subscriptionEvent")
            if event == "SUBSCRIPTION_START", let days = item.integer("subscriptionDaysOfPaidService"), days > 0 {
                context.report(
                    id, "a SUBSCRIPTION_START has 0 subscriptionDaysOfPaidService, not \(days) (\(item.described))",
                    in: item, key: "subscriptionDaysOfPaidService")
            }
            if event == "SUBSCRIPTION_PAYMENT", let amount = item.integer("amountTaxInclusive"), amount == 0 {
                context.report(
                    id, "a SUBSCRIPTION_PAYMENT needs a positive amountTaxInclusive, not 0 (\(item.described))",
                    in: item, key: "amountTaxInclusive")
            }
        }
    }

    /// Apple's pattern for `exchangeRate` ("a number that can optionally be followed by a '.' and
    /// additional digits"), and above zero.
    static func isPositiveDecimal(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } })
        else { return false }
        return text.utf8.contains { $0 > 0x30 && $0 <= 0x39 }
    }
}
