import EplintBase
import PlistSyntax

/// A region code as written in one of the five keys: an array element or a dictionary key.
package struct RegionOccurrence: Sendable {
    package var key: StoreKitKey
    /// As written in the plist.
    package var text: String
    package var resolution: BuildSettings.Resolution
    /// The `<string>` element, or the `<key>` element for a dictionary key.
    package var range: SourceRange
    package var keyPath: String
    package var isDictionaryKey: Bool

    /// Written as its value (no build setting): a fix may edit the text.
    package var isLiteral: Bool { resolution.isLiteral }
}

/// A URL string of `SKExternalPurchaseLink` or `SKExternalPurchaseMultiLink`.
package struct LinkOccurrence: Sendable {
    package var key: StoreKitKey
    package var text: String
    package var resolution: BuildSettings.Resolution
    package var range: SourceRange
    package var keyPath: String
    /// What makes two links the same link: the resolved text, or the raw text when a
    /// build setting is unresolved.
    package var identity: String { resolution.value ?? text }
    /// Written as its value (no build setting): a fix may edit the text.
    package var isLiteral: Bool { resolution.isLiteral }
}

/// One region entry of `SKExternalPurchaseLink` or `SKExternalPurchaseMultiLink` (the last
/// occurrence of its key), with the links its value holds.
package struct RegionEntry: Sendable {
    package var key: StoreKitKey
    package var region: RegionOccurrence
    package var value: PlistNode
    package var links: [LinkOccurrence]
}

/// What the rules look at in one file, read once: the top-level keys, the value that counts
/// for each StoreKit key, every region and every URL, each with its place and key path.
package struct StoreKitFacts: Sendable {
    package var topLevel: [PlistEntry]
    /// The last occurrence of each StoreKit key present.
    package var values: [StoreKitKey: PlistEntry]
    /// A StoreKit key or a near miss of one is present.
    package var hasStoreKitKeys: Bool
    /// Regions in values of the right type, in document order.
    package var regions: [RegionOccurrence] = []
    /// Every URL string in values of the right type, in document order.
    package var links: [LinkOccurrence] = []
    /// Region entries of the two link keys, in document order.
    package var regionEntries: [StoreKitKey: [RegionEntry]] = [:]

    package init(root: PlistNode, buildSettings: BuildSettings) {
        topLevel = root.dictionaryEntries ?? []
        var values: [StoreKitKey: PlistEntry] = [:]
        for entry in topLevel {
            if let key = StoreKitKey.named(entry.key) { values[key] = entry }
        }
        self.values = values
        hasStoreKitKeys = !values.isEmpty || topLevel.contains { StoreKitKey.nearMiss(of: $0.key) != nil }

        for key in StoreKitKey.allCases {
            guard let entry = values[key] else { continue }
            if key.isRegionArray {
                for (index, item) in (entry.value.arrayValue ?? []).enumerated() {
                    guard let text = item.stringValue else { continue }
                    regions.append(
                        RegionOccurrence(
                            key: key, text: text, resolution: buildSettings.resolve(text),
                            range: item.range, keyPath: "\(key.rawValue)[\(index)]", isDictionaryKey: false))
                }
            } else if let dictionary = entry.value.dictionaryEntries {
                var entries: [RegionEntry] = []
                // A repeated key counts once, with its last value (as Apple's parser reads it).
                let lastPosition = Dictionary(dictionary.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { $1 })
                for (position, item) in dictionary.enumerated() where lastPosition[item.key] == position {
                    let path = "\(key.rawValue).\(item.key)"
                    let region = RegionOccurrence(
                        key: key, text: item.key, resolution: buildSettings.resolve(item.key),
                        range: item.keyRange, keyPath: path, isDictionaryKey: true)
                    regions.append(region)
                    var found: [LinkOccurrence] = []
                    func link(_ node: PlistNode, _ path: String) {
                        guard let text = node.stringValue else { return }
                        found.append(
                            LinkOccurrence(
                                key: key, text: text, resolution: buildSettings.resolve(text), range: node.range,
                                keyPath: path))
                    }
                    if key == .link {
                        link(item.value, path)
                    } else {
                        for (index, element) in (item.value.arrayValue ?? []).enumerated() {
                            link(element, "\(path)[\(index)]")
                        }
                    }
                    links += found
                    entries.append(RegionEntry(key: key, region: region, value: item.value, links: found))
                }
                regionEntries[key] = entries
            }
        }
        regions.sort { $0.range.start < $1.range.start }
        links.sort { $0.range.start < $1.range.start }
    }
}
