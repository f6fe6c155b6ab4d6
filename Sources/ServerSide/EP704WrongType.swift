import LintEngine

/// A report or notification field of the wrong JSON type.
struct EP704WrongType: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report, .notification] }

    func check(_ context: ServerContext) {
        reportMistypedFields(context, rule: id)
    }
}
