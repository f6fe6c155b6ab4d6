import Foundation
import Testing

@testable import ServerSide

/// Report line items (EP716–EP728): Apple's example reports pass, and so does a generated set of
/// valid reports with every line-item object and subscription event, alone, together and as an array.
@Suite struct LineItemReportTests {
    /// Apple's four examples (reportwithtransactions), the refund's missing comma after "REFUND" restored.
    static let appleExamples = [
        """
        {"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
         "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367,
         "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product",
         "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000,
         "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
        """,
        """
        {"requestIdentifier": "c4dcf1a5-afac-4e2c-83d7-280f9f2cb832", "externalPurchaseId": "59908800-c9d3-40c3-b638-8a9c5a535654",
         "status": "LINE_ITEM", "lineItems": [{"lineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc", "creationDate": 1706047488039,
         "eventType": "BUY", "productType": "SUBSCRIPTION", "productIdentifier": "example.subscription.monthly",
         "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000,
         "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "subscriptionEvent": "SUBSCRIPTION_START",
         "subscriptionStartDate": 1706047488039, "subscriptionEndDate": 1708639488039, "subscriptionDaysOfPaidService": 0,
         "quantity": 1}]}
        """,
        """
        {"requestIdentifier": "446fdfd8-2c06-4956-873c-8c449a9d61f5", "externalPurchaseId": "59908800-c9d3-40c3-b638-8a9c5a535654",
         "status": "LINE_ITEM", "lineItems": [{"lineItemId": "dddddddd-dddd-dddd-dddd-dddddddddddd", "creationDate": 1708639488039,
         "eventType": "BUY", "productType": "SUBSCRIPTION", "productIdentifier": "example.subscription.monthly",
         "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000,
         "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "subscriptionEvent": "RENEWAL",
         "subscriptionStartDate": 1708639488039, "subscriptionEndDate": 1711231488039, "subscriptionDaysOfPaidService": 30,
         "quantity": 1, "referenceLineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc"}]}
        """,
        """
        {"requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
         "status": "LINE_ITEM", "lineItems": [{"lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb", "creationDate": 1706047491127,
         "eventType": "REFUND", "amountTaxInclusive": 2500, "amountTaxExclusive": 2000, "taxAmount": 500,
         "netAmountTaxExclusive": 6000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP",
         "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"}]}
        """,
    ]
    /// 2026-01-01T00:00:00Z, after every date here; the token below was created before all of them.
    static let now: Int64 = 1_767_225_600_000
    static let tokenCreation: Int64 = 1_700_000_000_000

    func findings(_ text: String, options: ServerOptions = ServerOptions(now: now)) -> [String] {
        ServerLinter(options: options).lintDocument(Array(text.utf8), file: "report.json", kind: .report).map {
            "\($0.range.start.line):\($0.range.start.column): \($0.message) [\($0.rule)]"
        }
    }

    @Test(arguments: appleExamples) func appleExamplePasses(_ text: String) {
        #expect(findings(text) == [])
    }

    @Test func appleExamplesPassAsOneArray() {
        #expect(findings("[" + Self.appleExamples.joined(separator: ",") + "]") == [])
    }

    // MARK: Generated valid reports

    typealias Item = [String: Any]

    static func buy(_ id: String, subscription event: String? = nil, reference: String? = nil, date: Int64) -> Item {
        var item: Item = [
            "lineItemId": id, "creationDate": date, "eventType": "BUY", "productIdentifier": "example.product",
            "amountTaxInclusive": 12100, "amountTaxExclusive": 10000, "taxAmount": 2100, "netAmountTaxExclusive": 10000,
            "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "DEU", "quantity": 1,
        ]
        guard let event else {
            item["productType"] = "ONE_TIME_BUY"
            return item
        }
        item["productType"] = "SUBSCRIPTION"
        item["subscriptionEvent"] = event
        item["subscriptionStartDate"] = date
        item["subscriptionEndDate"] = date + 2_592_000_000
        item["subscriptionDaysOfPaidService"] = event == "SUBSCRIPTION_START" ? 0 : 30
        if let reference { item["referenceLineItemId"] = reference }
        return item
    }

    static func refund(_ id: String, of buy: Item, date: Int64) -> Item {
        var item = buy.filter {
            ["reportingCurrency", "pricingCurrency", "taxCountry", "exchangeRate"].contains($0.key)
        }
        item.merge(
            [
                "lineItemId": id, "creationDate": date, "eventType": "REFUND",
                "referenceLineItemId": buy["lineItemId"]!,
                "amountTaxInclusive": 1210, "amountTaxExclusive": 1000, "taxAmount": 210, "netAmountTaxExclusive": 9000,
            ], uniquingKeysWith: { $1 })
        return item
    }

    /// Line items of every object and event, each valid alone and with the ones it references.
    static var validLineItemSets: [[Item]] {
        let day: Int64 = 86_400_000
        let date: Int64 = 1_748_736_000_000  // 2025-06-01
        let oneTime = buy("one-time-1", date: date)
        let start = buy("sub-start-1", subscription: "SUBSCRIPTION_START", date: date)
        var free = buy("sub-start-free", subscription: "SUBSCRIPTION_START", date: date)
        for key in ["amountTaxInclusive", "amountTaxExclusive", "taxAmount", "netAmountTaxExclusive"] { free[key] = 0 }
        let events = ["RENEWAL", "SUBSCRIPTION_CHANGE", "SUBSCRIPTION_PAYMENT"].enumerated().map {
            (offset: Int, event: String) in
            buy(
                "sub-" + event, subscription: event, reference: "sub-start-1",
                date: date + Int64(offset + 1) * 30 * day)
        }
        var exchanged = buy("one-time-ars", date: date)
        exchanged.merge(
            ["pricingCurrency": "ARS", "reportingCurrency": "USD", "exchangeRate": 0.00098], uniquingKeysWith: { $1 })
        var restated = oneTime
        restated["restatement"] = true
        var retracted = restated
        retracted["erroneouslySubmitted"] = true
        var retractedRefund = refund("refund-1", of: oneTime, date: date + day)
        retractedRefund.merge(["restatement": true, "erroneouslySubmitted": true], uniquingKeysWith: { $1 })
        return [
            [oneTime], [start], [free], [start] + events, [exchanged], [restated],
            [oneTime, refund("refund-1", of: oneTime, date: date + day)],
            [exchanged, refund("refund-ars", of: exchanged, date: date + day)],
            [start, refund("refund-sub", of: start, date: date + day)],
            [retracted, retractedRefund],
        ] + events.map { [$0] }
    }

    static func report(_ items: [Item], number: Int) throws -> String {
        let body: [String: Any] = [
            "requestIdentifier": String(format: "00000000-0000-4000-8000-%012d", number),
            "externalPurchaseId": "11111111-1111-4111-8111-111111111111", "status": "LINE_ITEM", "lineItems": items,
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]), as: UTF8.self)
    }

    static var token: DecodedToken {
        let json =
            "{\"appAppleId\":1,\"bundleId\":\"com.example\",\"tokenCreationDate\":\(tokenCreation),"
            + "\"externalPurchaseId\":\"11111111-1111-4111-8111-111111111111\",\"tokenType\":\"SERVICES\","
            + "\"tokenExpirationDate\":\(now)}"
        let encoded = Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return try! ServerLinter.decodeToken(Substring(encoded)).get()
    }

    @Test func generatedValidReportsPass() throws {
        let options = ServerOptions(tokens: [Self.token], now: Self.now)
        let reports = try Self.validLineItemSets.enumerated().map { try Self.report($0.element, number: $0.offset) }
        for report in reports { #expect(findings(report, options: options) == [], "\(report)") }
        #expect(findings("[" + reports.joined(separator: ",") + "]", options: options) == [])
    }

    /// The same reports fail once a field their object requires is dropped (EP716), or one it
    /// does not take is added (EP717): the generated set is really checked field by field, in
    /// every line item (not the first alone: no set starts with a refund, so a refund's
    /// `referenceLineItemId` went unchecked, issue 46).
    @Test func generatedReportsFailWithoutARequiredField() throws {
        var refundsBroken = 0
        for items in Self.validLineItemSets {
            for index in items.indices {
                for key in items[index].keys.sorted()
                where !["restatement", "erroneouslySubmitted", "exchangeRate"].contains(key) {
                    let refund = items[index]["eventType"] as? String == "REFUND"
                    guard key != "referenceLineItemId" || refund else { continue }
                    var broken = items
                    broken[index][key] = nil
                    let found = findings(try Self.report(broken, number: 0))
                    #expect(
                        found.contains { $0.contains("has no '\(key)'") && $0.hasSuffix("[EP716]") },
                        "\(index) \(key): \(found)")
                    if refund && key == "referenceLineItemId" { refundsBroken += 1 }
                }
            }
        }
        #expect(refundsBroken == 4)
    }

    /// A refund's currencies, exchange rate and tax country are its buy's (EP727), each of them.
    @Test func aRefundDifferingFromItsBuyIsReported() throws {
        let day: Int64 = 86_400_000
        var exchanged = Self.buy("one-time-ars", date: 1_748_736_000_000)
        exchanged.merge(
            ["pricingCurrency": "ARS", "reportingCurrency": "USD", "exchangeRate": 0.00098], uniquingKeysWith: { $1 })
        let refund = Self.refund("refund-ars", of: exchanged, date: 1_748_736_000_000 + day)
        #expect(findings(try Self.report([exchanged, refund], number: 0)) == [])
        for (key, value) in [("exchangeRate", 0.00099 as Any), ("taxCountry", "FRA"), ("pricingCurrency", "CLP")] {
            var changed = refund
            changed[key] = value
            let found = findings(try Self.report([exchanged, changed], number: 0))
            #expect(found.contains { $0.contains("with \(key) ") && $0.hasSuffix("[EP727]") }, "\(key): \(found)")
        }
    }

    /// `subscriptionEvent` belongs to a subscription: on a one-time buy or a refund it is EP717.
    @Test func aSubscriptionEventOutsideASubscriptionIsReported() throws {
        let oneTime = Self.buy("b", date: 1_735_689_600_000)
        let refund = Self.refund("r", of: oneTime, date: 1_735_689_600_001)
        for index in [0, 1] {
            var items = [oneTime, refund]
            items[index]["subscriptionEvent"] = "RENEWAL"
            let found = findings(try Self.report(items, number: 0))
            #expect(
                found.contains { $0.contains("'subscriptionEvent' is not a field of a") && $0.hasSuffix("[EP717]") },
                "\(index): \(found)")
        }
    }

    @Test func aRefundWithAQuantityIsReported() throws {
        let refund = Self.refund("r", of: Self.buy("b", date: 1_735_689_600_000), date: 1_735_689_600_001)
        var broken = refund
        broken["quantity"] = 1
        #expect(findings(try Self.report([broken], number: 0)).contains { $0.hasSuffix("[EP717]") })
        #expect(findings(try Self.report([refund], number: 0)) == [])
    }
}
