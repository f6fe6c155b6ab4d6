/// `NO_LINE_ITEM` or `UNRECOGNIZED_TOKEN` for a token an earlier report sent with `LINE_ITEM`
/// (LineItemStatusRegressionError, 8).
struct EP740StatusRegression: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        guard let status = context.field("status"), let text = status.string,
            text == "NO_LINE_ITEM" || text == "UNRECOGNIZED_TOKEN",
            let token = context.field("externalPurchaseId")?.string,
            let sent = context.history.reportedWithLineItems[token]
        else { return }
        context.report(
            id,
            "status '\(text)' for a token an earlier report sent with status 'LINE_ITEM'; correct its line items instead (restatement, erroneouslySubmitted)",
            at: status, key: "status", related: [context.related(sent, "reported with LINE_ITEM here")])
    }
}
