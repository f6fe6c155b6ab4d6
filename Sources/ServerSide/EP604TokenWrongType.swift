import EplintBase
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
        context.report(
            rule, "'\(field.key)' must be \(field.type.description), not \(mistypedName(node))", at: node,
            key: field.key)
    }
}

/// What a value of the wrong type is, in a message (an integer field's integer is one too big).
func mistypedName(_ node: JSONNode) -> String {
    if node.string == "" { return "an empty string" }
    guard node.typeName == "an integer" else { return node.typeName }
    guard let value = node.integer else { return "an integer beyond 64 bits" }
    return Int32(exactly: value) == nil ? "an integer beyond 32 bits" : "an integer"
}
