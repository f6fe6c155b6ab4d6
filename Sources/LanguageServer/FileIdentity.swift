/// One file however its path is spelled: a workspace reached through a link, under `/tmp` or
/// `/var` (links to `/private/…` on macOS), a document opened by the real path or in another
/// case where the volume ignores case (APFS by default). Files are compared by their identity
/// and folders by their folded canonical path, through the workspace's file system; what is
/// shown keeps the spelling the client used.
extension LanguageServer {
    /// `path` absolute, its folders' links resolved (what a run is given).
    func canonical(_ path: String) -> String { workspace.canonical(path) }

    /// What two spellings of one file compare equal by (`PlanFileSystem.identity(of:)`): its
    /// device and inode where it is there, else its canonical path folded as its volume folds.
    func identity(of path: String) -> String { workspace.identity(of: path) }

    /// The folded canonical path of the folder `path` is in: what folders are compared by.
    func folderKey(of path: String) -> String { OpenDocuments.folder(of: workspace.folded(path)) }

    /// The root's own canonical form (its last component resolved too).
    var canonicalRoot: String { workspace.canonicalFolder(root) }

    /// A canonical path under the root respelled as the workspace spells it (what a run given
    /// the root's spelling names it by), else the path itself.
    func workspaceSpelling(_ file: String) -> String {
        let real = canonicalRoot
        guard real != root, file.hasPrefix(real + "/") else { return file }
        return root + file.dropFirst(real.count)
    }

    /// Stores an opened or changed document under its file and every spelling a run may use.
    func store(_ document: TextDocument) {
        let file = canonical(document.path)
        var spellings = [document.path]
        for spelling in [file, workspaceSpelling(file)] where !spellings.contains(spelling) {
            spellings.append(spelling)
        }
        documents.store(
            document, file: identity(of: document.path), folder: folderKey(of: document.path), spellings: spellings)
    }

    /// Whether `path` is in none of the workspace folders (the root when the client named none).
    func isOutsideWorkspace(_ path: String) -> Bool {
        let file = workspace.folded(path)
        return !(workspaceFolders.isEmpty ? [root] : workspaceFolders).contains { folder in
            let real = workspace.folded(workspace.canonicalFolder(folder))
            return real == "/" || file.hasPrefix(real + "/")
        }
    }

    /// The open document of the file at `path`, whatever the spelling it was opened by.
    func openDocument(atPath path: String) -> TextDocument? { documents.document(file: identity(of: path)) }
}
