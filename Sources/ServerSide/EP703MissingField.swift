/// A report body or notification payload without a field Apple requires.
struct EP703MissingField: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report, .notification] }

    func check(_ context: ServerContext) {
        for field in ServerFacts.schema(context.kind) where field.required && context.member(field.key) == nil {
            context.report(id, "\(context.kind.rawValue) has no '\(field.key)' (\(field.type.description))")
        }
    }
}
