/// `requestIdentifier` (seed 003), `notificationUUID` (seed 001) or a token's
/// `externalPurchaseId` (seed 000: a UUID, `SANDBOX_`-prefixed in the sandbox) that is not a UUID.
struct EP705NotAUUID: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report, .notification, .token] }

    func check(_ context: ServerContext) {
        let key =
            switch context.kind {
            case .report: "requestIdentifier"
            case .notification: "notificationUUID"
            case .token: "externalPurchaseId"
            }
        guard let node = context.field(key), let text = node.string else { return }
        if context.kind == .token {
            let sandbox = ServerFacts.sandboxPrefix + "_"
            guard !ServerFacts.isUUID(text.hasPrefix(sandbox) ? String(text.dropFirst(sandbox.count)) : text) else {
                return
            }
            context.report(
                id,
                "\(key) '\(text)' is not a UUID (8-4-4-4-12 hexadecimal digits), optionally prefixed with \(sandbox)",
                at: node, key: key)
        } else if !ServerFacts.isUUID(text) {
            context.report(id, "\(key) '\(text)' is not a UUID (8-4-4-4-12 hexadecimal digits)", at: node, key: key)
        }
    }
}
