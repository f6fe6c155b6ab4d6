import EplintBase
import LintEngine
import LintRun

/// `.eplint.yml` as a document. The command line stops at a broken configuration (exit 2, the
/// message with its line); in the editor that message is a diagnostic at its line (EP012), and
/// the other documents are linted with the last text that read without error.
struct ConfigurationState {
    /// The workspace's `.eplint.yml` (absolute) when it was last checked.
    var path: String?
    /// The text last checked, and the last one that read without error.
    var checked: [UInt8]?
    var lastGood: [UInt8]?
    /// The error of the text last checked: its 1-based line and message.
    var problem: (line: Int, message: String)?
    /// Whether a diagnostic is showing on `path` (so that a fixed file's is cleared once).
    var showsProblem = false
    /// Set by whatever may have changed the file (an edit, a save, a watched-file change).
    var stale = true
    /// Why the file on disk is not read, when it is not (`DocumentLint.SavedConfiguration`).
    var refused: String?
}

extension LanguageServer {
    static func isConfiguration(_ path: String) -> Bool { path.split(separator: "/").last == ".eplint.yml" }

    /// What documents are linted with: the configuration's path and its last good text (an
    /// empty text, the defaults, while none has read without error).
    var lintConfiguration: (path: String, text: [UInt8])? {
        configuration.path.map { ($0, configuration.lastGood ?? []) }
    }

    /// Checks `.eplint.yml` (its open text, else the file) when it may have changed, through the
    /// run's own first step; publishes or clears its diagnostic. True when the configuration
    /// documents are linted with changed.
    @discardableResult
    func refreshConfiguration() -> Bool {
        guard configuration.stale else { return false }
        configuration.stale = false
        var saved: (path: String, text: [UInt8])?
        var unreadable: (path: String, message: String)?
        switch DocumentLint.configurationFile(workspace: workspace) {
        case .none: break
        case .text(let path, let text): saved = (path, text)
        case .unreadable(let path, let message): unreadable = (path, message)
        }
        // An open `.eplint.yml` at the root counts before it is first saved, whatever spelling
        // it was opened by; it is named as the workspace spells it, as a saved one is.
        let atRoot = root == "/" ? "/.eplint.yml" : root + "/.eplint.yml"
        let path = saved?.path ?? unreadable?.path ?? (openDocument(atPath: atRoot) != nil ? atRoot : nil)
        let open = path.flatMap(openDocument(atPath:))
        let text = open?.text ?? saved?.text
        // Not to be read, it is EP012 at line 1, and the last good text applies (the defaults
        // when there is none): the run is given that text, never the file.
        let refused = open == nil ? unreadable?.message : nil
        guard path != configuration.path || text != configuration.checked || refused != configuration.refused else {
            return false
        }
        if let old = configuration.path, old != path, configuration.showsProblem {
            publishConfiguration(old, [], version: nil)
        }
        let before = lintConfiguration.map { $0.text }
        configuration.path = path
        configuration.checked = text
        configuration.refused = refused
        configuration.problem = nil
        if let refused {
            configuration.problem = (1, refused)
        } else if let path {
            var options = LintOptions()
            options.config = path
            options.unsavedTexts[path] = text ?? []
            do throws(RunFailure) {
                _ = try LintRun.configuration(options, host: ServerHost(workspace: workspace))
                configuration.lastGood = text
            } catch {
                configuration.problem = Self.problem(error.message, path: path, text: text ?? [])
            }
        } else {
            configuration.lastGood = nil
        }
        if let path, configuration.problem != nil || configuration.showsProblem {
            publishConfiguration(path, configurationDiagnostics(), version: open?.version)
        }
        documents.setConfiguration(lintConfiguration)
        return lintConfiguration.map { $0.text } != before
    }

    /// `.eplint.yml`'s diagnostics: its error, if any.
    func configurationDiagnostics() -> [JSONValue] {
        guard let path = configuration.path, let problem = configuration.problem else { return [] }
        let document = TextDocument(
            uri: FileURI.uri(of: path), path: path, version: 0, text: configuration.checked ?? [])
        let rule = RuleID.ep012ConfigurationError
        return [
            Self.lineDiagnostic(
                line: problem.line, of: document, code: rule.rawValue,
                page: ToolIdentity.page("Rules/\(rule).md", at: ToolIdentity.version), message: problem.message,
                encoding: encoding)
        ]
    }

    private func publishConfiguration(_ path: String, _ diagnostics: [JSONValue], version: Int?) {
        let open = openDocument(atPath: path)
        // Open in a client that pulls, its pulls show the error.
        if pulls && open != nil { return }
        configuration.showsProblem = !diagnostics.isEmpty
        let uri = open?.uri ?? FileURI.uri(of: path)
        send(
            OutgoingMessage.notification(
                "textDocument/publishDiagnostics", Self.diagnostics(uri, diagnostics, version: version)))
    }

    /// The line and message of a failure the command line would stop with: the configuration's
    /// errors start `PATH:LINE: `; a file it names that is not followed (`regions: in PATH
    /// names …`) is shown at the line of its key; another (an xcconfig it names cannot be read)
    /// at line 1.
    static func problem(_ message: String, path: String, text: [UInt8]) -> (line: Int, message: String) {
        guard message.hasPrefix(path + ":") else { return (keyLine(naming: message, path: path, text: text), message) }
        let rest = message.dropFirst(path.count + 1)
        let digits = rest.prefix { $0.isNumber }
        guard let line = Int(digits), line > 0, rest.dropFirst(digits.count).hasPrefix(": ") else {
            return (1, String(rest.drop { $0 == " " }))
        }
        return (line, String(rest.dropFirst(digits.count + 2)))
    }

    /// The 1-based line of the top-level key that names the path of `message` (`KEY: in PATH
    /// names …`, `PlanFailure.notFollowed`'s origin), else 1.
    private static func keyLine(naming message: String, path: String, text: [UInt8]) -> Int {
        guard let origin = message.firstRange(of: ": in \(path) names ") else { return 1 }
        let key = message[..<origin.lowerBound]
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0 == "-" }) else { return 1 }
        let start = Array((key + ":").utf8)
        var line = 1
        var atLineStart = true
        for index in text.indices {
            if atLineStart && text[index...].starts(with: start) { return line }
            atLineStart = text[index] == UInt8(ascii: "\n")
            if atLineStart { line += 1 }
        }
        return 1
    }
}
