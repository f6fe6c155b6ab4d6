/// Facts from Apple's documentation (shared/seeds 000, 001, 003) that several rules use.
enum ServerFacts {
    static let tokenTypes = ["ACQUISITION", "SERVICES"]
    /// Statuses for a token without transactions: the body has no `lineItems` (seed 003).
    static let transactionlessStatuses = ["NO_LINE_ITEM", "UNRECOGNIZED_TOKEN", "DUPLICATE_TOKEN"]
    /// `LINE_ITEM` reports transactions (the endpoint's other status; it carries `lineItems`).
    static let reportStatuses = ["LINE_ITEM"] + transactionlessStatuses
    static let payloadFields = ["data", "appData", "summary", "externalPurchaseToken"]
    static let sandboxPrefix = "SANDBOX"
    /// Below this a UNIX time is taken for seconds: 10^11 ms is March 1973, 10^11 s is the year 5138.
    static let smallestMilliseconds: Int64 = 100_000_000_000

    /// Each documented field and its type; `required` ones must be present.
    static func schema(_ kind: ServerDocumentKind) -> [(key: String, type: FieldType, required: Bool)] {
        switch kind {
        case .token:
            [("appAppleId", .integer, true), ("bundleId", .nonEmptyString, true), ("tokenCreationDate", .milliseconds, true),
             ("externalPurchaseId", .nonEmptyString, true), ("tokenType", .string, false), ("tokenExpirationDate", .milliseconds, false)]
        case .report:
            [("requestIdentifier", .string, true), ("externalPurchaseId", .nonEmptyString, true), ("status", .string, true),
             ("lineItems", .array, false)]
        case .notification:
            [("notificationType", .nonEmptyString, true), ("subtype", .string, false), ("version", .string, true),
             ("signedDate", .milliseconds, true), ("notificationUUID", .string, true),
             ("data", .object, false), ("appData", .object, false), ("summary", .object, false), ("externalPurchaseToken", .object, false)]
        }
    }

    static func fieldType(_ key: String, in kind: ServerDocumentKind) -> FieldType? {
        schema(kind).first { $0.key == key }?.type
    }

    /// Why an integer is not a plausible UNIX time in milliseconds, or nil when it is.
    static func millisecondsProblem(_ value: Int64) -> String? {
        if value < 0 { return "is before 1970" }
        if value < smallestMilliseconds { return "looks like seconds, not milliseconds (\(isoDate(milliseconds: value * 1000)) if read as seconds)" }
        if value >= smallestMilliseconds * 1000 { return "looks like microseconds, not milliseconds" }
        return nil
    }

    /// 8-4-4-4-12 hexadecimal digits, either case.
    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.utf8.count) == [8, 4, 4, 4, 12]
            && groups.allSatisfy { $0.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) } }
    }

    /// `2024-01-25T08:00:00Z` for a UNIX time in milliseconds (proleptic Gregorian, UTC).
    static func isoDate(milliseconds: Int64) -> String {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }
}
