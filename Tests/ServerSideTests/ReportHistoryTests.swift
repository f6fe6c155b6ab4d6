import Foundation
import LintEngine
import Testing

@testable import ServerSide

/// The history of reports Apple accepted (ReportHistory): read as a stream into an index, every
/// problem of it a finding, and a generated history of every line-item object and event (with
/// corrections, refunds, restatements and retractions, built from Apple's example reports) lets a
/// valid next report through while an invalid one is caught.
@Suite struct ReportHistoryTests {
    static let now: Int64 = 1_767_225_600_000  // 2026-01-01
    static let day: Int64 = 86_400_000
    static let start: Int64 = 1_748_736_000_000  // 2025-06-01, within the year before now

    /// A line item shaped as Apple's examples (reportwithtransactions).
    static func oneTimeBuy(_ id: String, at date: Int64, amount: Int, _ extra: [String: Any] = [:]) -> [String: Any] {
        [
            "lineItemId": id, "creationDate": date, "eventType": "BUY", "productType": "ONE_TIME_BUY",
            "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": amount * 5 / 4,
            "amountTaxExclusive": amount, "taxAmount": amount / 4, "netAmountTaxExclusive": amount,
            "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6,
        ].merging(extra) { $1 }
    }

    static func subscription(_ id: String, _ event: String, at date: Int64, days: Int, reference: String?)
        -> [String: Any]
    {
        var item: [String: Any] = [
            "lineItemId": id, "creationDate": date, "eventType": "BUY", "productType": "SUBSCRIPTION",
            "productIdentifier": "example.subscription.monthly", "amountTaxInclusive": 10000,
            "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000,
            "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "subscriptionEvent": event,
            "subscriptionStartDate": date, "subscriptionEndDate": date + 30 * day,
            "subscriptionDaysOfPaidService": days, "quantity": 1,
        ]
        item["referenceLineItemId"] = reference
        return item
    }

    static func refund(
        _ id: String, of buy: String, at date: Int64, amount: Int, net: Int, _ extra: [String: Any] = [:]
    )
        -> [String: Any]
    {
        [
            "lineItemId": id, "creationDate": date, "eventType": "REFUND", "amountTaxInclusive": amount * 5 / 4,
            "amountTaxExclusive": amount, "taxAmount": amount / 4, "netAmountTaxExclusive": net,
            "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "referenceLineItemId": buy,
        ].merging(extra) { $1 }
    }

    static func report(_ token: String, _ items: [[String: Any]], status: String = "LINE_ITEM", request: Int)
        -> String
    {
        var body: [String: Any] = [
            "requestIdentifier": String(format: "%08x-0000-4000-8000-000000000000", request),
            "externalPurchaseId": token, "status": status,
        ]
        if !items.isEmpty { body["lineItems"] = items }
        let data = try! JSONSerialization.data(withJSONObject: body, options: .sortedKeys)
        return String(decoding: data, as: UTF8.self)
    }

    static let oneTime = "2924c319-5205-4188-831a-1ca2c00326b4"
    static let subscribed = "59908800-c9d3-40c3-b638-8a9c5a535654"
    static let (a, b, c) = (
        "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
        "cccccccc-cccc-cccc-cccc-cccccccccccc"
    )
    static let (d, e, f) = (
        "dddddddd-dddd-dddd-dddd-dddddddddddd", "eeeeeeee-eeee-eeee-eeee-eeeeeeeeeeee",
        "ffffffff-ffff-ffff-ffff-ffffffffffff"
    )
    static let (g, h) = ("11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222")

    /// Every object type and event: a one-time buy, refunded, restated, refunded again, that refund
    /// retracted and restored; a subscription started, renewed, changed, paid, a renewal refunded and
    /// restated, the change retracted; tokens without line items of each status. JSON Lines.
    static func secondRefundRestated(net: Int, retracted: Bool, request: Int) -> String {
        report(
            oneTime,
            [
                refund(
                    e, of: a, at: start + 2 * day, amount: 1000, net: net,
                    ["restatement": true, "erroneouslySubmitted": retracted])
            ], request: request)
    }

    static let history: String = {
        let t = start
        let lines = [
            report(oneTime, [oneTimeBuy(a, at: t, amount: 8000)], request: 1),
            report(oneTime, [refund(b, of: a, at: t + day, amount: 2000, net: 6000)], request: 2),
            // Correction: the buy restated at 7000; its net counts the refund.
            report(
                oneTime, [oneTimeBuy(a, at: t, amount: 7000, ["netAmountTaxExclusive": 5000, "restatement": true])],
                request: 3),
            report(oneTime, [refund(e, of: a, at: t + 2 * day, amount: 1000, net: 4000)], request: 4),
            // Retraction of the second refund, then its undoing.
            secondRefundRestated(net: 5000, retracted: true, request: 5),
            secondRefundRestated(net: 4000, retracted: false, request: 6),
            report(subscribed, [subscription(c, "SUBSCRIPTION_START", at: t, days: 0, reference: nil)], request: 7),
            report(subscribed, [subscription(d, "RENEWAL", at: t + 30 * day, days: 30, reference: c)], request: 8),
            report(
                subscribed,
                [
                    subscription(f, "SUBSCRIPTION_CHANGE", at: t + 60 * day, days: 60, reference: c),
                    subscription(g, "SUBSCRIPTION_PAYMENT", at: t + 61 * day, days: 61, reference: c),
                ], request: 9),
            report(subscribed, [refund(h, of: d, at: t + 62 * day, amount: 8000, net: 0)], request: 10),
            report(
                subscribed,
                [
                    subscription(d, "RENEWAL", at: t + 30 * day, days: 30, reference: c).merging(["restatement": true])
                    { $1 },
                    subscription(f, "SUBSCRIPTION_CHANGE", at: t + 60 * day, days: 60, reference: c).merging([
                        "restatement": true, "erroneouslySubmitted": true,
                    ]) { $1 },
                ], request: 11),
            report("87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad", [], status: "NO_LINE_ITEM", request: 12),
            report("94d0d7fb-c393-4813-92eb-9614e7540f6d", [], status: "UNRECOGNIZED_TOKEN", request: 13),
            report("e1db8b5e-cbd2-4fe6-ae2b-d92ba5b12c41", [], status: "DUPLICATE_TOKEN", request: 14),
        ]
        return lines.joined(separator: "\n") + "\n"
    }()

    func findings(history: String, then report: String) -> [String] {
        let accepted = ReportHistory()
        var found = accepted.read(Array(history.utf8), file: "history.jsonl")
        found += ServerLinter(options: ServerOptions(now: Self.now), history: accepted).lintDocument(
            Array(report.utf8), file: "report.json", kind: .report)
        return found.map { "\($0.file):\($0.range.start.line): \($0.message) [\($0.rule)]" }
    }

    /// The next reports: a third refund of the restated buy (7000 − 2000 − 1000 − 500), a renewal,
    /// and a token once reported without line items that now has some.
    static let validNext =
        "["
        + [
            report(
                oneTime,
                [refund("33333333-3333-3333-3333-333333333333", of: a, at: start + 90 * day, amount: 500, net: 3500)],
                request: 15),
            report(
                subscribed,
                [
                    subscription(
                        "44444444-4444-4444-4444-444444444444", "RENEWAL", at: start + 90 * day, days: 90, reference: c)
                ], request: 16),
            report(
                "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
                [oneTimeBuy("55555555-5555-5555-5555-555555555555", at: start + 91 * day, amount: 4000)], request: 17),
            // A correction of the first refund: it replaces its earlier version in the sum (7000 − 3500).
            report(
                oneTime, [refund(b, of: a, at: start + day, amount: 2000, net: 3500, ["restatement": true])],
                request: 18),
        ].joined(separator: ",") + "]"

    /// The history itself is what Apple would accept: checked report after report, nothing is found.
    @Test func generatedHistoryIsValidReportAfterReport() {
        let bodies = "[" + Self.history.split(separator: "\n").joined(separator: ",") + "]"
        let found = ServerLinter(options: ServerOptions(now: Self.now), history: ReportHistory()).lintDocument(
            Array(bodies.utf8), file: "history.json", kind: .report)
        #expect(found.map { "\($0.keyPath): \($0.message) [\($0.rule)]" } == [])
    }

    @Test func generatedHistoryThenValidReportGivesNoFinding() {
        #expect(findings(history: Self.history, then: Self.validNext) == [])
    }

    @Test func generatedHistoryThenInvalidReportsAreCaught() {
        let t = Self.start + 90 * Self.day
        let cases: [(String, String)] = [
            // The net forgets the refunds sent earlier.
            (
                Self.report(
                    Self.oneTime,
                    [Self.refund("33333333-3333-3333-3333-333333333333", of: Self.a, at: t, amount: 500, net: 7500)],
                    request: 15), "EP739"
            ),
            // The change was retracted: a line item referencing it must be retracted too.
            (
                Self.report(
                    Self.subscribed,
                    [Self.refund("33333333-3333-3333-3333-333333333333", of: Self.f, at: t, amount: 500, net: 0)],
                    request: 15), "EP728"
            ),
            (Self.report(Self.oneTime, [], status: "NO_LINE_ITEM", request: 15), "EP740"),
            // A correction of the buy that forgets its refunds (7000 − 3000).
            (
                Self.report(
                    Self.oneTime,
                    [Self.oneTimeBuy(Self.a, at: Self.start, amount: 7000, ["restatement": true])], request: 15),
                "EP739"
            ),
            (Self.report(Self.subscribed, [], status: "UNRECOGNIZED_TOKEN", request: 15), "EP740"),
            (
                Self.report(
                    Self.oneTime,
                    [Self.oneTimeBuy(Self.a, at: Self.start, amount: 8000, ["netAmountTaxExclusive": 5000])],
                    request: 15), "EP725"
            ),
            (
                Self.report(
                    Self.oneTime, [Self.oneTimeBuy("66666666-6666-6666-6666-666666666666", at: t, amount: 8000)],
                    request: 1), "EP709"
            ),
            (
                Self.report(
                    Self.oneTime,
                    [
                        Self.oneTimeBuy(
                            Self.a, at: Self.start + 1, amount: 7000,
                            ["netAmountTaxExclusive": 4000, "restatement": true])
                    ], request: 15), "EP741"
            ),
            (
                Self.report(
                    Self.subscribed,
                    [Self.refund("33333333-3333-3333-3333-333333333333", of: Self.h, at: t, amount: 500, net: 0)],
                    request: 15), "EP726"
            ),
            (
                Self.report(
                    Self.subscribed,
                    [
                        Self.refund(
                            "33333333-3333-3333-3333-333333333333", of: "99999999-9999-9999-9999-999999999999", at: t,
                            amount: 500, net: 0)
                    ], request: 15), "EP738"
            ),
        ]
        for (report, rule) in cases {
            let found = findings(history: Self.history, then: report)
            #expect(found.count == 1 && found[0].hasSuffix("[\(rule)]"), "\(rule): \(found)")
        }
    }

    /// A restatement is measured from the original's creationDate, not from the date it claims.
    @Test func restatementWindowCountsFromTheOriginal() {
        let old = Self.report(Self.oneTime, [Self.oneTimeBuy(Self.a, at: 1_706_047_472_367, amount: 8000)], request: 1)
        let restated = Self.report(
            Self.oneTime, [Self.oneTimeBuy(Self.a, at: Self.start, amount: 8000, ["restatement": true])], request: 2)
        let found = findings(history: old + "\n", then: restated)
        #expect(found.map { String($0.suffix(7)) } == ["[EP729]", "[EP741]"], "\(found)")
    }

    /// A restatement keeps the first version's creationDate, even where an earlier restatement
    /// moved it (Apple checks that since API 1.1, 2025/04/14; a history may be older).
    @Test func originalDateIsTheFirstVersions() {
        let history = [
            Self.report(Self.oneTime, [Self.oneTimeBuy(Self.a, at: Self.start, amount: 8000)], request: 1),
            Self.report(
                Self.oneTime, [Self.oneTimeBuy(Self.a, at: Self.start + 1, amount: 8000, ["restatement": true])],
                request: 2),
        ].joined(separator: "\n")
        let again = Self.report(
            Self.oneTime, [Self.oneTimeBuy(Self.a, at: Self.start + 1, amount: 8000, ["restatement": true])], request: 3
        )
        #expect(findings(history: history, then: again).map { String($0.suffix(7)) } == ["[EP741]"])
    }

    /// A refund retracted earlier no longer references its buy: the buy may be retracted alone.
    @Test func retractedReferrersDoNotHoldBackARetraction() {
        let retracted: [String: Any] = ["restatement": true, "erroneouslySubmitted": true]
        let history = [
            Self.report(Self.oneTime, [Self.oneTimeBuy(Self.a, at: Self.start, amount: 8000)], request: 1),
            Self.report(
                Self.oneTime, [Self.refund(Self.b, of: Self.a, at: Self.start + 1, amount: 2000, net: 6000)], request: 2
            ),
            Self.report(
                Self.oneTime, [Self.refund(Self.b, of: Self.a, at: Self.start + 1, amount: 2000, net: 8000, retracted)],
                request: 3),
        ].joined(separator: "\n")
        let retraction = Self.report(
            Self.oneTime, [Self.oneTimeBuy(Self.a, at: Self.start, amount: 8000, retracted)], request: 4)
        #expect(findings(history: history, then: retraction) == [])
        let live = history.split(separator: "\n").prefix(2).joined(separator: "\n")
        #expect(findings(history: live, then: retraction).map { String($0.suffix(7)) } == ["[EP728]"])
    }

    @Test func indexKeepsOneEntryPerLineItemAndTheLatestVersion() {
        let accepted = ReportHistory()
        #expect(accepted.read(Array(Self.history.utf8), file: "history.jsonl").isEmpty)
        #expect(accepted.reportCount == 14)
        #expect(accepted.lineItemCount == 13)
        #expect(accepted.indexedLineItems == 8)
    }

    @Test func whatDoesNotParseIsAFindingAtItsPlace() {
        let accepted = ReportHistory()
        let text = "[1, {\"status\": \"NO_LINE_ITEM\"}]\n\"text\"\n{\"status\": tru}\n{\"status\": \"LINE_ITEM\"}\n"
        let found = accepted.read(Array(text.utf8), file: "h.jsonl").map {
            "\($0.range.start.line):\($0.range.start.column): \($0.message) [\($0.rule)]"
        }
        #expect(
            found == [
                "1:2: each report of the history must be an object, not an integer [EP737]",
                "2:1: a history file holds report bodies, not a string [EP737]",
                "3:15: history is not valid JSON: unexpected '}': expected 'true'; the rest of this file is not read [EP737]",
            ], "\(found)")
        #expect(accepted.reportCount == 1)
    }

    @Test func limitsAreFindings() {
        var limits = ReportHistory.Limits()
        limits.reports = 3
        let accepted = ReportHistory(limits: limits)
        let found = accepted.read(Array(Self.history.utf8), file: "history.jsonl")
        #expect(found.map(\.rule) == [RuleID.ep737ReportHistoryUnreadable])
        #expect(found.first?.range.start.line == 4)
        #expect(found.first?.message.contains("more than 3 reports") == true)
        #expect(accepted.reportCount == 3 && accepted.isFull)
        // Once full, later files add nothing (and say nothing more).
        #expect(accepted.read(Array(Self.history.utf8), file: "more.jsonl").isEmpty)
    }

    @Test func tokenFilesHoldLinesOrJSON() throws {
        let token = Data(#"{"externalPurchaseId":"x","tokenCreationDate":1706000000000}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "")
        #expect(try TokenFile.tokens(Array("\n \(token)\r\n\(token)\n".utf8)).get().count == 2)
        let json = "[\"\(token)\", {\"externalPurchaseId\": \"y\"}]"
        #expect(try TokenFile.tokens(Array(json.utf8)).get().map(\.externalPurchaseId) == ["x", "y"])
        guard case .failure(let failure) = TokenFile.tokens(Array("\(token)\n!!\n".utf8)) else {
            Issue.record("a bad line was taken")
            return
        }
        #expect(failure.line == 2)
        guard case .failure(let number) = TokenFile.tokens(Array("[\n 1]".utf8)) else {
            Issue.record("a number was taken for a token")
            return
        }
        #expect(number.line == 2)
    }
}
