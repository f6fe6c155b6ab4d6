public import PlistSyntax

/// How a run lints: the same for every file of the run.
public struct LintConfiguration: Sendable {
    public var buildSettings: BuildSettings
    public var musicStreaming: MusicStreaming
    public var regionData: RegionData

    public init(buildSettings: BuildSettings = BuildSettings(), musicStreaming: MusicStreaming = .notDeclared,
                regionData: RegionData = .builtIn) {
        self.buildSettings = buildSettings
        self.musicStreaming = musicStreaming
        self.regionData = regionData
    }
}

/// The findings of one file.
public struct FileLintResult: Sendable {
    public var diagnostics: [Diagnostic]
    /// The input was a binary plist (a directory walk skips those).
    public var isBinaryPropertyList: Bool
}

/// Parses one file and runs every rule on it.
public struct Linter: Sendable {
    public let rules: [any LintRule]
    public let configuration: LintConfiguration

    public init(rules: [any LintRule], configuration: LintConfiguration) {
        self.rules = rules
        self.configuration = configuration
    }

    static let malformed = RuleID("EP001")
    static let unsupported = RuleID("EP002")
    static let wrongType = RuleID("EP004")
    static let directive = RuleID("EP007")

    /// Lints what `source` yields. `path` is the path as the user gave it, used in
    /// diagnostics and to recognise `*Info.plist` and `*.entitlements` files.
    public func lint(_ source: inout some ByteSource, path: String) throws(ReadFailure) -> FileLintResult {
        let options = PlistParseOptions(
            retention: .topLevelKeys(Set(StoreKitKey.allCases.map(\.rawValue))),
            macros: configuration.buildSettings.definitions)
        let document = try PlistParser.parse(&source, options: options)
        var diagnostics: [Diagnostic] = []
        func add(_ rule: RuleID, _ message: String, _ range: SourceRange, keyPath: String = "", value: String = "", related: [RelatedLocation] = []) {
            diagnostics.append(Diagnostic(file: path, rule: rule, severity: severity(rule), message: message, range: range,
                                          keyPath: keyPath, value: value, related: related))
        }

        if let fatal = document.fatalProblem {
            var message = fatal.message
            if fatal.suggestsConversion { message += "; convert it with plutil -convert xml1 \(path.quotedForShell)" }
            add(fatal.kind == .malformed ? Self.malformed : Self.unsupported, message, SourceRange(at: fatal.position))
            return FileLintResult(diagnostics: diagnostics, isBinaryPropertyList: fatal.kind == .binaryPropertyList)
        }
        guard let root = document.root else { return FileLintResult(diagnostics: [], isBinaryPropertyList: false) }

        guard root.kind == .dictionary else {
            let fileName = path.split(separator: "/").last.map(String.init) ?? path
            if fileName.hasSuffix("Info.plist") || fileName.hasSuffix(".entitlements") {
                add(Self.wrongType, "the top-level element must be a dictionary (<dict>), found \(root.kind.elementName)", root.range)
            }
            return FileLintResult(diagnostics: diagnostics, isBinaryPropertyList: false)
        }

        let context = LintContext(file: path, root: root, regionData: configuration.regionData,
                                  buildSettings: configuration.buildSettings, musicStreaming: configuration.musicStreaming)
        // A file without StoreKit keys gets no diagnostics but the fatal ones above.
        guard context.facts.hasStoreKitKeys else { return FileLintResult(diagnostics: [], isBinaryPropertyList: false) }

        for problem in document.problems where problem.kind == .unevaluatedDirective {
            add(Self.directive, problem.message, SourceRange(at: problem.position))
        }
        for rule in rules { rule.check(context) }
        for finding in context.findings {
            add(finding.rule, finding.message, finding.range, keyPath: finding.keyPath, value: finding.value, related: finding.related)
        }
        diagnostics.sort(by: Diagnostic.inReportOrder)
        return FileLintResult(diagnostics: diagnostics, isBinaryPropertyList: false)
    }

    private func severity(_ rule: RuleID) -> Severity {
        guard let metadata = RuleCatalog.metadata(for: rule) else {
            preconditionFailure("rule \(rule) has no page in Rules/")
        }
        return metadata.defaultSeverity
    }
}

extension String {
    /// Quoted for a POSIX shell when it needs to be.
    var quotedForShell: String {
        let safe = unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_./+,:@".unicodeScalars.contains($0) }
        return safe && !isEmpty ? self : "'" + replacing("'", with: "'\\''") + "'"
    }
}
