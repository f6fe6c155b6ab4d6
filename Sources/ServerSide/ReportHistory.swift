import EplintBase
import LintEngine

/// The reports the team already sent and Apple accepted (`--history`, `report-history:`), read
/// one JSON value at a time into what later reports can name: `requestIdentifier`s, line items
/// by `lineItemId` (their latest version), and the tokens reported with `LINE_ITEM`. What is kept
/// grows with the line items, not with the bytes: no report's tree outlives its indexing.
package final class ReportHistory {
    /// History is untrusted input: past these counts it is a finding (EP737), and the rest is not read.
    package struct Limits: Sendable {
        package var fileBytes = 1 << 30
        var reports = 20_000_000
        var lineItems = 20_000_000

        package init() {}
    }

    package let limits: Limits
    /// The files read, in order: places name them by index.
    private(set) var files: [String] = []
    private var fileIndex: [String: Int32] = [:]
    var requestIdentifiers: [HistoryKey: HistoryPlace] = [:]
    var lineItems: [HistoryKey: HistoryLineItem] = [:]
    /// `externalPurchaseId` → where it was first reported with status `LINE_ITEM`.
    var reportedWithLineItems: [String: HistoryPlace] = [:]
    private(set) var reportCount = 0
    private(set) var lineItemCount = 0
    /// How many line items the index holds: one per `lineItemId`, whatever its versions.
    var indexedLineItems: Int { lineItems.count }
    /// Whether a count limit was passed: nothing more is read.
    private(set) var isFull = false

    package init(limits: Limits = Limits()) { self.limits = limits }

    /// Reads one history file (one body, an array of bodies, or JSON Lines) into the index; what
    /// could not be read is a finding at its place (EP737), never skipped in silence.
    package func read(_ bytes: [UInt8], file: String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func problem(_ message: String, at range: SourceRange) {
            problems.append(
                Diagnostic(file: file, rule: RuleID.ep737ReportHistoryUnreadable, message: message, range: range))
        }
        guard !isFull else { return [] }
        let number = index(of: file)
        let error = JSONReader.readSequence(bytes) { value in
            let bodies: [JSONNode]
            switch value.value {
            case .object: bodies = [value]
            case .array(let items): bodies = items
            default:
                problem("a history file holds report bodies, not \(value.typeName)", at: value.range)
                return true
            }
            for body in bodies {
                guard body.isObject else {
                    problem("each report of the history must be an object, not \(body.typeName)", at: body.range)
                    continue
                }
                guard add(body, file: number) else {
                    problem(
                        "the history holds more than \(limits.reports) reports or \(limits.lineItems) line items; the rest is not read",
                        at: body.range)
                    return false
                }
            }
            return true
        }
        if let error {
            problem(
                "history is not valid JSON: \(error.message); the rest of this file is not read",
                at: SourceRange(at: error.position))
        }
        return problems
    }

    /// A finding for a history file that could not be read at all (missing, too large).
    package static func unreadable(_ file: String, _ reason: String) -> Diagnostic {
        Diagnostic(
            file: file, rule: RuleID.ep737ReportHistoryUnreadable, message: "cannot read the history file: \(reason)",
            range: SourceRange(at: .start))
    }

    private func index(of file: String) -> Int32 {
        if let known = fileIndex[file] { return known }
        let number = Int32(files.count)
        files.append(file)
        fileIndex[file] = number
        return number
    }

    /// Indexes one report body as accepted: its line items overwrite earlier versions of themselves
    /// ("Apple uses only the most recent version of the line item"). False past the limits.
    @discardableResult
    func add(_ body: JSONNode, file: Int32) -> Bool {
        let items = ServerContext.lineItems(of: body)
        guard reportCount < limits.reports, lineItemCount + items.count <= limits.lineItems else {
            isFull = true
            return false
        }
        reportCount += 1
        lineItemCount += items.count
        let place = HistoryPlace(file: file, position: body.range.start)
        if let request = body.member("requestIdentifier")?.value.string {
            let key = HistoryKey(request.lowercased())
            if requestIdentifiers[key] == nil { requestIdentifiers[key] = place }
        }
        if body.member("status")?.value.string == "LINE_ITEM",
            let token = body.member("externalPurchaseId")?.value.string, reportedWithLineItems[token] == nil
        {
            reportedWithLineItems[token] = place
        }
        for item in items {
            guard let id = item.lineItemId else { continue }
            accept(
                LineItemSummary(item), id: HistoryKey(id), at: HistoryPlace(file: file, position: item.node.range.start)
            )
        }
        return true
    }

    /// Indexes `body`, a report of this run checked a moment ago: with a history, the reports of a
    /// run are the next ones sent, in the order given, so a later one may name what an earlier one sent.
    func addChecked(_ body: JSONNode, file: String) { add(body, file: index(of: file)) }

    private func accept(_ summary: LineItemSummary, id: HistoryKey, at place: HistoryPlace) {
        let previous = lineItems[id]
        if let previous, previous.counted { count(previous.latest, of: id, by: -1) }
        lineItems[id] = HistoryLineItem(
            latest: summary, originalCreationDate: previous?.originalCreationDate ?? summary.creationDate,
            place: place, refunded: previous?.refunded ?? 0, liveReferrers: previous?.liveReferrers ?? 0,
            counted: false)
        lineItems[id]!.counted = count(summary, of: id, by: 1)
    }

    /// Adds (or takes back) what a version that is not retracted counts toward the line item it
    /// references: one live referrer, and for a refund its amount. False when it counts nothing.
    @discardableResult
    private func count(_ summary: LineItemSummary, of id: HistoryKey, by sign: Int64) -> Bool {
        guard !summary.retracted, let reference = summary.reference, reference != id, lineItems[reference] != nil
        else { return false }
        lineItems[reference]!.liveReferrers += Int(sign)
        if summary.isRefund, let amount = summary.amountTaxExclusive {
            lineItems[reference]!.refunded &+= sign &* amount
        }
        return true
    }

    /// The file and place of something indexed.
    func location(_ place: HistoryPlace) -> (file: String, range: SourceRange) {
        (files[Int(place.file)], SourceRange(at: place.position))
    }
}

/// Where a report or line item of the history begins (its start only: kept for each one).
struct HistoryPlace {
    var file: Int32
    var position: SourcePosition
}

/// A `lineItemId` or `requestIdentifier` as the index keeps it: a lower-case UUID (what Apple
/// recommends) in 16 bytes, with no allocation per key; anything else as written.
enum HistoryKey: Hashable {
    case uuid(UInt64, UInt64)
    case text(String)

    init(_ text: String) {
        var halves: (UInt64, UInt64) = (0, 0)
        var digits = 0
        let bytes = text.utf8
        guard bytes.count == 36 else {
            self = .text(text)
            return
        }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else {
                    self = .text(text)
                    return
                }
                continue
            }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default:
                self = .text(text)
                return
            }
            if digits < 16 {
                halves.0 = halves.0 << 4 | UInt64(digit)
            } else {
                halves.1 = halves.1 << 4 | UInt64(digit)
            }
            digits += 1
        }
        self = .uuid(halves.0, halves.1)
    }
}

/// One line item of the history: its latest version, with what later versions and reports
/// need of the earlier ones.
struct HistoryLineItem {
    var latest: LineItemSummary
    /// The first version's `creationDate`: a restatement keeps it.
    var originalCreationDate: Int64?
    var place: HistoryPlace
    /// The sum of `amountTaxExclusive` of the refunds of it that are not retracted.
    var refunded: Int64
    /// How many line items that are not retracted reference it.
    var liveReferrers: Int
    /// Whether this version counts toward the line item it references (`refunded`, `liveReferrers`).
    var counted: Bool
}

/// What the checks need of a line item, whether in the report at hand or in the history.
struct LineItemSummary {
    var type: LineItemType?
    var eventType: String?
    var subscriptionEvent: String?
    var creationDate: Int64?
    var reportingCurrency: String?
    var pricingCurrency: String?
    var exchangeRate: String?
    var taxCountry: String?
    var amountTaxExclusive: Int64?
    var retracted: Bool
    var reference: HistoryKey?

    init(_ item: LineItem) {
        type = item.type
        // The documented values are shared, not copied: a history holds millions of these.
        eventType = item.string("eventType").map { value in LineItemFacts.eventTypes.first { $0 == value } ?? value }
        subscriptionEvent = item.string("subscriptionEvent").map { value in
            LineItemFacts.subscriptionEvents.first { $0 == value } ?? value
        }
        creationDate = EP723LineItemDateOutOfRange.milliseconds(item, "creationDate")
        reportingCurrency = item.string("reportingCurrency")
        pricingCurrency = item.string("pricingCurrency")
        exchangeRate = item.field("exchangeRate")?.decimalText
        taxCountry = item.string("taxCountry")
        amountTaxExclusive = item.integer("amountTaxExclusive")
        retracted = item.flag("erroneouslySubmitted")
        reference = item.referenceLineItemId.map(HistoryKey.init)
    }

    var isBuy: Bool { eventType == "BUY" }
    var isRefund: Bool { eventType == "REFUND" }

    /// The fields a refund shares with its buy (EP727), as written.
    func text(_ key: String) -> String? {
        switch key {
        case "reportingCurrency": reportingCurrency
        case "pricingCurrency": pricingCurrency
        case "exchangeRate": exchangeRate
        case "taxCountry": taxCountry
        default: nil
        }
    }
}
