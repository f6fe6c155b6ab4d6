import EplintBase
import LintEngine

/// A line item a report names: in the report itself, or sent in an earlier one (the history, or a
/// report checked before in this run). The rules judge both the same way.
struct ReferencedLineItem {
    var summary: LineItemSummary
    var described: String
    var file: String
    /// The line item's place.
    var range: SourceRange
    /// The line item when it is in the report at hand (its members have places of their own).
    var inReport: LineItem?

    /// Where a related note points for `key`: the member when the line item is at hand, else the line item.
    func range(of key: String) -> SourceRange { inReport?.member(key)?.value.range ?? range }
}

extension ServerContext {
    var history: ReportHistory { run.history }
    var historyGiven: Bool { run.historyGiven }

    /// The line item `id` in an earlier report (the history, or a report checked before in this run).
    func earlier(_ id: String) -> HistoryLineItem? { run.history.lineItems[HistoryKey(id)] }

    /// The line item `id` names: this report's, else the earlier one.
    func referenced(_ id: String) -> ReferencedLineItem? {
        if let item = lineItemsByID[id] {
            return ReferencedLineItem(
                summary: LineItemSummary(item), described: item.described, file: file, range: item.node.range,
                inReport: item)
        }
        guard let earlier = earlier(id) else { return nil }
        let place = history.location(earlier.place)
        return ReferencedLineItem(
            summary: earlier.latest, described: "line item \(id.quotedForMessage) of an earlier report",
            file: place.file, range: place.range)
    }

    /// A note at a place of the history.
    func related(_ place: HistoryPlace, _ message: String) -> RelatedLocation {
        let location = history.location(place)
        return RelatedLocation(file: location.file, range: location.range, message: message)
    }
}
