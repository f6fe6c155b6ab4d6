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
        package var entitlement: StoreKitEntitlement
        /// nil when no entitlements file was paired.
        package var backed: Bool?
    }

    package var file: String
    /// The paired entitlements file, if any.
    package var entitlements: String?
    /// In document order.
    package var rows: [Row]

    package init(file: String, facts: StoreKitFacts, entitlements: PairedEntitlements?) {
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
            return Row(
                key: region.key, region: region.resolution.value ?? region.text,
                links: entry?.links.map(\.identity) ?? [], entitlement: entitlement,
                backed: entitlements.map { $0.grants(entitlement) })
        }
    }
}
