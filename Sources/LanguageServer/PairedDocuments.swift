import LintEngine

/// An entitlements file's text is what the Info.plists paired with it are linted against,
/// open or not: once edited, its changes re-lint those that are not open too (their saved
/// text), and their diagnostics are published as the open documents' are.
extension LanguageServer {
    /// `paired`: the Info.plists the run pairs with it (`DocumentLint.infoPlists`).
    func publishPaired(_ entitlements: TextDocument, paired: [String]) {
        var shown: Set<String> = []
        // Read through the workspace's file system, as the run reads; named as the workspace spells it.
        let workspace = workspace
        for found in paired where openDocument(atPath: found) == nil {
            let path = workspaceSpelling(canonical(found))
            guard case .success(let text) = workspace.contents(of: path, limit: TextDocument.maximumSize) else {
                continue
            }
            let document = TextDocument(uri: FileURI.uri(of: path), path: path, version: 0, text: text)
            let diagnostics = lint(document)
            send(
                OutgoingMessage.notification(
                    "textDocument/publishDiagnostics", Self.diagnostics(document.uri, diagnostics, version: nil)))
            shown.insert(document.uri)
        }
        // One that no longer pairs with it (an `entitlements:` edited) is cleared.
        clearPaired(entitlements.uri, keeping: shown)
        pairedShown[entitlements.uri] = shown
    }

    /// An edit or a save of an entitlements file: from now on, its closed Info.plists are linted with it.
    func markEdited(_ document: TextDocument) {
        if FileKind(path: document.path) == .entitlements && pairedShown[document.uri] == nil {
            pairedShown[document.uri] = []
        }
    }

    /// Clears the diagnostics published for an entitlements file's Info.plists that are not open.
    func clearPaired(_ entitlements: String, keeping kept: Set<String> = []) {
        for uri in (pairedShown.removeValue(forKey: entitlements) ?? []).subtracting(kept).sorted()
        where documents[uri] == nil {
            send(
                OutgoingMessage.notification("textDocument/publishDiagnostics", Self.diagnostics(uri, [], version: nil))
            )
        }
    }
}
