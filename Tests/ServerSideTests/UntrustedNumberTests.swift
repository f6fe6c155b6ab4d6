import EplintBase
import Foundation
import ServerSide
import Testing

/// Numbers from a token or a payload are untrusted: any Int64 is a finding or nothing, never a
/// trap (issue 46: `signedDate` near Int64.min killed `eplint notification` before verification,
/// and a token's `tokenExpirationDate` near it killed `eplint report --token`).
@Suite struct UntrustedNumberTests {
    static let extremes: [Int64] = [.min, .min + 1, .min + 998, -1, 0, .max - 1, .max]

    func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// A JWS with an ES256 header and three (unreadable) certificates: verification is reached.
    func jws(_ payload: String) -> String {
        base64URL(#"{"alg":"ES256","x5c":["MA==","MA==","MA=="]}"#) + "." + base64URL(payload) + ".c2ln"
    }

    func rules(_ text: String, options: ServerOptions = ServerOptions(), kind: ServerDocumentKind = .notification)
        -> [String]
    {
        ServerLinter(options: options).lintDocument(Array(text.utf8), file: "n.json", kind: kind).map { "\($0.rule)" }
            .sorted()
    }

    @Test(arguments: extremes) func signedDateOfAnyValueIsJudged(_ date: Int64) {
        let payload =
            #"{"notificationType":"TEST","notificationUUID":"002e14d5-51f5-4503-b5a8-c3a1af68eb20","version":"2.0","signedDate":\#(date),"data":{"environment":"Sandbox","bundleId":"com.example"}}"#
        let found = rules(#"{"signedPayload":"\#(jws(payload))"}"#)
        // The certificates are not DER (EP735 where libcrypto reads them, EP742 where it cannot run).
        #expect(found.contains("EP735") || found.contains("EP742"), "\(found)")
        // And inside a decoded notification's data.signedTransactionInfo.
        let transaction = jws(#"{"transactionId":"1","environment":"Sandbox","signedDate":\#(date)}"#)
        let nested =
            #"{"notificationType":"TEST","notificationUUID":"002e14d5-51f5-4503-b5a8-c3a1af68eb20","version":"2.0","signedDate":1706169600000,"data":{"environment":"Sandbox","bundleId":"com.example","signedTransactionInfo":"\#(transaction)"}}"#
        #expect(!rules(nested).isEmpty)
    }

    @Test(arguments: extremes) func tokenDatesOfAnyValueAreJudged(_ date: Int64) throws {
        let token =
            #"{"appAppleId":1234,"bundleId":"com.example","tokenCreationDate":\#(date),"externalPurchaseId":"00000000-0000-0000-0000-000000000000","tokenType":"SERVICES","tokenExpirationDate":\#(date)}"#
        let decoded = try ServerLinter.decodeToken(Substring(base64URL(token))).get()
        var options = ServerOptions(now: 1_767_225_600_000)
        options.tokens = [decoded]
        // A buy after the token expired, and one before it was created: EP723 prints both dates.
        let report = #"""
            {"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
             "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367,
             "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "p", "amountTaxInclusive": 10000,
             "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR",
             "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 1}]}
            """#
        let found = rules(report, options: options, kind: .report)
        if date < 1_706_047_472_367 { #expect(found.contains("EP723"), "\(found)") }
        let text = Substring(base64URL(token))
        _ = ServerLinter(options: options).lintToken(
            text, file: "t", range: ServerLinter.range(of: text, line: 1, column: 1, offset: 0))
    }

    /// The date conversions themselves, at the ends of Int64 (floor division, no product past the bounds).
    @Test func datesAtTheEndsOfInt64() {
        #expect(AbsoluteDate.unixSeconds(milliseconds: .min) == Int64.min / 1000 - 1)
        #expect(AbsoluteDate.unixSeconds(milliseconds: -1) == -1)
        #expect(AbsoluteDate.unixSeconds(milliseconds: -1000) == -1)
        #expect(AbsoluteDate.unixSeconds(milliseconds: 1999) == 1)
        #expect(AbsoluteDate.text(unixSeconds: -1) == "1969-12-31T23:59:59Z")
        #expect(AbsoluteDate.text(unixSeconds: 0) == "1970-01-01T00:00:00Z")
        #expect(AbsoluteDate.text(unixSeconds: .min).hasSuffix("Z"))
        #expect(AbsoluteDate.text(unixSeconds: .max).hasSuffix("Z"))
    }
}
