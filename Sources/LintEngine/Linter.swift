import EplintBase
import PlistSyntax
import Preprocessor

/// How a run lints: the same for every file of the run. Equal configurations lint a text
/// alike: a file linted in many contexts of a target is linted once for those whose
/// configurations are equal (`LintRun`'s `TargetContexts`); no field holds a closure (the
/// include reader is compared by name, the run's preprocessed texts are one cache).
package struct LintConfiguration: Sendable, Hashable {
    package var buildSettings: BuildSettings
    /// Declared by flag or config; nil: detected from a paired entitlements file.
    package var musicStreaming: MusicStreaming?
    package var regionData: RegionData
    /// Given by flag or config; they replace what the Info.plist says. nil: read the plist.
    package var deploymentTargets: [DeploymentTarget]?
    /// How Info.plists go through the C preprocessor (Xcode's INFOPLIST_PREPROCESS settings).
    package var preprocessing: PreprocessingOptions
    /// Whether the Info.plist's target preprocesses it (`INFOPLIST_PREPROCESS`); nil when no
    /// Xcode project says. (EP011; what is linted follows `preprocessing`.)
    package var infoPlistPreprocessed: Bool?
    /// The current time as plists write dates (`2026-11-25T21:00:00Z`), for EP407; nil: not checked.
    package var now: String?

    package init(
        buildSettings: BuildSettings = BuildSettings(), musicStreaming: MusicStreaming? = nil,
        regionData: RegionData = .builtIn, deploymentTargets: [DeploymentTarget]? = nil,
        preprocessing: PreprocessingOptions = PreprocessingOptions()
    ) {
        self.buildSettings = buildSettings
        self.musicStreaming = musicStreaming
        self.regionData = regionData
        self.deploymentTargets = deploymentTargets
        self.preprocessing = preprocessing
    }
}

/// The findings of one file (followed by those of its paired entitlements file).
package struct FileLintResult: Sendable {
    package var diagnostics: [Diagnostic]
    /// The input was a binary plist (a directory walk skips those).
    package var isBinaryPropertyList: Bool
    /// What made the run fail while linting this file (an unreadable entitlements file).
    package var failures: [String] = []
    /// Findings its inline `eplint:` directives dropped.
    package var suppressed: [SuppressedFinding] = []
    /// The file went through the C preprocessor: what was linted is not its text, so no fix applies.
    package var preprocessed = false
    /// The pairing given was used: the file is an Info.plist, or has StoreKit keys (`--verbose`
    /// says what it paired with only then).
    package var usedPairing = false
    /// The regions, links and entitlements of a file with StoreKit keys (an Info.plist), when
    /// the linter `declaresRegions`.
    package var declared: DeclaredRegions?
    /// The build settings the lint looked up (`$(NAME)`, defined or not): the result holds in
    /// a configuration that differs from this one only in others.
    package var buildSettingsRead: Set<String> = []
    /// The bytes of preprocessed text the lint parsed (0 for a file not preprocessed): what
    /// linting it again in another context costs.
    package var preprocessedBytes = 0

    package init(
        diagnostics: [Diagnostic], isBinaryPropertyList: Bool, failures: [String] = [],
        suppressed: [SuppressedFinding] = []
    ) {
        self.diagnostics = diagnostics
        self.isBinaryPropertyList = isBinaryPropertyList
        self.failures = failures
        self.suppressed = suppressed
    }
}

/// Parses one file and runs every rule on it.
package struct Linter: Sendable {
    package let rules: [any LintRule]
    /// The rules that also run on files without StoreKit keys, found once.
    private let pairingRules: [any LintRule]
    package let configuration: LintConfiguration
    /// Whether a file's result says what it declares (`FileLintResult.declared`): only a report
    /// that shows it asks (`ReporterNeeds.declaredRegions`), and it costs every StoreKit file.
    package let declaresRegions: Bool

    package init(rules: [any LintRule], configuration: LintConfiguration, declaresRegions: Bool = false) {
        self.rules = rules
        pairingRules = rules.filter(\.runsWithoutStoreKitKeys)
        self.configuration = configuration
        self.declaresRegions = declaresRegions
    }

    /// The top-level keys whose values the rules read.
    private static let retainedInfoPlistKeys = Set(StoreKitKey.allCases.map(\.rawValue)).union(
        DeploymentTarget.infoPlistKeys
    ).union([ReaderAppLink.key])
    private static let retainedEntitlementKeys = Set(StoreKitEntitlement.allCases.map(\.rawValue)).union([
        CustomPurchaseLinkRegions.entitlement, ReaderAppLink.entitlement,
    ])

    static let malformed = RuleID.ep001MalformedPlist
    static let unsupported = RuleID.ep002UnsupportedFormat
    static let wrongType = RuleID.ep004WrongType
    static let directive = RuleID.ep007PreprocessorDirective
    static let preprocessorComment = RuleID.ep010PreprocessorComment
    static let directivesNotPreprocessed = RuleID.ep011DirectivesNotPreprocessed

    /// Lints what `source` yields. `path` is the path as the user gave it, used in
    /// diagnostics and to recognise `*Info.plist` and `*.entitlements` files. `pairing`
    /// is the entitlements file the run paired it with, used for an Info.plist (a file named
    /// `*Info.plist` or one with StoreKit keys); the paired file's diagnostics follow this file's.
    package func lint(
        _ source: inout some ByteSource, path: String,
        pairing: EntitlementsPairing = .none
    ) throws(ReadFailure) -> FileLintResult {
        let parsed = try parse(
            &source, path: path, keeping: Self.retainedInfoPlistKeys, preprocessing: configuration.preprocessing)
        guard let root = parsed.root, let document = parsed.document else {
            // What cpp did to the text explains a plist it broke.
            let diagnostics = parsed.preprocessed.map { preprocessed in
                preprocessed.map.translate(parsed.diagnostics, file: path)
                    + preprocessorDiagnostics(preprocessed, file: path)
            }
            var result = FileLintResult(
                diagnostics: diagnostics ?? parsed.diagnostics, isBinaryPropertyList: parsed.isBinaryPropertyList)
            result.preprocessedBytes = parsed.preprocessed?.text.count ?? 0
            return result
        }

        return run(
            on: root, path: path, comments: document.comments, preprocessed: parsed.preprocessed,
            isBinaryPropertyList: parsed.isBinaryPropertyList, isInfoPlist: FileKind(path: path) == .infoPlist,
            isFixable: parsed.preprocessed == nil && !parsed.isBinaryPropertyList, pairing: pairing)
    }

    /// Lints values read from elsewhere than a plist file (Expo's app.json): the rules see
    /// `root` as an Info.plist's root dict, located where it was written.
    package func lint(root: PlistNode, path: String, pairing: EntitlementsPairing = .none)
        -> FileLintResult
    {
        run(
            on: root, path: path, comments: [], preprocessed: nil, isBinaryPropertyList: false, isInfoPlist: true,
            isFixable: false, pairing: pairing)
    }

    private func run(
        on root: PlistNode, path: String, comments: [PlistComment], preprocessed: PreprocessedText?,
        isBinaryPropertyList: Bool, isInfoPlist: Bool, isFixable: Bool,
        pairing: EntitlementsPairing
    ) -> FileLintResult {
        let reads = BuildSettingReads()
        var configuration = self.configuration
        configuration.buildSettings.reads = reads
        let facts = StoreKitFacts(root: root, buildSettings: configuration.buildSettings)
        let hasStoreKitKeys = facts.hasStoreKitKeys
        var entitlements: PairedEntitlements?
        var paired: [Diagnostic] = []
        var failures: [String] = []
        if hasStoreKitKeys || isInfoPlist {
            switch pairing {
            case .none: break
            case .unusable(let own): paired = own
            case .unreadable(let reason): failures.append(reason)
            case .paired(let file): entitlements = file
            }
        }

        let context = LintContext(
            file: path, root: root, facts: facts, configuration: configuration, entitlements: entitlements,
            directives: preprocessed?.directiveLines ?? [])
        var diagnostics: [Diagnostic] = []
        // A file without StoreKit keys gets no diagnostics of its own; its entitlements
        // file may still hold unused entitlements (EP402).
        for rule in hasStoreKitKeys ? rules : pairingRules { rule.check(context) }
        let named = Self.namedSettings(context, path: path)
        for finding in context.findings {
            let message =
                named[NamedKey(file: finding.file, range: finding.range)].map(finding.message.naming) ?? finding.message
            let made = Diagnostic(
                file: finding.file, rule: finding.rule, message: message,
                range: finding.range, keyPath: finding.keyPath, value: finding.value, related: finding.related,
                // Fixes edit the XML text linted: none for preprocessed, binary or JSON sources.
                fix: isFixable ? finding.fix : nil)
            if finding.file == path { diagnostics.append(made) } else { paired.append(made) }
        }
        var suppressed: [SuppressedFinding] = []
        if hasStoreKitKeys {
            (diagnostics, suppressed) = InlineSuppression.apply(comments, to: diagnostics, file: path)
        }
        // Preprocessed: positions so far are in cpp's output; the source's are reported.
        if let preprocessed {
            // EP011 points at directive lines, which cpp's output does not hold: already in the source.
            let atDirectives = diagnostics.filter { $0.rule == Self.directivesNotPreprocessed }
            diagnostics =
                preprocessed.map.translate(diagnostics.filter { $0.rule != Self.directivesNotPreprocessed }, file: path)
                + atDirectives
            let translated = preprocessed.map.translate(suppressed.map(\.diagnostic), file: path)
            for index in suppressed.indices { suppressed[index].diagnostic = translated[index] }
            // A file Xcode reads and eplint refused may hold the StoreKit keys: said in any file.
            diagnostics += preprocessorDiagnostics(preprocessed, file: path).filter {
                hasStoreKitKeys || $0.severity == .warning
            }
        }
        if isBinaryPropertyList { diagnostics = diagnostics.map(Self.locatedByKeyPath) }
        diagnostics.sort(by: Diagnostic.inReportOrder)
        paired.sort(by: Diagnostic.inReportOrder)
        var result = FileLintResult(
            diagnostics: diagnostics + paired, isBinaryPropertyList: isBinaryPropertyList, failures: failures,
            suppressed: suppressed)
        result.preprocessed = preprocessed != nil
        result.preprocessedBytes = preprocessed?.text.count ?? 0
        result.usedPairing = hasStoreKitKeys || isInfoPlist
        result.buildSettingsRead = reads.names
        if hasStoreKitKeys && declaresRegions {
            result.declared = DeclaredRegions(
                file: path, facts: facts, entitlements: entitlements,
                naming: { text, resolution, range in Self.named(text, resolution, range, preprocessed?.map) })
        }
        return result
    }

    /// A value for the regions table, when a header or a file's setting made part of it: the
    /// text as written (its settings by name), the macros by name; nil: shown as it is.
    private static func named(
        _ text: String, _ resolution: BuildSettings.Resolution, _ range: SourceRange, _ map: PreprocessorPositionMap?
    ) -> String? {
        var named = false
        var value = resolution.value ?? text
        if !resolution.namedValues.isEmpty {
            value = text
            named = true
        }
        if let map, case let parts = map.named(in: range), !parts.isEmpty {
            value = value.namingWhole(parts)
            named = true
        }
        return named ? value : nil
    }

    struct NamedKey: Hashable {
        var file: String
        var range: SourceRange
    }

    /// Per value (file and range), what settings of a file put into it: a finding there names
    /// them, and what a rule took from the value (a scheme, a query) is not quoted either.
    private static func namedSettings(_ context: LintContext, path: String) -> [NamedKey: [NamedValue]] {
        var named: [NamedKey: [NamedValue]] = [:]
        func add(_ resolution: BuildSettings.Resolution, _ file: String, _ range: SourceRange) {
            let values = resolution.namedValues
            if !values.isEmpty { named[NamedKey(file: file, range: range)] = values }
        }
        for region in context.facts.regions { add(region.resolution, path, region.range) }
        for link in context.facts.links { add(link.resolution, path, link.range) }
        if let allowed = context.customPurchaseLinkRegions {
            for region in allowed.regions { add(region.resolution, allowed.entitlementsPath, region.range) }
        }
        return named
    }

    /// Reads an entitlements file for pairing: usable, or its own diagnostics say why not.
    package func readEntitlements(_ source: inout some ByteSource, path: String) throws(ReadFailure)
        -> EntitlementsPairing
    {
        // Every StoreKit entitlement's entry is kept (unknown ones too): a move (EP404) must know whether the file has the key.
        let parsed = try parse(
            &source, path: path, keeping: Self.retainedEntitlementKeys,
            alsoKeeping: { $0.hasPrefix(StoreKitEntitlement.keyPrefix) || StoreKitKey.named($0) != nil })
        guard let root = parsed.root, let entries = root.dictionaryEntries else {
            return .unusable(diagnostics: parsed.diagnostics)
        }
        let isText = parsed.preprocessed == nil && !parsed.isBinaryPropertyList
        return .paired(PairedEntitlements(path: path, entries: entries, dictionary: isText ? root.range : nil))
    }

    private struct Parsed {
        var document: PlistDocument?
        var root: PlistNode?
        var diagnostics: [Diagnostic]
        var isBinaryPropertyList = false
        var preprocessed: PreprocessedText?
    }

    /// Parses and reports what stops linting: EP001, EP002, and EP004 for a root that is not
    /// a dict in `*Info.plist` and `*.entitlements` files (other plists are left alone).
    private func parse(
        _ source: inout some ByteSource, path: String, keeping keys: Set<String>,
        alsoKeeping: @escaping @Sendable (String) -> Bool = { _ in false },
        preprocessing: PreprocessingOptions = PreprocessingOptions(mode: .never)
    ) throws(ReadFailure) -> Parsed {
        // Besides the retained keys, the root dict keeps the entries of near misses (EP005)
        // and of repeated keys (EP003, which the parser finds by hash): no other key is kept.
        let options = PlistParseOptions(
            retention: .topLevelKeys(keys),
            keepsTopLevelEntry: { alsoKeeping($0) || StoreKitKey.nearMiss(of: $0) != nil })
        let (document, preprocessed) = try PlistParser.parse(
            &source, options: options, preprocessing: preprocessing, fileName: path)
        if let fatal = document.fatalProblem {
            var message = fatal.message
            if fatal.suggestsConversion { message += "; convert it with plutil -convert xml1 \(path.quotedForShell)" }
            let rule = fatal.kind == .malformed ? Self.malformed : Self.unsupported
            return Parsed(
                diagnostics: [diagnostic(rule, message, SourceRange(at: fatal.position), file: path)],
                isBinaryPropertyList: document.isBinary || fatal.kind == .binaryPropertyList, preprocessed: preprocessed
            )
        }
        guard let root = document.root, root.kind == .dictionary else {
            guard let root = document.root, FileKind(path: path) != .other else {
                return Parsed(diagnostics: [])
            }
            return Parsed(
                diagnostics: [
                    diagnostic(
                        Self.wrongType,
                        "the top-level element must be a dictionary (<dict>), found \(root.kind.elementName)",
                        root.range, file: path)
                ],
                isBinaryPropertyList: document.isBinary, preprocessed: preprocessed)
        }
        return Parsed(
            document: document, root: root, diagnostics: [], isBinaryPropertyList: document.isBinary,
            preprocessed: preprocessed)
    }

    /// A binary plist has no lines: its findings stay at 1:1, and the message names the key
    /// path, which every format shows (SARIF also gives it as the logical location).
    static func locatedByKeyPath(_ diagnostic: Diagnostic) -> Diagnostic {
        guard !diagnostic.keyPath.isEmpty else { return diagnostic }
        var located = diagnostic
        located.message += " (at \(diagnostic.keyPath) in the binary property list)"
        return located
    }

    /// EP007 for what eplint cannot know of the preprocessing, EP010 for comments cpp removes.
    /// EP007 is a warning where Xcode's build reads a file eplint refused (the page says so).
    private func preprocessorDiagnostics(_ preprocessed: PreprocessedText, file: String) -> [Diagnostic] {
        preprocessed.problems.map { problem in
            var made = diagnostic(
                problem.kind == .preprocessorComment ? Self.preprocessorComment : Self.directive, problem.message,
                SourceRange(at: problem.position), file: file)
            if problem.hidesBuildInput { made.severity = .warning }
            return made
        }
    }

    private func diagnostic(_ rule: RuleID, _ message: String, _ range: SourceRange, file: String) -> Diagnostic {
        Diagnostic(file: file, rule: rule, message: message, range: range)
    }

}

/// A rule that checks an Info.plist against its entitlements, which runs even on an
/// Info.plist without StoreKit keys (an entitlement may be granted and unused).
package protocol PairingRule: LintRule {}

extension PairingRule {
    package var runsWithoutStoreKitKeys: Bool { true }
}

extension String {
    /// Quoted for a POSIX shell when it needs to be.
    var quotedForShell: String {
        let safe = unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "-_./+,:@".unicodeScalars.contains($0)
        }
        return safe && !isEmpty ? self : "'" + replacing("'", with: "'\\''") + "'"
    }
}
