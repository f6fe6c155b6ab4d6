/// A `subtype` Apple does not list for the notification's type (`NotificationSubtypes` in
/// `Rules/regions.plist`); types without a list there are not checked.
struct EP744NotificationUnknownSubtype: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.notification] }

    func check(_ context: ServerContext) {
        guard let type = context.field("notificationType")?.string,
            let known = ServerFacts.apple.notificationSubtypes[type], let subtype = context.field("subtype"),
            let name = subtype.string, !known.contains(name)
        else { return }
        context.report(
            id, "subtype '\(name)' is not one of \(type)'s: \(known.joined(separator: ", "))", at: subtype,
            key: "subtype")
    }
}
