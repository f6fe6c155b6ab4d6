/// The five Info.plist keys eplint checks, and the shape of each one's value.
package enum StoreKitKey: String, CaseIterable, Sendable {
    case externalPurchase = "SKExternalPurchase"
    case link = "SKExternalPurchaseLink"
    case multiLink = "SKExternalPurchaseMultiLink"
    case customLinkRegions = "SKExternalPurchaseCustomLinkRegions"
    case linkStreamingRegions = "SKExternalPurchaseLinkStreamingRegions"

    /// The key named `text`, if it is one of the five. Other keys are turned away by their
    /// length and first letter: a top-level dict can have a hundred thousand keys, and the
    /// generated `init(rawValue:)` compares strings one case after another.
    package static func named(_ text: String) -> StoreKitKey? {
        let length = text.utf8.count
        guard length < 64, lengthMask & (1 << length) != 0, text.utf8.first == UInt8(ascii: "S") else { return nil }
        return StoreKitKey(rawValue: text)
    }

    /// Bit n is set when a key is n bytes long (all are shorter than 64).
    private static let lengthMask: UInt64 = allCases.reduce(0) { $0 | 1 << $1.rawValue.utf8.count }

    /// Array of region strings, or dictionary keyed by region.
    package var isRegionArray: Bool { self != .link && self != .multiLink }

    /// How the value is described in a wrong-type message.
    package var expectedShape: String {
        switch self {
        case .link: "a dictionary of region → URL string"
        case .multiLink: "a dictionary of region → array of URL strings"
        default: "an array of region strings"
        }
    }

    /// The key this one is a near miss of: equal ignoring case, or within Levenshtein
    /// distance 2 (case-sensitive; a transposition counts 2). The closest wins.
    package static func nearMiss(of candidate: String) -> StoreKitKey? {
        // Most keys (CFBundleName …) are far shorter or longer than every StoreKit key: the
        // UTF-8 length bounds the scalar count, so they are dismissed without any work.
        let length = candidate.utf8.count
        guard length >= 16, length <= 4 * 40, named(candidate) == nil, mayBeNearMiss(candidate) else { return nil }
        if let match = allCases.first(where: { $0.rawValue.lowercased() == candidate.lowercased() }) { return match }
        let scored = allCases.compactMap { key in levenshtein(candidate, key.rawValue, limit: 2).map { (key, $0) } }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// `nearMiss(of:)` when no other key is as close: the one a rename may safely choose.
    package static func uniqueNearMiss(of candidate: String) -> StoreKitKey? {
        guard let closest = nearMiss(of: candidate) else { return nil }
        if closest.rawValue.lowercased() == candidate.lowercased() { return closest }
        let distances = allCases.compactMap { levenshtein(candidate, $0.rawValue, limit: 2) }
        return distances.filter { $0 == distances.min() }.count == 1 ? closest : nil
    }
}

extension StoreKitKey {
    /// Each key's three disjoint thirds, lowercased, with where they start. Two edits leave
    /// at least one third intact, shifted by at most two places, so an ASCII candidate that
    /// holds no third near its place (ignoring ASCII case) is no near miss: the usual
    /// Info.plist keys are dismissed with a few byte comparisons instead of edit distances.
    private static let thirds: [(keyLength: Int, offset: Int, bytes: [UInt8])] = allCases.flatMap { key in
        let bytes = Array(key.rawValue.lowercased().utf8)
        let size = bytes.count / 3
        return [(0, size), (size, 2 * size), (2 * size, bytes.count)].map { range in
            (keyLength: bytes.count, offset: range.0, bytes: Array(bytes[range.0..<range.1]))
        }
    }

    static func mayBeNearMiss(_ candidate: String) -> Bool {
        var candidate = candidate
        return candidate.withUTF8 { text in
            // Columns are scalars: a candidate that is not ASCII goes the exact way.
            guard text.allSatisfy({ $0 < 0x80 }) else { return true }
            for third in thirds where abs(third.keyLength - text.count) <= 2 {
                for start in max(0, third.offset - 2)...(third.offset + 2) where start + third.bytes.count <= text.count
                {
                    var matched = 0
                    while matched < third.bytes.count && foldedASCII(text[start + matched]) == third.bytes[matched] {
                        matched += 1
                    }
                    if matched == third.bytes.count { return true }
                }
            }
            return false
        }
    }

    private static func foldedASCII(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}

/// The edit distance of `a` and `b` by Unicode scalars, or nil when it is above `limit`.
func levenshtein(_ a: String, _ b: String, limit: Int) -> Int? {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
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
