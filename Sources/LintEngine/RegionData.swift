import PlistSyntax

/// The region tables of `Rules/regions.plist`: which codes exist, which each key accepts,
/// and how many links a region may have.
package struct RegionData: Sendable, Hashable {
    package var isoCodes: RegionCodes
    /// The codes each key accepts; every key has an entry.
    package private(set) var allowedRegions: [StoreKitKey: RegionCodes]
    package var linkMaximum: Int
    package var musicStreamingLinkMaximum: [String: Int]
    /// Regions Apple's documentation once listed for a key and no longer does (EP106).
    package var retiredRegions: [StoreKitKey: [RetiredRegion]]
    /// The other facts of the same file; nil for the built-in copy, whose facts are read on first use.
    private var loadedFacts: AppleFacts?
    package var appleFacts: AppleFacts { loadedFacts ?? .builtIn }

    package struct RetiredRegion: Sendable, Equatable {
        package var region: String
        /// When Apple's documentation stopped listing it (as written in the data, `YYYY-MM-DD`).
        package var since: String
        /// Why, in one line.
        package var reason: String
    }

    /// The copy embedded at build time, as tables made from `Rules/regions.plist` then (a
    /// test checks that they say what reading that file says).
    package static let builtIn = RegionData(
        isoCodes: RegionCodes(packed: EmbeddedRuleData.regionCodes),
        allowedRegions: Dictionary(
            uniqueKeysWithValues: StoreKitKey.allCases.map {
                ($0, RegionCodes(packed: EmbeddedRuleData.allowedRegions(forKey: $0.rawValue)))
            }),
        linkMaximum: EmbeddedRuleData.linkMaximum,
        musicStreamingLinkMaximum: EmbeddedRuleData.musicStreamingLinkMaximum,
        retiredRegions: Dictionary(
            uniqueKeysWithValues: StoreKitKey.allCases.map { key in
                (
                    key,
                    EmbeddedRuleData.retiredRegions(forKey: key.rawValue).map {
                        RetiredRegion(region: $0.region, since: $0.since, reason: $0.reason)
                    }
                )
            }))

    private init(
        isoCodes: RegionCodes, allowedRegions: [StoreKitKey: RegionCodes], linkMaximum: Int,
        musicStreamingLinkMaximum: [String: Int],
        retiredRegions: [StoreKitKey: [RetiredRegion]]
    ) {
        self.isoCodes = isoCodes
        self.allowedRegions = allowedRegions
        self.linkMaximum = linkMaximum
        self.musicStreamingLinkMaximum = musicStreamingLinkMaximum
        self.retiredRegions = retiredRegions
    }

    package static var builtInPlist: String { EmbeddedRuleData.regionsPlist }

    /// Equal tables and equal facts (the built-in copy's facts read from its plist).
    package static func == (lhs: RegionData, rhs: RegionData) -> Bool {
        lhs.isoCodes == rhs.isoCodes && lhs.allowedRegions == rhs.allowedRegions && lhs.linkMaximum == rhs.linkMaximum
            && lhs.musicStreamingLinkMaximum == rhs.musicStreamingLinkMaximum
            && lhs.retiredRegions == rhs.retiredRegions && lhs.appleFacts == rhs.appleFacts
    }

    /// The link maximum only: hashing the tables would cost each context of a run as much as
    /// comparing them, and a run has one copy.
    package func hash(into hasher: inout Hasher) { hasher.combine(linkMaximum) }

    package struct FormatError: Error, Sendable {
        package var reason: String
    }

    /// Reads a regions file in the format of `Rules/regions.plist`.
    package init(plist bytes: [UInt8]) throws(FormatError) {
        let document = PlistParser.parse(bytes)
        if let problem = document.fatalProblem {
            throw FormatError(reason: "\(problem.position.line):\(problem.position.column): \(problem.message)")
        }
        guard let entries = document.root?.dictionaryEntries else {
            throw FormatError(reason: "the root must be a dictionary")
        }
        func value(_ key: String) throws(FormatError) -> PlistNode {
            guard let entry = entries.last(forKey: key) else { throw FormatError(reason: "missing key \(key)") }
            return entry.value
        }
        func integer(_ node: PlistNode, _ what: String) throws(FormatError) -> Int {
            guard case .integer(let text) = node.content, let number = Int(text), number >= 0 else {
                throw FormatError(reason: "\(what) must be a non-negative <integer> (line \(node.range.start.line))")
            }
            return number
        }
        func codes(_ node: PlistNode, _ what: String) throws(FormatError) -> RegionCodes {
            guard let items = node.arrayValue else {
                throw FormatError(reason: "\(what) must be an <array> of strings (line \(node.range.start.line))")
            }
            var result = RegionCodes()
            for item in items {
                guard let code = item.stringValue, result.insert(code) else {
                    throw FormatError(
                        reason:
                            "\(what) holds something other than a lowercase two-letter code (line \(item.range.start.line))"
                    )
                }
            }
            return result
        }

        guard try integer(value("FormatVersion"), "FormatVersion") == 1 else {
            throw FormatError(reason: "FormatVersion must be 1")
        }
        let isoCodes = try codes(value("ISO3166Alpha2"), "ISO3166Alpha2")
        guard let allowed = try value("AllowedRegions").dictionaryEntries else {
            throw FormatError(reason: "AllowedRegions must be a <dict>")
        }
        var allowedRegions: [StoreKitKey: RegionCodes] = [:]
        for key in StoreKitKey.allCases {
            guard let entry = allowed.last(forKey: key.rawValue) else {
                throw FormatError(reason: "AllowedRegions has no \(key.rawValue)")
            }
            allowedRegions[key] = try codes(entry.value, "AllowedRegions.\(key.rawValue)")
        }
        let linkMaximum = try integer(value("LinkMaximum"), "LinkMaximum")
        guard let maxima = try value("MusicStreamingLinkMaximum").dictionaryEntries else {
            throw FormatError(reason: "MusicStreamingLinkMaximum must be a <dict>")
        }
        var musicStreamingLinkMaximum: [String: Int] = [:]
        for entry in maxima {
            musicStreamingLinkMaximum[entry.key] = try integer(entry.value, "MusicStreamingLinkMaximum.\(entry.key)")
        }
        var retiredRegions: [StoreKitKey: [RetiredRegion]] = Dictionary(
            uniqueKeysWithValues: StoreKitKey.allCases.map { ($0, []) })
        if let retired = entries.last(forKey: "RetiredRegions") {
            guard let perKey = retired.value.dictionaryEntries else {
                throw FormatError(reason: "RetiredRegions must be a <dict>")
            }
            for entry in perKey {
                guard let key = StoreKitKey(rawValue: entry.key) else {
                    throw FormatError(reason: "RetiredRegions has an unknown key \(entry.key)")
                }
                guard let items = entry.value.arrayValue else {
                    throw FormatError(reason: "RetiredRegions.\(entry.key) must be an <array> of <dict>")
                }
                for item in items {
                    let fields = item.dictionaryEntries ?? []
                    guard let region = fields.last(forKey: "Region")?.value.stringValue, isoCodes.contains(region),
                        let since = fields.last(forKey: "Since")?.value.stringValue,
                        let reason = fields.last(forKey: "Reason")?.value.stringValue
                    else {
                        throw FormatError(
                            reason:
                                "RetiredRegions.\(entry.key) entries need Region (a known code), Since and Reason strings (line \(item.range.start.line))"
                        )
                    }
                    retiredRegions[key, default: []].append(RetiredRegion(region: region, since: since, reason: reason))
                }
            }
        }
        self.init(
            isoCodes: isoCodes, allowedRegions: allowedRegions, linkMaximum: linkMaximum,
            musicStreamingLinkMaximum: musicStreamingLinkMaximum,
            retiredRegions: retiredRegions)
        loadedFacts = try AppleFacts(plist: bytes)
    }

    package enum RegionStatus: Equatable, Sendable {
        case valid
        /// Valid once lowercased (ASCII-only), to this.
        case notLowercase(String)
        /// Not an ISO 3166-1 alpha-2 code in any case.
        case unknown
        /// A real code this key does not accept.
        case notAllowed
        /// A code Apple's documentation listed for this key and no longer does.
        case retired(RetiredRegion)
    }

    package func status(of region: String, for key: StoreKitKey) -> RegionStatus {
        let lowercased = region.asciiLowercased
        guard isoCodes.contains(lowercased) else { return .unknown }
        guard allowedRegions[key]?.contains(lowercased) == true else {
            if let retired = retiredRegions[key]?.first(where: { $0.region == lowercased }) { return .retired(retired) }
            return .notAllowed
        }
        return region == lowercased ? .valid : .notLowercase(lowercased)
    }

    /// Links allowed for a (lowercase, valid) region.
    func maximumLinks(for region: String, musicStreaming: Bool) -> Int {
        musicStreaming ? musicStreamingLinkMaximum[region] ?? linkMaximum : linkMaximum
    }
}

extension String {
    /// Lowercased in ASCII only, as region codes are compared.
    package var asciiLowercased: String {
        String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
