import EplintBase
import LintEngine

/// The three line-item objects of a report (Apple's OneTimeBuyLineItem, SubscriptionBuyLineItem,
/// RefundLineItem pages). No member names the object: `eventType` and `productType` tell it.
enum LineItemType: String, CaseIterable {
    case oneTimeBuy = "OneTimeBuyLineItem"
    case subscriptionBuy = "SubscriptionBuyLineItem"
    case refund = "RefundLineItem"
}

/// Whether an object's page lists a field "(required)", lists it, or does not list it.
enum Presence { case required, optional, absent }

/// Facts from Apple's line-item pages (shared/reference/external-purchase-line-items.md).
enum LineItemFacts {
    /// Every field, its type (from its own page) and its presence per object: OneTimeBuy, SubscriptionBuy, Refund.
    static let fields: [(key: String, type: FieldType, presence: [Presence])] = [
        ("lineItemId", .nonEmptyString, [.required, .required, .required]),
        ("referenceLineItemId", .nonEmptyString, [.absent, .optional, .required]),
        ("creationDate", .milliseconds, [.required, .required, .required]),
        ("restatement", .boolean, [.optional, .optional, .optional]),
        ("erroneouslySubmitted", .boolean, [.optional, .optional, .optional]),
        ("eventType", .string, [.required, .required, .required]),
        ("productType", .string, [.required, .required, .absent]),
        ("productIdentifier", .string, [.required, .required, .absent]),
        ("quantity", .integer, [.required, .required, .absent]),
        ("subscriptionEvent", .string, [.absent, .required, .absent]),
        ("subscriptionStartDate", .milliseconds, [.absent, .required, .absent]),
        ("subscriptionEndDate", .milliseconds, [.absent, .required, .absent]),
        ("subscriptionDaysOfPaidService", .int32, [.absent, .required, .absent]),
        ("pricingCurrency", .string, [.required, .required, .required]),
        ("reportingCurrency", .string, [.required, .required, .required]),
        // Required when the two currencies differ, not allowed when they are the same (EP716, EP717).
        ("exchangeRate", .decimal, [.optional, .optional, .optional]),
        ("amountTaxExclusive", .integer, [.required, .required, .required]),
        ("amountTaxInclusive", .integer, [.required, .required, .required]),
        ("netAmountTaxExclusive", .integer, [.required, .required, .required]),
        ("taxAmount", .integer, [.required, .required, .required]),
        ("taxCountry", .string, [.required, .required, .required]),
    ]

    /// FieldNotAllowedError's fields: the ones Apple rejects where an object's page does not list them.
    static let rejectedWhereUnlisted: Set<String> = [
        "productType", "productIdentifier", "subscriptionEvent", "subscriptionStartDate", "subscriptionEndDate",
        "subscriptionDaysOfPaidService", "quantity", "referenceLineItemId", "exchangeRate",
    ]

    static let eventTypes = ["BUY", "REFUND"]
    static let productTypes = ["ONE_TIME_BUY", "SUBSCRIPTION"]
    static let subscriptionEvents = ["SUBSCRIPTION_START", "RENEWAL", "SUBSCRIPTION_CHANGE", "SUBSCRIPTION_PAYMENT"]
    /// `reportingCurrency`'s allowed values, in Apple's order.
    static let reportingCurrencies = [
        "CLP", "EUR", "QAR", "COP", "VND", "EGP", "THB", "HKD", "NOK", "BRL", "GBP",
        "AUD", "SEK", "INR", "BGN", "ZAR", "KZT", "NGN", "TWD", "MXN", "CHF", "PEN",
        "DKK", "AED", "ILS", "KRW", "PHP", "TZS", "PKR", "HUF", "IDR", "CNY", "MYR",
        "RUB", "RON", "SGD", "TRY", "CZK", "SAR", "USD", "NZD", "PLN", "JPY", "CAD",
    ]
    /// What a pricing currency Apple does not support is reported in, with an exchange rate.
    static let exchangeCurrencies = ["EUR", "USD"]
    /// MaximumLengthExceededError's fields and their "Maximum length" (field pages).
    static let maximumLengths: [(key: String, length: Int)] = [
        ("lineItemId", 128), ("referenceLineItemId", 128), ("productIdentifier", 256), ("pricingCurrency", 128),
        ("exchangeRate", 128),
    ]
    static let dates = ["creationDate", "subscriptionStartDate", "subscriptionEndDate"]

    static let fieldTypes = [String: FieldType](
        fields.map { ($0.key, $0.type) }, uniquingKeysWith: { first, _ in first })

    static func fieldType(_ key: String) -> FieldType? { fieldTypes[key] }
}

/// One object of a report's `lineItems`, with its place in the array.
struct LineItem {
    let index: Int
    let node: JSONNode
    /// Which object this is, when `eventType` (and for a buy `productType`) say so.
    let type: LineItemType?

    /// Members by key, the first of a repeated one (EP702 reports those): rules look up many.
    private let members: [String: JSONMember]

    init(index: Int, node: JSONNode) {
        self.index = index
        self.node = node
        var members: [String: JSONMember] = [:]
        if case .object(let list) = node.value {
            for member in list where members[member.key] == nil { members[member.key] = member }
        }
        self.members = members
        switch (members["eventType"]?.value.string, members["productType"]?.value.string) {
        case ("REFUND", _): type = .refund
        case ("BUY", "ONE_TIME_BUY"): type = .oneTimeBuy
        case ("BUY", "SUBSCRIPTION"): type = .subscriptionBuy
        default: type = nil
        }
    }

    var keyPath: String { "lineItems[\(index)]" }

    func member(_ key: String) -> JSONMember? { members[key] }

    /// A member's value when it has the type Apple documents (else nil: EP704 reports that).
    func field(_ key: String) -> JSONNode? {
        guard let value = member(key)?.value, let type = LineItemFacts.fieldType(key), type.admits(value) else {
            return nil
        }
        return value
    }

    func string(_ key: String) -> String? { field(key)?.string }
    func integer(_ key: String) -> Int64? { field(key)?.integer }
    func flag(_ key: String) -> Bool {
        if case .bool(true)? = field(key)?.value { return true }
        return false
    }

    var lineItemId: String? { string("lineItemId") }
    var referenceLineItemId: String? { string("referenceLineItemId") }
    var isBuy: Bool { string("eventType") == "BUY" }
    var isRefund: Bool { string("eventType") == "REFUND" }

    /// How a field is listed on this object's page; nil while the object is not known.
    func presence(of key: String) -> Presence? {
        guard let type, let entry = LineItemFacts.fields.first(where: { $0.key == key }) else { return nil }
        return entry.presence[LineItemType.allCases.firstIndex(of: type)!]
    }

    /// How messages name the line item: its index and `lineItemId`.
    var described: String {
        lineItemId.map { "line item \(index) (\($0.quotedForMessage))" } ?? "line item \(index)"
    }
}

extension ServerContext {
    /// The objects of `lineItems` (entries of another type are EP704's), read once for all rules.
    static func lineItems(of object: JSONNode) -> [LineItem] {
        guard case .array(let items)? = object.member("lineItems")?.value.value else { return [] }
        return items.enumerated().compactMap {
            $0.element.isObject ? LineItem(index: $0.offset, node: $0.element) : nil
        }
    }

    /// Reports at a line item's member `key` (its value), or at the line item when it has none.
    func report(
        _ rule: RuleID, _ message: String, in item: LineItem, key: String? = nil, related: [RelatedLocation] = []
    ) {
        let value = key.flatMap { item.member($0)?.value }
        report(
            rule, message, at: value ?? item.node, key: item.keyPath + (value != nil ? "." + key! : ""),
            related: related)
    }

    /// The `--token` the report is about: matched by `externalPurchaseId`, or the only token given.
    var reportedToken: DecodedToken? {
        let identifier = field("externalPurchaseId")?.string
        let tokens = options.tokens
        return identifier.flatMap { options.tokensByID[$0] }.map { tokens[$0] } ?? (tokens.count == 1 ? tokens[0] : nil)
    }

    /// The line items of a body by `lineItemId` (the first of a repeated one).
    static func lineItemsByID(_ items: [LineItem]) -> [String: LineItem] {
        var byID: [String: LineItem] = [:]
        for item in items {
            if let id = item.lineItemId, byID[id] == nil { byID[id] = item }
        }
        return byID
    }
}

extension JSONNode {
    /// `exchangeRate` as written: a JSON number, or a string (Apple declares a double with a text pattern).
    var decimalText: String? {
        switch value {
        case .number(let text): text
        case .string(let text): text
        default: nil
        }
    }
}
