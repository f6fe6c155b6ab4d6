import LintEngine

/// A token field of the wrong JSON type (seed 000: `appAppleId` an integer, dates integers in milliseconds …).
struct EP604TokenWrongType: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.token] }

    func check(_ context: ServerContext) {
        reportMistypedFields(context, rule: id)
    }
}

/// Shared by EP604 and EP704: every documented member whose value has the wrong type.
func reportMistypedFields(_ context: ServerContext, rule: RuleID) {
    for field in ServerFacts.schema(context.kind) {
        guard let node = context.member(field.key)?.value, !field.type.admits(node) else { continue }
        let actual =
            node.string == ""
            ? "an empty string" : node.typeName == "an integer" ? "an integer beyond 64 bits" : node.typeName
        context.report(
            rule, "'\(field.key)' must be \(field.type.description), not \(actual)", at: node, key: field.key)
    }
}
