/// `amountTaxExclusive` + `taxAmount` ≠ `amountTaxInclusive` (IncorrectAmountTaxInclusiveError, 11).
struct EP721LineItemTaxMismatch: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        for item in context.lineItems {
            guard let exclusive = item.integer("amountTaxExclusive"), let tax = item.integer("taxAmount"),
                let inclusive = item.integer("amountTaxInclusive")
            else { continue }
            let (sum, overflow) = exclusive.addingReportingOverflow(tax)
            guard overflow || sum != inclusive else { continue }
            context.report(
                id,
                "amountTaxInclusive \(inclusive) is not amountTaxExclusive \(exclusive) + taxAmount \(tax)\(overflow ? "" : " = \(sum)") (\(item.described))",
                in: item, key: "amountTaxInclusive")
        }
    }
}
