import EplintBase

/// Requests about an open document: code actions, hover, pull diagnostics.
extension LanguageServer {
    /// The open document a request names (nil for one eplint does not lint, which has nothing
    /// to show), or the error to answer with.
    func document(_ params: JSONNode?) -> Result<TextDocument?, RPCError> {
        guard let uri = params?["textDocument"]?["uri"]?.string else {
            return .failure(RPCError(.invalidParams, "textDocument.uri is missing"))
        }
        return .success(documents[uri])
    }

    func codeAction(_ params: JSONNode?) -> Result<JSONValue, RPCError> {
        document(params).flatMap { document in
            guard let document else { return .success(.array([])) }
            guard let start = Self.position(params?["range"]?["start"]),
                let end = Self.position(params?["range"]?["end"])
            else { return .failure(RPCError(.invalidParams, "range is missing or not a range")) }
            let found = currentFindings(document)
            var actions = CodeActions.actions(
                for: found, in: document, range: (start, end), encoding: encoding, text: otherFile)
            // `only` narrows by kind prefix: ["quickfix"], ["source.fixAll"], ["source"].
            let only = params?["context"]?["only"]?.array?.compactMap(\.string)
            let wantsFixAll = only?.contains { "source.fixAll.eplint".hasPrefix($0) } ?? true
            if wantsFixAll, found.contains(where: { $0.fix?.applicability == .safe && $0.fix?.edits.isEmpty == false }),
                let fixed = DocumentLint(
                    workspace: workspace, configuration: lintConfiguration,
                    outsideWorkspace: isOutsideWorkspace(document.path)
                ).fixedText(
                    of: document, open: documents)
            {
                actions.append(CodeActions.fixAll(document, fixed: fixed, encoding: encoding))
            }
            if let only {
                actions = actions.filter { action in
                    guard case .object(let members) = action,
                        case .string(let kind)? = members.first(where: { $0.0 == "kind" })?.1
                    else { return false }
                    return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
                }
            }
            return .success(.array(actions))
        }
    }

    /// A file a fix moves an entry into: its open document, else its text on disk.
    func otherFile(_ path: String) -> TextDocument? {
        if let open = openDocument(atPath: path) { return open }
        guard
            case .success(let bytes) = workspace.contents(
                of: path, limit: TextDocument.maximumSize)
        else { return nil }
        return TextDocument(uri: FileURI.uri(of: path), path: path, version: 0, text: bytes)
    }

    func hover(_ params: JSONNode?) -> Result<JSONValue, RPCError> {
        document(params).flatMap { document in
            guard let document else { return .success(.null) }
            guard let position = Self.position(params?["position"]) else {
                return .failure(RPCError(.invalidParams, "position is missing or not a position"))
            }
            return .success(
                RuleHover.hover(at: position, in: document, findings: currentFindings(document), encoding: encoding))
        }
    }

    /// Pull diagnostics (LSP 3.17): the document linted now, as a full report.
    func pullDiagnostics(_ params: JSONNode?) -> Result<JSONValue, RPCError> {
        document(params).flatMap { document in
            guard let document else { return .success(.object([("kind", .string("full")), ("items", .array([]))])) }
            if Self.isConfiguration(document.path) {
                let items =
                    configuration.path.map(identity) == identity(of: document.path) ? configurationDiagnostics() : []
                return .success(.object([("kind", .string("full")), ("items", .array(items))]))
            }
            return .success(.object([("kind", .string("full")), ("items", .array(lint(document)))]))
        }
    }
}
