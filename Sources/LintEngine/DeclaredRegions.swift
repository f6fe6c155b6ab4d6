import EplintBase

/// What one Info.plist declares, for reports that show it beside the findings (the Markdown
/// summary): each region of each StoreKit key with its links, and whether the paired
/// entitlements grant the entitlement the key needs.
package struct DeclaredRegions: Sendable {
    package struct Row: Sendable {
        package var key: StoreKitKey
        /// As resolved (build settings filled in), else as written.
        package var region: String
        /// The region's links (the two link keys), resolved where they can be.
        package var links: [String]
        /// Per link: what a header or an xcconfig file put into it is named, not shown (issue
        /// 45): then it is no address to link to.
        var namedLinks: [Bool] = []

        package func isNamed(link index: Int) -> Bool { index < namedLinks.count && namedLinks[index] }
        package var entitlement: StoreKitEntitlement
        /// nil when no entitlements file was paired.
        package var backed: Bool?
    }

    package var file: String
    /// The paired entitlements file, if any.
    package var entitlements: String?
    /// In document order.
    package var rows: [Row]

    /// `naming`: a value of the file at a range as it may be shown, nil when as it is.
    package init(
        file: String, facts: StoreKitFacts, entitlements: PairedEntitlements?,
        naming: (String, BuildSettings.Resolution, SourceRange) -> String? = { _, _, _ in nil }
    ) {
        self.file = file
        self.entitlements = entitlements?.path
        // Each key's entries by key path, the first of a path kept: one lookup a region, so that
        // 50,000 regions cost 50,000 lookups, not a search of 50,000 entries each.
        var entries: [StoreKitKey: [String: RegionEntry]] = [:]
        for (key, list) in facts.regionEntries {
            var byPath: [String: RegionEntry] = [:]
            for entry in list where byPath[entry.region.keyPath] == nil { byPath[entry.region.keyPath] = entry }
            entries[key] = byPath
        }
        rows = facts.regions.map { region in
            let entry = entries[region.key]?[region.keyPath]
            let entitlement = StoreKitEntitlement.needed(by: region.key)
            let named = naming(region.text, region.resolution, region.range)
            let links = entry?.links ?? []
            let namedLinks = links.map { naming($0.text, $0.resolution, $0.range) }
            var row = Row(
                key: region.key, region: named ?? region.resolution.value ?? region.text,
                links: zip(links, namedLinks).map { $1 ?? $0.identity }, entitlement: entitlement,
                backed: entitlements.map { $0.grants(entitlement) })
            row.namedLinks = namedLinks.map { $0 != nil }
            return row
        }
    }
}
