import EplintBase

/// A compact JWS (`header.payload.signature`) written alone in a file, as the server
/// receives it in `signedPayload`: read as a signed payload rather than as JSON.
enum CompactJWS {
    /// The JWS and where it lies, when `bytes` hold nothing but Base64URL characters in three
    /// dot-separated parts, with blanks around them.
    static func alone(in bytes: [UInt8]) -> (text: Substring, range: SourceRange)? {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) })
        else { return nil }
        var dots = 0
        for byte in bytes[first...last] {
            if byte == 0x2E {
                dots += 1
                continue
            }
            guard Base64URL.isAlphabet(byte) else { return nil }
        }
        guard dots == 2 else { return nil }
        var line = 1
        var column = 1
        for byte in bytes[..<first] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        let length = last + 1 - first
        let start = SourcePosition(offset: first, line: line, column: column, utf16Column: column)
        let end = SourcePosition(offset: last + 1, line: line, column: column + length, utf16Column: column + length)
        return (Substring(String(decoding: bytes[first...last], as: UTF8.self)), SourceRange(start: start, end: end))
    }
}

/// What a decoded JWS payload that is not a notification is, told by the members Apple
/// documents for each signed type (JWSTransactionDecodedPayload, JWSRenewalInfoDecodedPayload,
/// AppTransaction).
enum SignedPayloadType {
    case transaction, renewalInfo, appTransaction

    /// Where Apple sends a JWS of this type: inside a notification, never as its `signedPayload`.
    var description: String {
        switch self {
        case .transaction:
            "a signed transaction (JWSTransaction), which a notification carries in data.signedTransactionInfo"
        case .renewalInfo:
            "signed renewal info (JWSRenewalInfo), which a notification carries in data.signedRenewalInfo"
        case .appTransaction:
            "a signed app transaction (AppTransaction), which a notification carries in appData.signedAppTransactionInfo"
        }
    }

    static let renewalOnly: Set<String> = [
        "autoRenewProductId", "autoRenewStatus", "renewalDate", "expirationIntent", "priceIncreaseStatus",
        "isInBillingRetryPeriod", "gracePeriodExpiresDate", "renewalPrice", "eligibleWinBackOfferIds",
        "recentSubscriptionStartDate",
    ]
    static let appTransactionOnly: Set<String> = [
        "receiptType", "applicationVersion", "originalApplicationVersion", "receiptCreationDate",
        "deviceVerification", "deviceVerificationNonce", "preorderDate", "originalPlatform",
    ]
    static let transactionOnly: Set<String> = [
        "transactionId", "bundleId", "purchaseDate", "inAppOwnershipType", "type", "quantity",
        "webOrderLineItemId", "storefront", "storefrontId", "transactionReason", "expiresDate", "price",
        "isUpgraded", "revocationDate", "revocationReason", "subscriptionGroupIdentifier",
    ]
    /// Members both transactions and renewal info have.
    static let shared: Set<String> = [
        "environment", "signedDate", "originalTransactionId", "productId", "currency", "offerType",
        "offerIdentifier", "offerDiscountType", "offerPeriod", "appAccountToken", "appTransactionId",
    ]

    /// The type of a payload without `notificationType`, or nil when its members fit none.
    /// Renewal info is the one type without `bundleId`, so shared members alone mean renewal info.
    init?(members: [JSONMember]) {
        let keys = Set(members.map(\.key))
        guard !keys.isEmpty, !keys.contains("notificationType") else { return nil }
        if !keys.isDisjoint(with: Self.renewalOnly) {
            self = .renewalInfo
        } else if !keys.isDisjoint(with: Self.appTransactionOnly) {
            self = .appTransaction
        } else if !keys.isDisjoint(with: Self.transactionOnly) {
            self = .transaction
        } else if keys.isSubset(of: Self.shared) {
            self = .renewalInfo
        } else {
            return nil
        }
    }
}
