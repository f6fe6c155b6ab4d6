/// A notification payload without exactly one of `data`, `appData`, `summary`, `externalPurchaseToken` (seed 001).
struct EP710PayloadFieldCount: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.notification] }

    func check(_ context: ServerContext) {
        guard case .object(let members) = context.object.value else { return }
        // In the order written: the later ones are reported.
        let present = members.filter { ServerFacts.payloadFields.contains($0.key) }
        if present.isEmpty {
            context.report(
                id, "notification has none of data, appData, summary, externalPurchaseToken; it must have exactly one")
        }
        for extra in present.dropFirst() {
            context.report(
                id,
                "'\(extra.key)' and '\(present[0].key)' are mutually exclusive; a notification has exactly one of data, appData, summary, externalPurchaseToken",
                at: extra.value, key: extra.key)
        }
    }
}
