import EplintBase

/// What Apple's availability (`MinimumOS` in `Rules/regions.plist`) says about one key,
/// entitlement or region of it against the target's deployment targets: the targets whose
/// platform never reads it, and those whose version predates it. EP503 and EP504 report them.
package struct MinimumOSCheck: Sendable {
    /// A key, entitlement or allowed region in the file, with where to report it.
    package struct Subject: Sendable {
        /// The name in `MinimumOS` (`NAME` or `NAME:region`).
        package var name: String
        /// As messages show it.
        package var shown: String
        package var range: SourceRange
        package var keyPath: String
        /// The entitlements file it is in, or nil for the linted file.
        package var file: String?
        /// A region's own entry lists the platforms Apple states a version for, not all that read it.
        var platformsAreExhaustive: Bool
        /// How the message says it starts: "is read from", or for a region's tokens "come with".
        package var startsWith = "is read from"
        /// What an older system does with it.
        package var onOlderSystems = "where it does nothing"
    }

    package enum Outcome: Sendable {
        case notOnPlatform(readOn: [Platform])
        case older(minimum: Version)
    }

    /// Every subject with an entry in the data.
    static func subjects(_ context: LintContext) -> [Subject] {
        guard !context.isEntitlementsFile else { return [] }  // keys there are EP405's
        let facts = context.regionData.appleFacts
        let minimumOS = facts.minimumOS
        var subjects: [Subject] = []
        // MultiLink is EP501's and EP502's; SKExternalPurchase and SKExternalPurchaseLink are the
        // baseline (15.4, the first external purchase API: what EP501 asks older systems to use).
        for key in StoreKitKey.allCases where ![.multiLink, .link, .externalPurchase].contains(key) {
            guard let entry = context.facts.values[key], minimumOS[key.rawValue] != nil else { continue }
            subjects.append(
                Subject(
                    name: key.rawValue, shown: key.rawValue, range: entry.keyRange, keyPath: key.rawValue, file: nil,
                    platformsAreExhaustive: true))
        }
        // The reader-app link: its key only (the entitlement's availability is the same).
        if let entry = context.readerAppLink, minimumOS[ReaderAppLink.key] != nil {
            subjects.append(
                Subject(
                    name: ReaderAppLink.key, shown: ReaderAppLink.key, range: entry.keyRange,
                    keyPath: ReaderAppLink.key, file: nil, platformsAreExhaustive: true))
        }
        if let allowed = context.customPurchaseLinkRegions {
            let name = CustomPurchaseLinkRegions.entitlement
            if minimumOS[name] != nil {
                subjects.append(
                    Subject(
                        name: name, shown: name, range: allowed.entry.keyRange, keyPath: name,
                        file: allowed.entitlementsPath, platformsAreExhaustive: true))
            }
            for region in allowed.regions {
                guard let code = region.resolution.value?.asciiLowercased, minimumOS[name + ":" + code] != nil else {
                    continue
                }
                // The region's own minimum is its tokens' (Japan's and Brazil's IN_APP and LINK_OUT).
                let types = facts.tokenTypeNames.filter { facts.tokenTypes[$0]?.regions.contains(code) == true }
                subjects.append(
                    Subject(
                        name: name + ":" + code,
                        shown: "the \(types.joined(separator: " and ")) tokens of '\(code)' in \(name)",
                        range: region.range, keyPath: region.keyPath, file: allowed.entitlementsPath,
                        platformsAreExhaustive: false, startsWith: "come with",
                        onOlderSystems: "where token(for:) gives none of them"))
            }
        }
        return subjects
    }

    /// Every subject and deployment target about which Apple's availability says something.
    package static func forEachOutcome(
        _ context: LintContext, _ body: (Subject, DeploymentTarget, Outcome) -> Void
    ) {
        for subject in subjects(context) {
            for (target, outcome) in outcomes(subject, context) { body(subject, target, outcome) }
        }
    }

    /// For each deployment target, what Apple's availability says (nil: nothing to say).
    package static func outcomes(_ subject: Subject, _ context: LintContext) -> [(DeploymentTarget, Outcome)] {
        guard let versions = context.regionData.appleFacts.minimumOS[subject.name] else { return [] }
        return context.deploymentTargets.compactMap { target in
            guard let minimum = versions[target.platform] else {
                guard subject.platformsAreExhaustive else { return nil }
                let readOn = Platform.allCases.filter { versions[$0] != nil }
                return (target, .notOnPlatform(readOn: readOn))
            }
            return target.version < minimum ? (target, .older(minimum: minimum)) : nil
        }
    }
}
