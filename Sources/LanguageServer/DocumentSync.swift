import EplintBase
import LintEngine

/// Open documents: their text kept through full and incremental changes, linted, and their
/// diagnostics published.
extension LanguageServer {
    /// Asks the client to say when the files that decide a document's plan change on disk. Its
    /// answer, a response without a method, needs nothing.
    func registerWatchers() {
        let globs =
            ["**/.eplint.yml", "**/*.pbxproj", "**/*.xcconfig"] + FileKind.walkedSuffixes.map { "**/*" + $0 }
            + ["**/app.json"]
        let registration = JSONValue.object([
            ("id", .string("eplint-watched-files")), ("method", .string("workspace/didChangeWatchedFiles")),
            ("registerOptions", .object([("watchers", .array(globs.map { .object([("globPattern", .string($0))]) }))])),
        ])
        send(
            OutgoingMessage.request(
                id: .string("eplint-register-watchers"), "client/registerCapability",
                .object([("registrations", .array([registration]))])))
    }

    func didOpen(_ params: JSONNode?) {
        guard let item = params?["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else {
            return log("eplint lsp: textDocument/didOpen without textDocument.uri and text")
        }
        guard let path = FileURI.path(of: uri), DocumentLint.lints(path) || Self.isConfiguration(path) else { return }
        let bytes = Array(text.utf8)
        guard bytes.count <= TextDocument.maximumSize else {
            return log("eplint lsp: \(uri) is larger than \(TextDocument.maximumSize) bytes; not linted")
        }
        let document = TextDocument(uri: uri, path: path, version: item["version"]?.int ?? 0, text: bytes)
        store(document)
        // Open, its diagnostics are its own, no longer an entitlements file's on its behalf.
        var pushed = false
        for key in pairedShown.keys where pairedShown[key]?.remove(uri) != nil { pushed = true }
        if Self.isConfiguration(path) && configuration.path.map(identity) == identity(of: path)
            && configuration.showsProblem && pulls
        {
            configuration.showsProblem = false
            pushed = true
        }
        // A client that pulls has what was pushed while the document was closed cleared: from
        // now on, its pulls are its only diagnostics.
        if pushed && pulls {
            send(
                OutgoingMessage.notification("textDocument/publishDiagnostics", Self.diagnostics(uri, [], version: nil))
            )
        }
        markChanged(uri)
    }

    func didChange(_ params: JSONNode?) {
        guard let uri = params?["textDocument"]?["uri"]?.string, var document = documents[uri] else { return }
        for change in params?["contentChanges"]?.array ?? [] {
            guard let text = change["text"]?.string else { continue }
            var range: (start: Position, end: Position)?
            if let edited = change["range"] {
                guard let start = Self.position(edited["start"]), let end = Self.position(edited["end"]) else {
                    return log("eplint lsp: a change to \(uri) with an unreadable range; the document is unchanged")
                }
                range = (start, end)
            }
            guard document.replace(range, with: Array(text.utf8), encoding: encoding) else {
                return log("eplint lsp: \(uri) would be larger than \(TextDocument.maximumSize) bytes; change refused")
            }
        }
        document.version = params?["textDocument"]?["version"]?.int ?? document.version
        store(document)
        markEdited(document)
        markTyped(uri)
    }

    func didClose(_ params: JSONNode?) {
        guard let uri = params?["textDocument"]?["uri"]?.string, let closed = documents.remove(uri) else {
            return
        }
        findings[uri] = nil
        unlinted.remove(uri)
        // Closed, `.eplint.yml` is its saved text again: checked anew, its error shown on the file.
        if Self.isConfiguration(closed.path) {
            configuration.checked = nil
            configuration.showsProblem = false
            configuration.stale = true
        }
        // A closed entitlements file is its saved text again for the Info.plists paired with it;
        // those not open were shown for its unsaved text, and are cleared.
        if FileKind(path: closed.path) == .entitlements {
            let paired = DocumentLint(workspace: workspace, configuration: lintConfiguration)
                .infoPlists(pairedWith: closed.path, open: documents)
            let beside = documents.uris(in: folderKey(of: closed.path))
            for other in paired.compactMap({ openDocument(atPath: $0)?.uri }) + beside {
                markChanged(other, byItsEdit: false)
            }
            clearPaired(uri)
        }
        // Closed, its findings are no longer the editor's to show.
        send(OutgoingMessage.notification("textDocument/publishDiagnostics", Self.diagnostics(uri, [], version: nil)))
    }

    func didSave(_ params: JSONNode?) {
        guard let uri = params?["textDocument"]?["uri"]?.string, let document = documents[uri] else { return }
        // Saved, the file may be new, or new under its old name (an atomic save): its identity
        // is learnt again.
        fileSystem.forgetIdentities()
        store(document)
        markEdited(document)
        markChanged(uri)
    }

    /// An open document's findings in its current text, linted now if they may have changed.
    func currentFindings(_ document: TextDocument) -> [Diagnostic] {
        if unlinted.contains(document.uri) { _ = lint(document) }
        return findings[document.uri] ?? []
    }

    /// Lints a document and sends its diagnostics: its findings, or the run's failure (an Xcode
    /// project that cannot be read, a path not followed; a broken `.eplint.yml` is
    /// `ConfigurationDocument`'s) as one diagnostic at its line 1.
    func publish(_ document: TextDocument) {
        send(
            OutgoingMessage.notification(
                "textDocument/publishDiagnostics",
                Self.diagnostics(document.uri, lint(document), version: document.version)
            ))
    }

    /// Lints a document's current text and keeps its findings (an open one's); its diagnostics:
    /// the findings, or the run's failure (`failureDiagnostic`), which has no findings to act on.
    func lint(_ document: TextDocument) -> [JSONValue] {
        let outside = isOutsideWorkspace(document.path)
        if outside && noted.insert(document.uri).inserted {
            send(
                OutgoingMessage.notification(
                    "window/logMessage",
                    .object([
                        ("type", .integer(3)),
                        (
                            "message",
                            .string(
                                "eplint: \(document.path) is outside the workspace folders: linted without includes and without an Xcode project"
                            )
                        ),
                    ])))
        }
        switch DocumentLint(workspace: workspace, configuration: lintConfiguration, outsideWorkspace: outside).findings(
            of: document, open: documents)
        {
        case .success(let found):
            keep(found, of: document)
            let lines = LineTable(document.text)
            return found.map { DocumentLint.json($0, in: document, lines: lines, encoding: encoding) }
        case .failure(let failure):
            // On the document, where the user works; a pop-up as well would say it twice, at every keystroke.
            log("eplint: \(failure.message)")
            keep([], of: document)
            return [Self.failureDiagnostic(failure, in: document, encoding: encoding)]
        }
    }

    /// An open document's findings, now those of its current text.
    private func keep(_ found: [Diagnostic], of document: TextDocument) {
        guard documents[document.uri] != nil else { return }
        findings[document.uri] = found
        unlinted.remove(document.uri)
    }
}
