import LintEngine

/// Hover on a StoreKit key: what eplint checks it against (the entitlement it needs, the
/// regions it allows, the link maximum, the first systems that read it), from the same data
/// the rules use.
enum KeyHover {
    static func markdown(_ key: StoreKitKey, regions: RegionData = .builtIn) -> String {
        var lines = ["**\(key.rawValue)**: \(key.expectedShape).", ""]
        let entitlement = StoreKitEntitlement.needed(by: key)
        lines.append("- Entitlement: `\(entitlement.rawValue)` set to `<true/>` in the app's entitlements (EP401).")
        if let allowed = regions.allowedRegions[key] {
            let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { Character(Unicode.Scalar($0)) }
            let codes = letters.flatMap { first in letters.map { String([first, $0]) } }.filter(allowed.contains)
            lines.append("- Regions allowed (\(codes.count), EP103): \(codes.joined(separator: ", ")).")
        }
        if key == .link || key == .multiLink {
            let plural = regions.linkMaximum == 1 ? "" : "s"
            var limit =
                "- At most \(regions.linkMaximum) distinct link\(plural) per region, the two link keys together (EP301)"
            let streaming = regions.musicStreamingLinkMaximum.sorted { $0.key < $1.key }
            if !streaming.isEmpty {
                limit += "; music streaming apps: " + streaming.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            }
            lines.append(limit + ".")
        }
        if key == .multiLink {
            let firsts = Platform.allCases.map { "\($0.rawValue) \($0.multiLinkMinimum)" }.joined(separator: ", ")
            lines.append("- Read from \(firsts); older systems need `SKExternalPurchaseLink` (EP501).")
        }
        return lines.joined(separator: "\n")
    }

    /// Hover on a key by name: the five StoreKit keys, and the reader-app link.
    static func markdown(named word: String, regions: RegionData = .builtIn) -> String? {
        if let key = StoreKitKey.named(word) { return markdown(key, regions: regions) }
        guard word == ReaderAppLink.key else { return nil }
        let firsts = (regions.appleFacts.minimumOS[ReaderAppLink.key] ?? [:]).sorted {
            $0.key.rawValue < $1.key.rawValue
        }
        .map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
        return [
            "**\(ReaderAppLink.key)**: a dictionary of lowercase ISO 3166-1 alpha-2 country codes (or `*`) to URLs (EP801).",
            "",
            "- Must have `*`, the default URL (EP802).",
            "- Entitlement: `\(ReaderAppLink.entitlement)` set to `<true/>` in the app's entitlements (EP803, EP804).",
            "- Read from \(firsts) (EP503, EP504).",
        ].joined(separator: "\n")
    }
}
