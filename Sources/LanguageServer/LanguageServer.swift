import EplintBase
import LintEngine
import RunPlan

/// `eplint lsp`: the Language Server Protocol over a byte stream. Messages are handled in order;
/// those that arrived together are one burst, each document it changed linted once through the
/// command line's run. Here: the lifecycle and dispatch; `DocumentSync` keeps the documents,
/// `DocumentRequests` answers questions about them.
package final class LanguageServer {
    package enum State { case starting, running, shutDown }

    package private(set) var state = State.starting
    package private(set) var encoding = PositionEncoding.utf16
    package internal(set) var documents = OpenDocuments()
    /// Each open document's findings in its current text (URI → findings), for code actions and hover.
    var findings: [String: [Diagnostic]] = [:]
    /// Where relative paths of the configuration and Xcode projects are resolved: the
    /// workspace's root, else the process's working directory.
    package private(set) var root: String
    /// Every workspace folder the client named (`workspaceFolders`, else `rootUri`), as spelled.
    private(set) var workspaceFolders: [String] = []
    /// Documents outside every workspace folder that the client was told about (once each).
    var noted: Set<String> = []
    /// Set by `exit`: the status the process ends with.
    private(set) var exitStatus: Int32?
    let send: ([UInt8]) -> Void
    /// Whether the client watches files for the server when asked (`client/registerCapability`).
    private var watchesFiles = false
    /// Whether the client pulls diagnostics (`textDocument.diagnostic`, LSP 3.17): then an open
    /// document's diagnostics are only its pulls' answers, never pushed too (a client keeps the
    /// two sets apart, and Neovim shows both). Documents that are not open are still pushed:
    /// nothing pulls them.
    private(set) var pulls = false
    /// Whether the client re-pulls its open documents when asked (`workspace/diagnostic/refresh`).
    private var refreshes = false
    /// Open documents whose findings may have changed since they were last linted (when the
    /// client pulls, nothing lints them until a request about them does).
    var unlinted: Set<String> = []
    /// Whether an open document changed for a reason other than its own edit (an entitlements
    /// file, `.eplint.yml`, a watched file) since the client was last asked to pull again.
    private var refreshWanted = false
    private var refreshRequests = 0

    /// How long after a document's last change its diagnostics are pushed, in milliseconds:
    /// `initializationOptions.debounceMilliseconds` (0 to 10,000), else 150. A save, an open or a
    /// request about the document lints it at once.
    private(set) var debounce = 150
    /// The host's file system: every read of the server goes through it.
    let fileSystem: any PlanFileSystem
    /// The file system seen from the root: how the server reads its workspace.
    var workspace: WorkspaceFileSystem { WorkspaceFileSystem(root: root, host: fileSystem) }
    /// Now, in milliseconds (a test gives its own clock: nothing is timed).
    let clock: () -> Int
    /// Documents changed by the client and not linted yet → when they last changed.
    private var typedAt: [String: Int] = [:]

    /// `send` writes one framed message; `root` is the root until `initialize` names one.
    /// `fileSystem`: the host's, through which every read of the server goes.
    package init(
        root: String, fileSystem: any PlanFileSystem,
        clock: @escaping () -> Int = LanguageServer.monotonicMilliseconds, send: @escaping ([UInt8]) -> Void
    ) {
        self.root = root
        self.fileSystem = fileSystem
        self.clock = clock
        self.send = send
    }

    /// Reads and handles messages until `exit` or the end of the input; the process's exit status.
    /// `ready(milliseconds)`: whether the input has something within that time, which is how
    /// long the server waits before pushing the diagnostics of a change.
    package func serve(
        _ input: some ByteSource, ready: (Int) -> Bool = LanguageServer.standardInputReady(within:)
    ) -> Int32 {
        var frames = FrameReader(input)
        while exitStatus == nil {
            if let wait = nextLint, !frames.hasUnreadInput, !ready(wait) {
                lintDue()
                continue
            }
            switch frames.next() {
            case .message(let body):
                // What else the client sent meanwhile is handled with it: a burst of keystrokes is
                // linted once, and a request cancelled before its turn is not worked on.
                var bodies = [body]
                while let more = frames.bufferedMessage() { bodies.append(more) }
                handle(bodies)
            case .skipped(let reason): log("eplint lsp: \(reason)")
            case .broken(let reason):
                log("eplint lsp: \(reason); the input cannot be read on, stopping")
                return 1
            case .end:
                // The client went away: exit as `exit` would have.
                return state == .shutDown ? 0 : 1
            }
        }
        return exitStatus ?? 1
    }

    /// Handles one message's body.
    package func handle(_ body: [UInt8]) { handle([body]) }

    /// Handles messages that arrived together, in order; each document they changed is linted
    /// once, before a request that may ask about it and at the end.
    package func handle(_ bodies: [[UInt8]]) {
        let messages = bodies.map(IncomingMessage.decode)
        // Requests cancelled by `$/cancelRequest` among these messages (ids as "i5" or "sabc").
        var cancelled: Set<String> = []
        for case .success(let message) in messages where message.method == "$/cancelRequest" {
            if let key = message.params?["id"].flatMap(Self.idKey) { cancelled.insert(key) }
        }
        for decoded in messages where exitStatus == nil {
            let message: IncomingMessage
            switch decoded {
            case .success(let read): message = read
            case .failure(let error):
                send(OutgoingMessage.error(error, id: error.id ?? .null))
                continue
            }
            guard let method = message.method else { continue }  // A response to a request of ours (none yet).
            guard let id = message.id else {
                notification(method, message.params)
                continue
            }
            // A request may ask about a document typed in: its findings must be the text's.
            for uri in typedAt.keys.sorted() { markChanged(uri) }
            typedAt = [:]
            lintChanged()
            if cancelled.contains(Self.idKey(id)) {
                send(OutgoingMessage.error(RPCError(.requestCancelled, "the request was cancelled"), id: id))
                continue
            }
            switch request(method, message.params) {
            case .success(let result): send(OutgoingMessage.response(id: id, result: result))
            case .failure(let error): send(OutgoingMessage.error(error, id: id))
            }
        }
        if exitStatus == nil { lintDue() }
    }

    /// A document the client changed: linted once `debounce` has passed without another change.
    func markTyped(_ uri: String) { typedAt[uri] = clock() }

    /// Milliseconds until the next typed document is due, nil when none waits.
    var nextLint: Int? {
        typedAt.values.min().map { max(0, $0 + debounce - clock()) }
    }

    /// Lints what changed: what was opened or saved, and what was typed into `debounce` ago or more.
    func lintDue() {
        let now = clock()
        for (uri, at) in typedAt.sorted(by: { $0.value < $1.value }) where now - at >= debounce {
            typedAt[uri] = nil
            markChanged(uri)
        }
        lintChanged()
    }

    /// A request id as a key: integers and strings apart (an id is one or the other when decoded).
    private static func idKey(_ node: JSONNode) -> String? {
        if let number = node.int { return idKey(.integer(number)) }
        return node.string.map { idKey(.string($0)) }
    }

    private static func idKey(_ id: JSONValue) -> String {
        switch id {
        case .integer(let number): "i\(number)"
        case .string(let text): "s" + text
        default: ""
        }
    }

    /// `.eplint.yml`: the text documents are linted with, and its error.
    var configuration = ConfigurationState()

    /// Entitlements file edited since it was opened (URI) → the Info.plists not open whose
    /// diagnostics were published for it. Opened, it stands for its saved text: nothing to add.
    var pairedShown: [String: Set<String>] = [:]

    /// Documents changed since they were last linted, in the order they changed (and as a set).
    private var changed: [String] = []
    private var changedSet: Set<String> = []

    /// Checks `.eplint.yml` if it may have changed (a changed configuration re-lints every open
    /// document), then lints each changed document that is still open and publishes its diagnostics.
    private func lintChanged() {
        if refreshConfiguration() { for uri in documents.keys.sorted() { markChanged(uri, byItsEdit: false) } }
        var index = 0
        while index < changed.count {
            let uri = changed[index]
            index += 1
            guard let document = documents[uri], !Self.isConfiguration(document.path) else { continue }
            // Its text now is linted: a change waiting for the delay needs no lint of its own.
            typedAt[uri] = nil
            if pulls { unlinted.insert(uri) } else { publish(document) }
            guard documents.entitlements.contains(uri) else { continue }
            // What an entitlements file pairs with is linted against its text: the open
            // documents the run pairs with it, or that are beside it, are linted again too.
            let paired = DocumentLint(workspace: workspace, configuration: lintConfiguration)
                .infoPlists(pairedWith: document.path, open: documents)
            let beside = documents.uris(in: documents.folder(of: uri) ?? folderKey(of: document.path))
            for other in paired.compactMap({ openDocument(atPath: $0)?.uri }) + beside {
                enqueue(other, byItsEdit: false)
            }
            if pairedShown[uri] != nil { publishPaired(document, paired: paired) }
        }
        changed = []
        changedSet = []
        if pulls && refreshes && refreshWanted {
            refreshRequests += 1
            send(
                OutgoingMessage.request(
                    id: .string("eplint-refresh-\(refreshRequests)"), "workspace/diagnostic/refresh", .null))
        }
        refreshWanted = false
    }

    /// A document to lint again. Each change has `.eplint.yml` looked at again (a client may not
    /// report the file's changes on disk). An entitlements file's change re-lints what pairs
    /// with it when it is linted (`lintChanged`).
    /// `byItsEdit`: the client changed this document itself (and pulls it again if it pulls).
    func markChanged(_ uri: String, byItsEdit: Bool = true) {
        configuration.stale = true
        enqueue(uri, byItsEdit: byItsEdit)
    }

    private func enqueue(_ uri: String, byItsEdit: Bool) {
        typedAt[uri] = nil
        guard changedSet.insert(uri).inserted else { return }
        changed.append(uri)
        if !byItsEdit { refreshWanted = true }
    }

    private func request(_ method: String, _ params: JSONNode?) -> Result<JSONValue, RPCError> {
        switch (state, method) {
        case (.starting, "initialize"): return .success(initialize(params))
        case (.starting, _): return .failure(RPCError(.serverNotInitialized, "the server is not initialized"))
        case (.shutDown, _): return .failure(RPCError(.invalidRequest, "the server was shut down"))
        case (.running, "initialize"): return .failure(RPCError(.invalidRequest, "the server is already initialized"))
        case (.running, "shutdown"):
            state = .shutDown
            return .success(.null)
        case (.running, "textDocument/codeAction"): return codeAction(params)
        case (.running, "textDocument/hover"): return hover(params)
        case (.running, "textDocument/diagnostic"): return pullDiagnostics(params)
        default: return .failure(RPCError(.methodNotFound, "unknown method '\(method)'"))
        }
    }

    private func notification(_ method: String, _ params: JSONNode?) {
        if method == "exit" {
            exitStatus = state == .shutDown ? 0 : 1
            return
        }
        // Before `initialize`, notifications are dropped (the protocol says so); after
        // `shutdown`, only `exit` is expected.
        guard state == .running else { return }
        switch method {
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didClose": didClose(params)
        case "textDocument/didSave": didSave(params)
        case "initialized" where watchesFiles: registerWatchers()
        case "workspace/didChangeWatchedFiles": watchedFilesChanged(params)
        default: break  // `initialized`, `$/…` and anything unknown need no answer.
        }
    }

    private func initialize(_ params: JSONNode?) -> JSONValue {
        let offered = params?["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        if let delay = params?["initializationOptions"]?["debounceMilliseconds"]?.int, (0...10_000).contains(delay) {
            debounce = delay
        }
        let capabilities = params?["capabilities"]
        watchesFiles = capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.isTrue ?? false
        pulls = capabilities?["textDocument"]?["diagnostic"]?.isObject ?? false
        refreshes = capabilities?["workspace"]?["diagnostics"]?["refreshSupport"]?.isTrue ?? false
        // The first workspace folder, else the deprecated rootUri, else the working directory.
        let folders = (params?["workspaceFolders"]?.array?.compactMap { $0["uri"]?.string } ?? [])
        workspaceFolders = (folders.isEmpty ? [params?["rootUri"]?.string].compactMap { $0 } : folders)
            .compactMap(FileURI.path(of:)).map(PathArithmetic.normalized)
        if let first = workspaceFolders.first { root = first }
        state = .running
        return .object([
            (
                "capabilities",
                .object([
                    ("positionEncoding", .string(encoding.rawValue)),
                    (
                        "textDocumentSync",
                        .object([
                            ("openClose", .bool(true)),
                            // 2: incremental (a full text is accepted too).
                            ("change", .integer(2)),
                            ("save", .object([("includeText", .bool(false))])),
                        ])
                    ),
                    (
                        "codeActionProvider",
                        .object([("codeActionKinds", .array([.string("quickfix"), .string("source.fixAll.eplint")]))])
                    ),
                    ("hoverProvider", .bool(true)),
                    (
                        "diagnosticProvider",
                        .object([("interFileDependencies", .bool(true)), ("workspaceDiagnostics", .bool(false))])
                    ),
                ])
            ),
            ("serverInfo", .object([("name", .string("eplint")), ("version", .string(ToolIdentity.version))])),
        ])
    }

    static func diagnostics(_ uri: String, _ diagnostics: [JSONValue], version: Int?) -> JSONValue {
        var members: [(String, JSONValue)] = [("uri", .string(uri))]
        if let version { members.append(("version", .integer(version))) }
        members.append(("diagnostics", .array(diagnostics)))
        return .object(members)
    }

    static func position(_ node: JSONNode?) -> Position? {
        guard let line = node?["line"]?.int, let character = node?["character"]?.int, line >= 0, character >= 0 else {
            return nil
        }
        return Position(line: line, character: character)
    }

    /// A line for the client's log: standard error, which clients show as the server's output.
    func log(_ text: String) { ServerHost.standardError(text + "\n") }
}
