/// The payload field does not go with the notification type: `externalPurchaseToken` only with
/// `EXTERNAL_PURCHASE_TOKEN`, `appData` only with `RESCIND_CONSENT`, `summary` only with
/// `RENEWAL_EXTENSION`/`SUMMARY`, and those types carry their own field.
struct EP711PayloadFieldMismatch: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.notification] }

    func check(_ context: ServerContext) {
        guard let type = context.field("notificationType")?.string else { return }
        let subtype = context.field("subtype")?.string
        let expected: String
        switch (type, subtype) {
        case ("EXTERNAL_PURCHASE_TOKEN", _): expected = "externalPurchaseToken"
        case ("RESCIND_CONSENT", _): expected = "appData"
        case ("RENEWAL_EXTENSION", "SUMMARY"): expected = "summary"
        default: expected = "data"
        }
        let described = subtype.map { "\(type)/\($0)" } ?? type
        for key in ServerFacts.payloadFields where key != expected {
            guard let member = context.member(key) else { continue }
            context.report(
                id, "'\(key)' does not go with notificationType \(described); expected '\(expected)'", at: member.value,
                key: key)
        }
    }
}
