import EplintBase
import LintRun

/// `workspace/didChangeWatchedFiles`: a file changed on disk re-lints the open documents it can
/// change, not every one (a branch switch reports thousands of files).
extension LanguageServer {
    func watchedFilesChanged(_ params: JSONNode?) {
        // A file saved atomically is a new file under the old name: what was learnt of the
        // paths' identities is learnt again, and each document filed anew where it changed.
        fileSystem.forgetIdentities()
        for uri in documents.keys.sorted() {
            if let document = documents[uri] { store(document) }
        }
        configuration.stale = true
        var affected: Set<String> = []
        for change in params?["changes"]?.array ?? [] {
            guard let uri = change["uri"]?.string, let path = FileURI.path(of: uri) else { continue }
            affected.formUnion(documentsAffected(byChangeOf: path))
        }
        for uri in affected.sorted() { markChanged(uri, byItsEdit: false) }
    }

    /// The open documents whose lint a change to the file at `path` can change. `.eplint.yml`
    /// re-lints every one when its text changed (`refreshConfiguration`); a project re-lints
    /// those below its folder; an xcconfig file or a header (included from anywhere) every
    /// one; an entitlements file what pairs with it and its folder's; a property list or Expo
    /// file its folder's (pairing is by folder; an open one is its editor's text).
    func documentsAffected(byChangeOf path: String) -> [String] {
        let file = workspace.folded(path)
        let folder = OpenDocuments.folder(of: file)
        let name = canonical(path).split(separator: "/").last.map(String.init) ?? file
        if Self.isConfiguration(path) { return [] }
        if name == "project.pbxproj" || name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") {
            // The folder that holds the project (`X` of `X/App.xcodeproj/project.pbxproj`).
            let holder = name == "project.pbxproj" ? OpenDocuments.folder(of: folder) : folder
            return documents.uris(in: holder, below: true)
        }
        if let kind = LintedFile(path: file) {
            var uris = documents.uris(in: folder)
            if kind == .entitlements {
                let paired = DocumentLint(workspace: workspace, configuration: lintConfiguration)
                    .infoPlists(pairedWith: path, open: documents)
                uris += paired.compactMap { openDocument(atPath: $0)?.uri }
            }
            return uris
        }
        return documents.keys.sorted()
    }
}
