/// A report or notification field of the wrong JSON type.
struct EP704WrongType: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report, .notification] }

    func check(_ context: ServerContext) {
        reportMistypedFields(context, rule: id)
        guard context.kind == .report, case .array(let items)? = context.field("lineItems")?.value else { return }
        for (index, node) in items.enumerated() {
            guard node.isObject else {
                context.report(
                    id, "line item \(index) must be an object, not \(node.typeName)", at: node,
                    key: "lineItems[\(index)]")
                continue
            }
            let item = LineItem(index: index, node: node)
            for (key, type, _) in LineItemFacts.fields {
                guard let value = item.member(key)?.value, !type.admits(value) else { continue }
                context.report(
                    id, "'\(key)' must be \(type.description), not \(mistypedName(value)) (\(item.described))",
                    in: item, key: key)
            }
        }
    }
}
