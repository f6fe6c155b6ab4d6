/// A sandbox token (`externalPurchaseId` starting with `SANDBOX`) where production is expected, or the reverse.
struct EP609TokenEnvironmentMismatch: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.token] }

    func check(_ context: ServerContext) {
        // Xcode's environments say nothing of a token's prefix.
        guard let expected = context.options.environment, !expected.signsWithXcode,
            let identifier = context.field("externalPurchaseId"),
            let text = identifier.string
        else { return }
        let isSandbox = text.hasPrefix(ServerFacts.sandboxPrefix)
        guard isSandbox != (expected == .sandbox) else { return }
        let actual =
            isSandbox
            ? "a sandbox token (externalPurchaseId begins with SANDBOX)"
            : "a production token (externalPurchaseId does not begin with SANDBOX)"
        context.report(
            id, "\(actual), but the \(expected.rawValue) environment is expected", at: identifier,
            key: "externalPurchaseId")
    }
}
