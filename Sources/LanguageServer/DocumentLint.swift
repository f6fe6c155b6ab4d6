import EplintBase
import LintEngine
import LintRun

/// Lints an open document through the command line's run (`LintRun.run`), its unsaved text
/// standing in for the file, and turns its findings into the protocol's diagnostics.
struct DocumentLint {
    let workspace: WorkspaceFileSystem
    /// `.eplint.yml` of the workspace (its absolute path) and the text it is read from: the
    /// last text that read without error (`ConfigurationDocument`).
    let configuration: (path: String, text: [UInt8])?

    init(root: String, configuration: (path: String, text: [UInt8])?) {
        workspace = WorkspaceFileSystem(root: root)
        self.configuration = configuration
    }

    /// The workspace's `.eplint.yml` and its text on disk: nearest to its root, as the command
    /// line finds it from its working directory, absolute so that its globs are the root's; nil
    /// when there is none.
    static func configurationFile(root: String) -> (path: String, text: [UInt8])? {
        guard let found = try? WorkspaceFileSystem(root: root).configurationFile(explicit: nil) else { return nil }
        let path = found.path.hasPrefix("/") ? found.path : PathArithmetic.normalized(root + "/" + found.path)
        return (path, Array(found.text.utf8))
    }

    /// Whether eplint lints a file of this name: property lists, entitlements and Expo's configuration.
    static func lints(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".plist") || name.hasSuffix(".entitlements") || name == "app.json"
            || name == "app.config.json"
    }

    /// The document's findings, their fixes resolved to edits, or the run's failure (a broken configuration).
    /// `open`: every open document, whose texts stand in for their files (an entitlements file's
    /// for the Info.plist paired with it).
    func findings(of document: TextDocument, open: [TextDocument] = []) -> Result<[Diagnostic], RunFailure> {
        run(document, open: open).map { $0.report.diagnostics.filter { $0.file == document.path } }
    }

    /// The document's text with every safe fix applied, as `eplint --fix` would write it (`--diff`'s
    /// proposal: nothing is written); nil when nothing would change or the run failed.
    func fixedText(of document: TextDocument, open: [TextDocument] = []) -> [UInt8]? {
        guard case .success(let outcome) = run(document, open: open, diff: true) else { return nil }
        return outcome.fixRun?.proposedText(of: document.path)
    }

    /// The Info.plists the workspace's run pairs with an entitlements file (`LintRun.infoPlists`);
    /// none when its plan cannot be made (a failure the documents' own runs show).
    func infoPlists(pairedWith entitlements: String, open: [TextDocument]) -> [String] {
        (try? LintRun.infoPlists(
            pairedWith: entitlements, options([workspace.root], open: open), host: ServerHost(workspace: workspace)))
            ?? []
    }

    /// A run's options over `paths`: the open documents' texts stand in for their files, the
    /// configuration's last good text for `.eplint.yml`.
    private func options(_ paths: [String], open: [TextDocument]) -> LintOptions {
        var options = LintOptions()
        options.plan.paths = paths
        options.plan.readRoots = [workspace.root]
        options.unsavedTexts = Dictionary(open.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        if let configuration {
            options.config = configuration.path
            options.unsavedTexts[configuration.path] = configuration.text
        }
        return options
    }

    private func run(_ document: TextDocument, open: [TextDocument], diff: Bool = false) -> Result<
        RunOutcome, RunFailure
    > {
        var options = options([document.path], open: open)
        // A report that shows fixes as edits: the run resolves them against the text it linted.
        options.format = OutputFormat(rawValue: "json")!
        options.unsavedTexts[document.path] = document.text
        options.diff = diff
        let outcome: RunOutcome
        do throws(RunFailure) {
            outcome = try LintRun.run(options, host: ServerHost(workspace: workspace))
        } catch {
            return .failure(error)
        }
        if let failure = outcome.report.failures.first { return .failure(RunFailure(message: failure)) }
        return .success(outcome)
    }

    static func json(_ diagnostic: Diagnostic, in document: TextDocument, lines: LineTable, encoding: PositionEncoding)
        -> JSONValue
    {
        func position(_ point: SourcePosition) -> Position {
            document.position(line: point.line, scalarColumn: point.column, encoding: encoding, lines: lines)
        }
        let range = diagnostic.range
        // The protocol's severities: 1 error, 2 warning, 3 information.
        let severity =
            switch diagnostic.severity {
            case .error: 1
            case .warning: 2
            case .note: 3
            }
        let page = ToolIdentity.page("Rules/\(diagnostic.rule.rawValue).md", at: ToolIdentity.version)
        var members: [(String, JSONValue)] = [
            ("range", .object([("start", position(range.start).json), ("end", position(range.end).json)])),
            ("severity", .integer(severity)),
            ("code", .string(diagnostic.rule.rawValue)),
            ("codeDescription", .object([("href", .string(page))])),
            ("source", .string("eplint")),
            ("message", .string(diagnostic.message)),
        ]
        let related = diagnostic.related.filter { $0.file == document.path }
        if !related.isEmpty {
            members.append(
                (
                    "relatedInformation",
                    .array(
                        related.map { location in
                            .object([
                                (
                                    "location",
                                    .object([
                                        ("uri", .string(document.uri)),
                                        (
                                            "range",
                                            .object([
                                                ("start", position(location.range.start).json),
                                                ("end", position(location.range.end).json),
                                            ])
                                        ),
                                    ])
                                ),
                                ("message", .string(location.message)),
                            ])
                        })
                ))
        }
        return .object(members)
    }
}
