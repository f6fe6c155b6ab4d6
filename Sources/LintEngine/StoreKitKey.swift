/// The five Info.plist keys eplint checks, and the shape of each one's value.
public enum StoreKitKey: String, CaseIterable, Sendable {
    case externalPurchase = "SKExternalPurchase"
    case link = "SKExternalPurchaseLink"
    case multiLink = "SKExternalPurchaseMultiLink"
    case customLinkRegions = "SKExternalPurchaseCustomLinkRegions"
    case linkStreamingRegions = "SKExternalPurchaseLinkStreamingRegions"

    /// Array of region strings, or dictionary keyed by region.
    public var isRegionArray: Bool { self != .link && self != .multiLink }

    /// How the value is described in a wrong-type message.
    public var expectedShape: String {
        switch self {
        case .link: "a dictionary of region → URL string"
        case .multiLink: "a dictionary of region → array of URL strings"
        default: "an array of region strings"
        }
    }

    /// The key this one is a near miss of: equal ignoring case, or within Levenshtein
    /// distance 2 (case-sensitive; a transposition counts 2). The closest wins.
    public static func nearMiss(of candidate: String) -> StoreKitKey? {
        // Most keys (CFBundleName …) are far shorter or longer than every StoreKit key: the
        // UTF-8 length bounds the scalar count, so they are dismissed without any work.
        let length = candidate.utf8.count
        guard length >= 16, length <= 4 * 40, StoreKitKey(rawValue: candidate) == nil else { return nil }
        if let match = allCases.first(where: { $0.rawValue.lowercased() == candidate.lowercased() }) { return match }
        let scored = allCases.compactMap { key in levenshtein(candidate, key.rawValue, limit: 2).map { (key, $0) } }
        return scored.min { $0.1 < $1.1 }?.0
    }
}

/// The edit distance of `a` and `b` by Unicode scalars, or nil when it is above `limit`.
func levenshtein(_ a: String, _ b: String, limit: Int) -> Int? {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    guard abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        var rowMinimum = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            rowMinimum = min(rowMinimum, current[j])
        }
        // Distances never shrink from one row to the next: stop once all are too large.
        if rowMinimum > limit { return nil }
        swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
}
