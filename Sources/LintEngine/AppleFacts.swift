import PlistSyntax

/// The facts of Apple's pages beyond the region tables, from the optional sections of
/// `Rules/regions.plist` (token types per region, subtypes per notification type, minimum
/// OS per key and entitlement): Swift code holds none of them. The built-in copy is made from
/// tables generated from that file, so no run parses the plist for them (a test checks the
/// tables say what reading the file says).
package struct AppleFacts: Sendable, Equatable {
    package struct TokenType: Sendable, Equatable {
        /// The regions whose tokens have this type.
        package var regions: [String]
        /// Whether such a token carries `tokenExpirationDate`; nil where Apple's pages do not say.
        package var expires: Bool?
        /// Whether a report may give such a token the status `DUPLICATE_TOKEN`.
        package var duplicateTokenStatus: Bool
    }

    /// `tokenType` values, by name.
    package var tokenTypes: [String: TokenType] = [:]
    /// Notification type -> the subtypes Apple lists for it; a type absent here is not checked.
    package var notificationSubtypes: [String: [String]] = [:]
    /// Key or entitlement (`name` or `name:region`) -> platform -> first version that reads it;
    /// a platform absent from an entry's dictionary does not read it at all.
    package var minimumOS: [String: [Platform: Version]] = [:]
    /// Entitlement -> the regions Apple lists for it; absent where Apple lists none.
    package var entitlementRegions: [String: [String]] = [:]

    package static let builtIn: AppleFacts = {
        var facts = AppleFacts()
        for type in EmbeddedRuleData.tokenTypes {
            facts.tokenTypes[type.name] = TokenType(
                regions: type.regions, expires: type.expires, duplicateTokenStatus: type.duplicateTokenStatus)
        }
        facts.notificationSubtypes = Dictionary(uniqueKeysWithValues: EmbeddedRuleData.notificationSubtypes)
        facts.entitlementRegions = Dictionary(uniqueKeysWithValues: EmbeddedRuleData.entitlementRegions)
        for (name, versions) in EmbeddedRuleData.minimumOS {
            // The generator copied what the plist says; the tests check that it reads.
            facts.minimumOS[name] = Dictionary(
                uniqueKeysWithValues: versions.compactMap { entry in
                    Platform(rawValue: entry.platform).flatMap { platform in
                        Version(entry.version).map { (platform, $0) }
                    }
                })
        }
        return facts
    }()

    package init() {}

    /// The known token type names, sorted (for messages).
    package var tokenTypeNames: [String] { tokenTypes.keys.sorted() }
    /// The token types `DUPLICATE_TOKEN` applies to, sorted in reverse (`SERVICES and ACQUISITION`, as Apple writes it).
    package var duplicateTokenTypeNames: [String] {
        tokenTypes.filter(\.value.duplicateTokenStatus).keys.sorted(by: >)
    }

    /// Reads the optional sections of a regions file; a file without them has no such facts.
    package init(plist bytes: [UInt8]) throws(RegionData.FormatError) {
        let document = PlistParser.parse(bytes)
        guard document.fatalProblem == nil, let entries = document.root?.dictionaryEntries else {
            throw RegionData.FormatError(reason: "the root must be a dictionary")
        }
        func strings(_ node: PlistNode, _ what: String) throws(RegionData.FormatError) -> [String] {
            guard let items = node.arrayValue, case let texts = items.compactMap(\.stringValue),
                texts.count == items.count
            else {
                throw RegionData.FormatError(
                    reason: "\(what) must be an <array> of strings (line \(node.range.start.line))")
            }
            return texts
        }
        func dictionary(_ node: PlistNode, _ what: String) throws(RegionData.FormatError) -> [PlistEntry] {
            guard let fields = node.dictionaryEntries else {
                throw RegionData.FormatError(reason: "\(what) must be a <dict> (line \(node.range.start.line))")
            }
            return fields
        }
        /// An optional top-level section's entries (none when absent).
        func section(_ key: String) throws(RegionData.FormatError) -> [PlistEntry] {
            guard let entry = entries.last(forKey: key) else { return [] }
            return try dictionary(entry.value, key)
        }
        for entry in try section("TokenTypes") {
            let fields = try dictionary(entry.value, "TokenTypes.\(entry.key)")
            guard let regions = fields.last(forKey: "Regions") else {
                throw RegionData.FormatError(reason: "TokenTypes.\(entry.key) has no Regions")
            }
            tokenTypes[entry.key] = TokenType(
                regions: try strings(regions.value, "TokenTypes.\(entry.key).Regions"),
                expires: fields.last(forKey: "Expires")?.value.boolValue,
                duplicateTokenStatus: fields.last(forKey: "DuplicateTokenStatus")?.value.boolValue ?? false)
        }
        for entry in try section("NotificationSubtypes") {
            notificationSubtypes[entry.key] = try strings(entry.value, "NotificationSubtypes.\(entry.key)")
        }
        for entry in try section("MinimumOS") {
            var versions: [Platform: Version] = [:]
            for field in try dictionary(entry.value, "MinimumOS.\(entry.key)") {
                guard let platform = Platform(rawValue: field.key),
                    let version = field.value.stringValue.flatMap(Version.init)
                else {
                    throw RegionData.FormatError(
                        reason:
                            "MinimumOS.\(entry.key) maps platform names (iOS, iPadOS, tvOS, macOS, watchOS, visionOS) to versions (line \(field.keyRange.start.line))"
                    )
                }
                versions[platform] = version
            }
            minimumOS[entry.key] = versions
        }
        for entry in try section("EntitlementRegions") {
            entitlementRegions[entry.key] = try strings(entry.value, "EntitlementRegions.\(entry.key)")
        }
    }
}
