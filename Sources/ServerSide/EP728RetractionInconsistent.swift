import LintEngine

/// `erroneouslySubmitted` without `restatement` (ErroneouslySubmittedNotRestatementError, 20), or,
/// within one report, a line item that is not retracted referencing one that is
/// (ValidLineItemReferencesErroneousLineItemError, 25; ErroneousLineItemReferencedByValidLineItemError, 22).
struct EP728RetractionInconsistent: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        let byID = context.lineItemsByID
        for item in context.lineItems {
            if item.flag("erroneouslySubmitted"), !item.flag("restatement") {
                context.report(
                    id,
                    "\(item.described) is erroneouslySubmitted, a retraction, but not a restatement; set restatement to true too",
                    in: item, key: "erroneouslySubmitted")
            }
            guard !item.flag("erroneouslySubmitted"), let reference = item.referenceLineItemId,
                reference != item.lineItemId, let referenced = byID[reference], referenced.flag("erroneouslySubmitted")
            else { continue }
            context.report(
                id,
                "\(item.described) references \(referenced.described), which is retracted (erroneouslySubmitted), but is not retracted itself",
                in: item, key: "referenceLineItemId",
                related: [
                    RelatedLocation(
                        file: context.file,
                        range: referenced.member("erroneouslySubmitted")?.value.range ?? referenced.node.range,
                        message: "retracted here")
                ])
        }
    }
}
