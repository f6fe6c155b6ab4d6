import LintEngine

/// `erroneouslySubmitted` without `restatement` (ErroneouslySubmittedNotRestatementError, 20); a
/// line item that is not retracted referencing one that is, in the report or an earlier one
/// (ValidLineItemReferencesErroneousLineItemError, 25); a retraction of a line item that earlier
/// line items still reference (ErroneousLineItemReferencedByValidLineItemError, 22); a retraction of
/// a line item whose latest version is already retracted (RepeatErroneousSubmissionError, 30).
struct EP728RetractionInconsistent: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        // The line items of earlier reports that this report restates, by what they referenced.
        var restatedReferrers: [HistoryKey: Int] = [:]
        for item in context.lineItems {
            if let id = item.lineItemId, let earlier = context.earlier(id), earlier.counted,
                let reference = earlier.latest.reference
            {
                restatedReferrers[reference, default: 0] += 1
            }
        }
        for item in context.lineItems {
            let retracts = item.flag("erroneouslySubmitted")
            if retracts, !item.flag("restatement") {
                context.report(
                    id,
                    "\(item.described) is erroneouslySubmitted, a retraction, but not a restatement; set restatement to true too",
                    in: item, key: "erroneouslySubmitted")
            }
            if retracts, let own = item.lineItemId, let sent = context.earlier(own) {
                if sent.latest.retracted {
                    context.report(
                        id,
                        "\(item.described) is already retracted: its latest version, in an earlier report, is erroneouslySubmitted too",
                        in: item, key: "erroneouslySubmitted", related: [context.related(sent.place, "retracted here")])
                } else if case let live = sent.liveReferrers - restatedReferrers[HistoryKey(own), default: 0], live > 0
                {
                    context.report(
                        id,
                        "\(item.described) is retracted, but \(live) line item\(live == 1 ? "" : "s") of earlier reports that reference\(live == 1 ? "s" : "") it \(live == 1 ? "is" : "are") not; retract \(live == 1 ? "it" : "them") too, in this report or an earlier one",
                        in: item, key: "erroneouslySubmitted", related: [context.related(sent.place, "sent here")])
                }
            }
            guard !retracts, let reference = item.referenceLineItemId, reference != item.lineItemId,
                let referenced = context.referenced(reference), referenced.summary.retracted
            else { continue }
            context.report(
                id,
                "\(item.described) references \(referenced.described), which is retracted (erroneouslySubmitted), but is not retracted itself",
                in: item, key: "referenceLineItemId",
                related: [
                    RelatedLocation(
                        file: referenced.file, range: referenced.range(of: "erroneouslySubmitted"),
                        message: "retracted here")
                ])
        }
    }

}
