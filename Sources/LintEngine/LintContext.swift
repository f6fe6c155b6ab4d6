import EplintBase
import PlistSyntax

/// Whether the app may have up to five links per EEA+ region, and why eplint thinks so.
package struct MusicStreaming: Sendable, Hashable {
    package var qualifies: Bool
    /// Where that came from, for EP301/EP302 messages.
    package var reason: String

    package init(qualifies: Bool, reason: String) {
        self.qualifies = qualifies
        self.reason = reason
    }

    /// Without a flag or config: a paired entitlements file decides (it is what Apple signs the
    /// app with); only without one does `SKExternalPurchaseLinkStreamingRegions`, a key only
    /// music-streaming apps use, declare it. Each reason names the source that decided.
    static func detected(file: String, entitlements: PairedEntitlements?, hasStreamingRegionsKey: Bool)
        -> MusicStreaming
    {
        let streaming = StoreKitEntitlement.externalPurchaseLinkStreaming.rawValue
        let key = StoreKitKey.linkStreamingRegions.rawValue
        if let entitlements {
            if entitlements.grants(.externalPurchaseLinkStreaming) {
                return MusicStreaming(
                    qualifies: true, reason: "the paired entitlements file \(entitlements.path) sets \(streaming)")
            }
            // Apple's link-key pages give five links to apps that "qualify for the StoreKit External
            // Purchase Link entitlement as described in Distributing music streaming apps in the EEA":
            // the Boolean every link-out app holds, so the file cannot tell a music app from another.
            return MusicStreaming(
                qualifies: false,
                reason:
                    "nothing in \(entitlements.path) tells whether the app qualifies for EEA music streaming (five links are for apps with \(StoreKitEntitlement.externalPurchaseLink.rawValue) that qualify as described in Distributing music streaming apps in the EEA); if it does, \(howToTell)"
            )
        }
        if hasStreamingRegionsKey {
            return MusicStreaming(qualifies: true, reason: "\(file) has \(key) and no entitlements file is paired")
        }
        return .notDeclared
    }

    static let notDeclared = MusicStreaming(
        qualifies: false,
        reason:
            "the app is not declared as qualifying for EEA music streaming; if it does, \(howToTell)")

    static let howToTell = "pass --music-streaming true or set music-streaming: true in .eplint.yml"
}

/// Everything a rule may look at for one file, and the one way it reports.
package final class LintContext {
    package let file: String
    package let root: PlistNode
    package let facts: StoreKitFacts
    package let regionData: RegionData
    package let buildSettings: BuildSettings
    package let musicStreaming: MusicStreaming
    /// The paired entitlements file, if one is known and well formed.
    package let entitlements: PairedEntitlements?
    /// The linted file is itself an entitlements file (holding Info.plist keys, so paired with
    /// itself): what it holds is EP405's, never an Info.plist's keys missing or not using
    /// entitlements (EP401, EP402).
    package let isEntitlementsFile: Bool
    /// Known deployment targets (flags or config, else the Info.plist); empty when unknown.
    package let deploymentTargets: [DeploymentTarget]
    /// Where the file's C preprocessor lines start.
    package let directives: [SourcePosition]
    /// Whether the file's target preprocesses it; nil when unknown (no Xcode project).
    package let infoPlistPreprocessed: Bool?
    /// The current time for EP407 (`2026-11-25T21:00:00Z`); nil: not checked.
    package let now: String?
    private(set) var findings: [Finding] = []
    var checkableLinkCache: [CheckableLink]?
    var regionLinksCache: [RegionLinks]?

    struct Finding {
        var file: String
        var rule: RuleID
        var message: String
        var range: SourceRange
        var keyPath: String
        var value: String
        var related: [RelatedLocation]
        var fix: Fix?
    }

    init(
        file: String, root: PlistNode, facts: StoreKitFacts, configuration: LintConfiguration,
        entitlements: PairedEntitlements?,
        directives: [SourcePosition] = []
    ) {
        self.file = file
        isEntitlementsFile = FileKind(path: file) == .entitlements
        self.directives = directives
        infoPlistPreprocessed = configuration.infoPlistPreprocessed
        now = configuration.now
        self.root = root
        regionData = configuration.regionData
        buildSettings = configuration.buildSettings
        self.entitlements = entitlements
        self.facts = facts
        deploymentTargets =
            configuration.deploymentTargets
            ?? DeploymentTarget.fromInfoPlist(root.dictionaryEntries ?? [], buildSettings: configuration.buildSettings)
        musicStreaming =
            configuration.musicStreaming
            ?? MusicStreaming.detected(
                file: file, entitlements: entitlements,
                hasStreamingRegionsKey: facts.values[.linkStreamingRegions] != nil)
    }

    /// Reports a finding of `rule` on the element at `range` (of this file, or of `otherFile`
    /// such as the paired entitlements file).
    package func diagnose(
        _ rule: some LintRule, _ message: String, at range: SourceRange, keyPath: String, value: String = "",
        related: [(range: SourceRange, message: String)] = [], in otherFile: String? = nil, fix: Fix? = nil
    ) {
        let target = otherFile ?? file
        findings.append(
            Finding(
                file: target, rule: rule.id, message: message, range: range, keyPath: keyPath, value: value,
                related: related.map { RelatedLocation(file: target, range: $0.range, message: $0.message) },
                // Only the linted file's own text is re-checked after fixing, and a move
                // with it (PairFixer): a paired file is not otherwise (why a move is
                // withheld is still said).
                fix: otherFile == nil || otherFile == file || fix?.destination == file || fix?.withheldBecause != nil
                    ? fix : nil))
    }
}

/// A URL whose value is known (no unresolved build setting), read once for every URL rule.
package struct CheckableLink {
    package var occurrence: LinkOccurrence
    package var value: String
    package var parsed: Result<AbsoluteURL, AbsoluteURL.Invalid>
    /// The value for a message, with its build-setting origin when it has one.
    package var shown: String { occurrence.resolution.shown(writtenAs: occurrence.text) }
}

extension LintContext {
    /// Every URL with a known value, parsed.
    package var checkableLinks: [CheckableLink] {
        if let cached = checkableLinkCache { return cached }
        let links = facts.links.compactMap { link in
            link.resolution.value.map { CheckableLink(occurrence: link, value: $0, parsed: AbsoluteURL.parse($0)) }
        }
        checkableLinkCache = links
        return links
    }
}
