/// A restatement whose `creationDate` is not the original line item's
/// (RestatementCreationDateMismatchError): the original is the first version an earlier report sent.
struct EP741RestatementDateMismatch: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        for item in context.lineItems where item.flag("restatement") {
            guard let own = item.lineItemId, let sent = context.earlier(own), let original = sent.originalCreationDate,
                let date = EP723LineItemDateOutOfRange.milliseconds(item, "creationDate"), date != original
            else { continue }
            context.report(
                id,
                "\(item.described) restates a line item created \(original) (\(ServerFacts.isoDate(milliseconds: original))) with creationDate \(date); a restatement keeps the original's",
                in: item, key: "creationDate", related: [context.related(sent.place, "sent here")])
        }
    }
}
