import LintEngine

/// Two report bodies with the same `requestIdentifier` in one run, or one the history already
/// holds (DuplicateValueError, 1): it must identify one report.
struct EP709DuplicateRequestIdentifier: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        guard let node = context.field("requestIdentifier"), let text = node.string else { return }
        // UUIDs compare without regard to case.
        let key = text.lowercased()
        if let first = context.run.requestIdentifiers[key] {
            context.report(
                id, "requestIdentifier '\(text)' is already used by another report", at: node, key: "requestIdentifier",
                related: [RelatedLocation(file: first.file, range: first.range, message: "first used here")])
        } else {
            context.run.requestIdentifiers[key] = (context.file, node.range)
            guard let sent = context.history.requestIdentifiers[HistoryKey(key)] else { return }
            context.report(
                id,
                "requestIdentifier '\(text)' is already used by a report Apple accepted; a new report, corrections too, takes a new one",
                at: node, key: "requestIdentifier", related: [context.related(sent, "the accepted report")])
        }
    }
}
