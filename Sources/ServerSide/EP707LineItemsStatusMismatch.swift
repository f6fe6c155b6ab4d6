import EplintBase

/// `lineItems` with a status for a token without transactions (seed 003), or `LINE_ITEM` without them.
struct EP707LineItemsStatusMismatch: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        guard let status = context.field("status")?.string else { return }
        let lineItems = context.member("lineItems")
        if ServerFacts.transactionlessStatuses.contains(status), let lineItems {
            context.report(
                id, "a \(status) report must not have a 'lineItems' field", at: lineItems.value, key: "lineItems")
        } else if status == "LINE_ITEM", lineItems == nil || lineItems?.value.isEmptyArray == true {
            context.report(
                id, "a LINE_ITEM report needs its transactions in 'lineItems'",
                at: lineItems?.value ?? context.member("status")?.value, key: lineItems == nil ? "status" : "lineItems")
        }
    }
}

extension JSONNode {
    var isEmptyArray: Bool {
        if case .array(let items) = value { return items.isEmpty }
        return false
    }
}
