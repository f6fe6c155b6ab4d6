import LintEngine

/// `requestIdentifier` (seed 003) or `notificationUUID` (seed 001) that is not a UUID.
struct EP705NotAUUID: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report, .notification] }

    func check(_ context: ServerContext) {
        let key = context.kind == .report ? "requestIdentifier" : "notificationUUID"
        guard let node = context.field(key), let text = node.string, !ServerFacts.isUUID(text) else { return }
        context.report(id, "\(key) '\(text)' is not a UUID (8-4-4-4-12 hexadecimal digits)", at: node, key: key)
    }
}
