import EplintBase
import LintEngine

/// Facts from Apple's documentation (shared/seeds 000, 001, 003) that several rules use.
enum ServerFacts {
    /// Token types, subtypes per notification type: `Rules/regions.plist` (AppleFacts).
    static var apple: AppleFacts { .builtIn }
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
            [
                ("appAppleId", .integer, true), ("bundleId", .nonEmptyString, true),
                ("tokenCreationDate", .milliseconds, true),
                ("externalPurchaseId", .nonEmptyString, true), ("tokenType", .string, false),
                ("tokenExpirationDate", .milliseconds, false),
            ]
        case .report:
            [
                ("requestIdentifier", .string, true), ("externalPurchaseId", .nonEmptyString, true),
                ("status", .string, true),
                ("lineItems", .array, false),
            ]
        case .notification:
            [
                ("notificationType", .nonEmptyString, true), ("subtype", .string, false), ("version", .string, true),
                ("signedDate", .milliseconds, true), ("notificationUUID", .string, true),
                ("data", .object, false), ("appData", .object, false), ("summary", .object, false),
                ("externalPurchaseToken", .object, false),
            ]
        }
    }

    static func fieldType(_ key: String, in kind: ServerDocumentKind) -> FieldType? {
        schema(kind).first { $0.key == key }?.type
    }

    /// Why an integer is not a plausible UNIX time in milliseconds, or nil when it is.
    static func millisecondsProblem(_ value: Int64) -> String? {
        if value < 0 { return "is before 1970" }
        if value < smallestMilliseconds {
            return "looks like seconds, not milliseconds (\(isoDate(milliseconds: value * 1000)) if read as seconds)"
        }
        if value >= smallestMilliseconds * 1000 { return "looks like microseconds, not milliseconds" }
        return nil
    }

    /// 8-4-4-4-12 hexadecimal digits, either case.
    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.utf8.count) == [8, 4, 4, 4, 12]
            && groups.allSatisfy {
                $0.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
            }
    }

    /// `2024-01-25T08:00:00Z` for a UNIX time in milliseconds (proleptic Gregorian, UTC).
    static func isoDate(milliseconds: Int64) -> String {
        AbsoluteDate.text(unixSeconds: AbsoluteDate.unixSeconds(milliseconds: milliseconds))
    }
}
