import EplintBase
import LintEngine
import LintRun
import RunPlan

/// Lints an open document through the command line's run (`LintRun.run`), its unsaved text
/// standing in for the file, and turns its findings into the protocol's diagnostics.
struct DocumentLint {
    let workspace: WorkspaceFileSystem
    /// `.eplint.yml` of the workspace (its absolute path) and the text it is read from: the
    /// last text that read without error (`ConfigurationDocument`).
    let configuration: (path: String, text: [UInt8])?

    /// Whether the documents linted are outside every workspace folder: then without includes
    /// (their folder is no include root) and without a project (none is looked for outside
    /// the root).
    var outsideWorkspace = false

    init(workspace: WorkspaceFileSystem, configuration: (path: String, text: [UInt8])?, outsideWorkspace: Bool = false)
    {
        self.workspace = workspace
        self.configuration = configuration
        self.outsideWorkspace = outsideWorkspace
    }

    /// The workspace's `.eplint.yml` on disk: nearest to its root, as the command line finds it
    /// from its working directory, absolute so that its globs are the root's.
    enum SavedConfiguration {
        case none
        case text(path: String, text: [UInt8])
        /// There, but not to be read: a device, a FIFO, too large, a link that leads out of
        /// the folder it is in and of the workspace (git stores links). The run must not read it.
        case unreadable(path: String, message: String)
    }

    /// Larger configurations are refused, as larger documents are.
    static var configurationLimit: Int { TextDocument.maximumSize }

    static func configurationFile(workspace: WorkspaceFileSystem) -> SavedConfiguration {
        let root = workspace.root
        func inWorkspace(_ path: String) -> String {
            path.hasPrefix("/") ? path : PathArithmetic.normalized(root + "/" + path)
        }
        do throws(PlanFailure) {
            guard let found = try workspace.configurationFile(explicit: nil) else { return .none }
            let path = inWorkspace(found.path)
            // Where the file really is (its link followed): inside its own folder or the workspace.
            let real = workspace.canonicalFolder(path)
            let inside = [PathArithmetic.normalized(path + "/.."), root].map(workspace.canonicalFolder).contains {
                real.hasPrefix($0 == "/" ? "/" : $0 + "/")
            }
            guard inside else {
                return .unreadable(
                    path: path, message: ".eplint.yml is a link that leads outside the workspace; not read")
            }
            let text = Array(found.text.utf8)
            guard text.count <= configurationLimit else {
                return .unreadable(
                    path: path, message: ".eplint.yml is larger than \(configurationLimit) bytes; not read")
            }
            return .text(path: path, text: text)
        } catch {
            // The nearest `.eplint.yml` that is there (the one the discovery stopped at).
            var directory = root
            while true {
                let candidate = (directory == "/" ? "" : directory) + "/.eplint.yml"
                if workspace.status(of: candidate) != nil || directory == "/" {
                    return .unreadable(path: candidate, message: error.message)
                }
                directory = PathArithmetic.normalized(directory + "/..")
            }
        }
    }

    /// Whether eplint lints a file of this name: property lists, entitlements and Expo's configuration.
    static func lints(_ path: String) -> Bool { LintedFile(path: path) != nil }

    /// The document's findings, their fixes resolved to edits, or the run's failure (a broken configuration).
    /// `open`: every open document, whose texts stand in for their files (an entitlements file's
    /// for the Info.plist paired with it).
    func findings(of document: TextDocument, open: OpenDocuments = OpenDocuments()) -> Result<[Diagnostic], RunFailure>
    {
        run(document, open: open).map { $0.report.diagnostics.filter { $0.file == document.path } }
    }

    /// The document's text with every safe fix applied, as `eplint --fix` would write it (`--diff`'s
    /// proposal: nothing is written); nil when nothing would change or the run failed.
    func fixedText(of document: TextDocument, open: OpenDocuments = OpenDocuments()) -> [UInt8]? {
        guard case .success(let outcome) = run(document, open: open, diff: true) else { return nil }
        return outcome.fixRun?.proposedText(of: document.path)
    }

    /// The Info.plists the workspace's run pairs with an entitlements file (`LintRun.infoPlists`);
    /// none when its plan cannot be made (a failure the documents' own runs show).
    func infoPlists(pairedWith entitlements: String, open: OpenDocuments) -> [String] {
        (try? LintRun.infoPlists(
            pairedWith: entitlements, options([workspace.root], open: open),
            host: ServerHost(workspace: workspace)))
            ?? []
    }

    /// A run's options over `paths`: the open documents' texts (by path) stand in for their
    /// files, the configuration's last good text for `.eplint.yml`.
    private func options(_ paths: [String], open: OpenDocuments) -> LintOptions {
        let unsaved = open.texts
        var options = LintOptions()
        options.plan.paths = paths
        options.plan.readRoots = [workspace.root]
        options.unsavedTexts = unsaved
        options.unsavedTextsByFile = open.textsByFile
        if let configuration {
            options.config = configuration.path
            // The server's texts hold it already (`OpenDocuments.setConfiguration`).
            if unsaved[configuration.path] == nil { options.unsavedTexts[configuration.path] = configuration.text }
        }
        return options
    }

    private func run(_ document: TextDocument, open: OpenDocuments, diff: Bool = false) -> Result<
        RunOutcome, RunFailure
    > {
        var options = options([document.path], open: open)
        options.plan.pathsAreIncludeRoots = !outsideWorkspace
        // The findings' fixes as edits: the run resolves them against the text it linted.
        options.needs = .fixEdits
        // An open document's text is among `unsaved` already; one that is not open is its file.
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
