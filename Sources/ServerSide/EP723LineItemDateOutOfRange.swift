/// A `creationDate` in the future (FutureDateError, 6) or, with the report's token given
/// (`--token`), before the token was created or, for a buy, after it expired
/// (LineItemCreationDateOutOfRangeError, 36); a `subscriptionStartDate` after the
/// `subscriptionEndDate` (StartDateAfterEndDateError, 17).
struct EP723LineItemDateOutOfRange: ServerRule {
    var kinds: Set<ServerDocumentKind> { [.report] }

    func check(_ context: ServerContext) {
        let token = context.reportedToken
        let created = token?.payload.member("tokenCreationDate")?.value.integer
        let expires = token?.payload.member("tokenExpirationDate")?.value.integer
        for item in context.lineItems {
            if let date = Self.milliseconds(item, "creationDate") {
                let iso = ServerFacts.isoDate(milliseconds: date)
                if let now = context.options.now, date > now {
                    context.report(
                        id, "creationDate \(date) (\(iso)) is in the future (\(item.described))", in: item,
                        key: "creationDate")
                } else if let created, date < created {
                    context.report(
                        id,
                        "creationDate \(date) (\(iso)) is before the token was created (\(ServerFacts.isoDate(milliseconds: created))) (\(item.described))",
                        in: item, key: "creationDate")
                } else if let expires, item.isBuy, date > expires {
                    // After it expires a token is "no longer associated with new transactions" (seed 000).
                    context.report(
                        id,
                        "creationDate \(date) (\(iso)) is after the token expired (\(ServerFacts.isoDate(milliseconds: expires))) (\(item.described))",
                        in: item, key: "creationDate")
                }
            }
            if let start = Self.milliseconds(item, "subscriptionStartDate"),
                let end = Self.milliseconds(item, "subscriptionEndDate"), start > end
            {
                context.report(
                    id,
                    "subscriptionStartDate \(start) is after subscriptionEndDate \(end) (\(item.described))",
                    in: item, key: "subscriptionEndDate")
            }
        }
    }

    /// A date that is plausibly milliseconds (EP722 reports the others).
    static func milliseconds(_ item: LineItem, _ key: String) -> Int64? {
        guard let value = item.integer(key), ServerFacts.millisecondsProblem(value) == nil else { return nil }
        return value
    }
}
