import EplintBase
import LintEngine

/// `--format sarif`: one SARIF 2.1.0 log for GitHub code scanning and other consumers.
/// Columns are UTF-16 code units (`columnKind`), paths are relative to `%SRCROOT%`.
package struct SARIFReporter: Reporter {
    package let name = "sarif"
    package let needs: ReporterNeeds = [.sourceText, .fixEdits, .suppressedFindings]
    package init() {}

    package func render(_ report: RunReport, presentation: TerminalPresentation) -> String { Self.render(report) }

    static let informationURI = ToolIdentity.repository

    package static func render(_ report: RunReport) -> String {
        let ruleIndex = Dictionary(uniqueKeysWithValues: report.rules.enumerated().map { ($1.id, $0) })
        // Suppressed findings follow the reported ones, each with its `suppressions`.
        let diagnostics = report.diagnostics + report.suppressed.map(\.diagnostic)
        let artifacts = ArtifactLocations(diagnostics, report: report)
        let fingerprints = FindingFingerprints.of(diagnostics)
        let results = JSONValue.elements(count: diagnostics.count) { index -> JSONValue in
            let diagnostic = diagnostics[index]
            var result: [(String, JSONValue)] = [
                ("ruleId", .string(diagnostic.rule.rawValue))
            ]
            if let index = ruleIndex[diagnostic.rule] { result.append(("ruleIndex", .integer(index))) }
            result.append(("level", .string(level(diagnostic.severity))))
            result.append(("message", .object([("text", .string(escapeBraces(diagnostic.message)))])))
            var location: [(String, JSONValue)] = [
                (
                    "physicalLocation",
                    physicalLocation(
                        diagnostic.file, diagnostic.range, snippet: diagnostic.snippet, artifacts: artifacts)
                )
            ]
            if !diagnostic.keyPath.isEmpty {
                location.append(
                    (
                        "logicalLocations",
                        .array([
                            .object([
                                ("fullyQualifiedName", .string(diagnostic.keyPath)), ("kind", .string("property")),
                            ])
                        ])
                    ))
            }
            result.append(("locations", .array([.object(location)])))
            if !diagnostic.related.isEmpty {
                result.append(
                    (
                        "relatedLocations",
                        .array(
                            diagnostic.related.enumerated().map { index, related in
                                .object([
                                    ("id", .integer(index + 1)),
                                    (
                                        "physicalLocation",
                                        physicalLocation(
                                            related.file, SourceRange(at: related.range.start), snippet: nil,
                                            artifacts: artifacts)
                                    ),
                                    ("message", .object([("text", .string(escapeBraces(related.message)))])),
                                ])
                            })
                    ))
            }
            result.append(("partialFingerprints", .object([("eplint/v1", .string(fingerprints[index]))])))
            if let fix = diagnostic.fix, !fix.edits.isEmpty {
                result.append(("fixes", .array([fixObject(fix, file: diagnostic.file, artifacts: artifacts)])))
            }
            if index >= report.diagnostics.count {
                let suppressed = report.suppressed[index - report.diagnostics.count]
                result.append(
                    (
                        "suppressions",
                        .array([
                            .object([
                                ("kind", .string(suppressed.kind == .inSource ? "inSource" : "external")),
                                ("justification", .string(suppressed.reason)),
                            ])
                        ])
                    ))
            }
            return .object(result)
        }

        let rules = report.rules.map { rule -> JSONValue in
            let sections = PageSections.of(rule)
            return .object([
                ("id", .string(rule.id.rawValue)),
                ("name", .string(rule.name)),
                ("shortDescription", .object([("text", .string(rule.summary))])),
                ("fullDescription", .object([("text", .string(sections.whatItChecks ?? rule.summary))])),
                (
                    "help",
                    .object([
                        ("text", .string(rule.summary + " " + (sections.howToFix ?? ""))),
                        ("markdown", .string(rule.documentation)),
                    ])
                ),
                ("helpUri", .string(ToolIdentity.page("Rules/\(rule.id.rawValue).md", at: report.toolVersion))),
                ("defaultConfiguration", .object([("level", .string(level(rule.defaultSeverity)))])),
            ])
        }

        var invocation: [(String, JSONValue)] = [("executionSuccessful", .bool(report.failures.isEmpty))]
        if !report.failures.isEmpty {
            invocation.append(
                (
                    "toolExecutionNotifications",
                    .array(
                        report.failures.map { failure in
                            .object([
                                ("level", .string("error")),
                                ("message", .object([("text", .string(escapeBraces(failure)))])),
                            ])
                        })
                ))
        }

        let run: JSONValue = .object([
            (
                "tool",
                .object([
                    (
                        "driver",
                        .object([
                            ("name", .string("eplint")),
                            ("version", .string(report.toolVersion)),
                            ("semanticVersion", .string(report.toolVersion)),
                            ("informationUri", .string(informationURI)),
                            ("rules", .array(rules)),
                        ])
                    )
                ])
            ),
            ("invocations", .array([.object(invocation)])),
            (
                "originalUriBaseIds",
                .object([("%SRCROOT%", .object([("uri", .string(fileURI(directory: report.sourceRoot)))]))])
            ),
            ("columnKind", .string("utf16CodeUnits")),
            ("results", results),
        ])
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).serialized()
    }

    /// A fix as SARIF states it: the replaced regions (UTF-16 columns, as every region here)
    /// and the text put in their place.
    static func fixObject(_ fix: Fix, file: String, artifacts: ArtifactLocations) -> JSONValue {
        let flag = fix.applicability == .safe ? "eplint --fix" : "eplint --fix --unsafe-fixes"
        return .object([
            ("description", .object([("text", .string("\(fix.applicability.rawValue) fix (\(flag))"))])),
            // One change per file, the finding's first: a move edits two.
            (
                "artifactChanges",
                .array(
                    changedFiles(fix, file: file).map { changed in
                        .object([
                            ("artifactLocation", artifacts[changed]),
                            (
                                "replacements",
                                .array(
                                    fix.edits.filter { ($0.file ?? file) == changed }.map { edit in
                                        .object([
                                            (
                                                "deletedRegion",
                                                .object([
                                                    ("startLine", .integer(edit.range.start.line)),
                                                    ("startColumn", .integer(edit.range.start.utf16Column)),
                                                    ("endLine", .integer(edit.range.end.line)),
                                                    ("endColumn", .integer(edit.range.end.utf16Column)),
                                                ])
                                            ),
                                            ("insertedContent", .object([("text", .string(edit.replacement))])),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }

    private static func changedFiles(_ fix: Fix, file: String) -> [String] {
        var files = [file]
        for edit in fix.edits { if let other = edit.file, !files.contains(other) { files.append(other) } }
        return files
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    static func physicalLocation(
        _ file: String, _ range: SourceRange, snippet: String?, artifacts: ArtifactLocations
    ) -> JSONValue {
        var region: [(String, JSONValue)] = [
            ("startLine", .integer(range.start.line)),
            ("startColumn", .integer(range.start.utf16Column)),
        ]
        if range.end.offset > range.start.offset {
            region += [("endLine", .integer(range.end.line)), ("endColumn", .integer(range.end.utf16Column))]
        }
        if let snippet { region.append(("snippet", .object([("text", .string(snippet))]))) }
        return .object([("artifactLocation", artifacts[file]), ("region", .object(region))])
    }

    /// Each file's `artifactLocation`, made once per report rather than once per finding (a
    /// path normalised and percent-encoded for each of thousands of findings in one file).
    struct ArtifactLocations: Sendable {
        let report: RunReport
        let byFile: [String: JSONValue]

        init(_ diagnostics: [Diagnostic], report: RunReport) {
            var byFile: [String: JSONValue] = [:]
            func add(_ file: String) {
                if byFile[file] == nil { byFile[file] = artifactLocation(file, report: report) }
            }
            for diagnostic in diagnostics {
                add(diagnostic.file)
                for related in diagnostic.related { add(related.file) }
                for edit in diagnostic.fix?.edits ?? [] { edit.file.map(add) }
            }
            self.report = report
            self.byFile = byFile
        }

        subscript(file: String) -> JSONValue { byFile[file] ?? artifactLocation(file, report: report) }
    }

    /// Relative to `%SRCROOT%` when inside it, else an absolute `file://` URI.
    static func artifactLocation(_ file: String, report: RunReport) -> JSONValue {
        let located = report.rootRelative(file)
        if let relative = located.relative {
            return .object([("uri", .string(percentEncoded(relative))), ("uriBaseId", .string("%SRCROOT%"))])
        }
        return .object([("uri", .string("file://" + percentEncoded(located.absolute)))])
    }

    static func fileURI(directory: String) -> String {
        let path = PathArithmetic.normalized(directory)
        return "file://" + percentEncoded(path.hasSuffix("/") ? path : path + "/")
    }

    /// Every byte but unreserved characters and `/` as `%XX`.
    static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let isUnreserved =
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: "/")
            if isUnreserved {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }

    /// SARIF messages treat `{` and `}` as placeholder marks: literal ones are doubled.
    static func escapeBraces(_ text: String) -> String {
        // Most messages have none: the search for them cost more than writing the finding.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) else { return text }
        return text.replacing("{", with: "{{").replacing("}", with: "}}")
    }

    /// The two sections of a rule page that its descriptor quotes. They depend on the page alone:
    /// cut once per process for the pages eplint embeds, not on every report (a fuzzer's input
    /// paid 9% of its time for them).
    struct PageSections: Sendable {
        let documentation: String
        let whatItChecks: String?
        let howToFix: String?

        init(_ rule: RuleMetadata) {
            documentation = rule.documentation
            whatItChecks = section("What it checks", of: rule)
            howToFix = section("How to fix", of: rule)
        }

        private static let embedded = Dictionary(
            uniqueKeysWithValues: RuleCatalog.all.map { ($0.id, PageSections($0)) })

        /// Cut again for metadata whose page is not the embedded one.
        static func of(_ rule: RuleMetadata) -> PageSections {
            if let cut = embedded[rule.id], cut.documentation == rule.documentation { return cut }
            return PageSections(rule)
        }
    }

    /// The text of a `## Title` section of a rule page, up to the next heading.
    static func section(_ title: String, of rule: RuleMetadata) -> String? {
        let lines = rule.documentation.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "## \(title)"[...]) else { return nil }
        let body = lines[(start + 1)...].prefix { !$0.hasPrefix("## ") }
        let text = body.joined(separator: " ").split(separator: " ", omittingEmptySubsequences: true).joined(
            separator: " ")
        return text.isEmpty ? nil : String(text.prefix(1000))
    }
}
