/// A notification `version` other than "2.0".
struct EP712NotificationVersion: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.notification] }

    func check(_ context: ServerContext) {
        guard let version = context.field("version"), let text = version.string, text != "2.0" else { return }
        context.report(
            id, "version '\(text)' is not \"2.0\", the version of App Store Server Notifications V2", at: version,
            key: "version")
    }
}
