/// A report `status` Apple does not define.
struct EP706UnknownReportStatus: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        guard let status = context.field("status"), let name = status.string, !ServerFacts.reportStatuses.contains(name)
        else { return }
        context.report(
            id, "unknown status '\(name)'; use \(ServerFacts.reportStatuses.joined(separator: ", "))", at: status,
            key: "status")
    }
}
