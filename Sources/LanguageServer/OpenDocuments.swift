import LintEngine

/// The open documents by URI, with what each lint looks up kept up to date as they change,
/// so that a lint costs the same with one document open or ten thousand: their texts by path
/// (what stands in for the files), each file's document whatever the spelling it was opened
/// by, and the documents of each folder.
package struct OpenDocuments {
    private var byURI: [String: TextDocument] = [:]
    /// Path (as opened, canonical, and as the workspace spells the canonical one) → text, and
    /// the configuration's path → the text documents are linted with: what every run is given
    /// as is (a run that added to it would copy it whole).
    private(set) var texts: [String: [UInt8]] = [:]
    /// File identity → text, beside the configuration (`LintOptions.unsavedTextsByFile`): what a
    /// run that names a file in another spelling (another case) finds its text by.
    private(set) var textsByFile: [String: [UInt8]] = [:]
    private var configurationPath: String?
    /// File identity → URI.
    private var byFile: [String: String] = [:]
    /// URI → the identity and folder it was filed under, and the spellings its text is under.
    private var filed: [String: (file: String, folder: String, spellings: [String])] = [:]
    /// Folder (folded canonical path) → the URIs of the documents directly in it.
    private var byFolder: [String: Set<String>] = [:]
    /// The URIs of open entitlements files (their changes re-lint the others).
    private(set) var entitlements: Set<String> = []

    init() {}

    package subscript(uri: String) -> TextDocument? { byURI[uri] }

    package var isEmpty: Bool { byURI.isEmpty }
    var count: Int { byURI.count }
    var keys: Dictionary<String, TextDocument>.Keys { byURI.keys }
    var values: Dictionary<String, TextDocument>.Values { byURI.values }

    /// Opens or changes a document: `file` is its identity, `folder` its folder's folded
    /// canonical path, `spellings` every path a run may look its text up by (as opened,
    /// canonical, as the workspace spells it).
    mutating func store(_ document: TextDocument, file: String, folder: String, spellings: [String]) {
        let uri = document.uri
        if byURI[uri] == nil || filed[uri]?.file != file || filed[uri]?.folder != folder
            || filed[uri]?.spellings != spellings
        {
            remove(uri)
            filed[uri] = (file, folder, spellings)
            byFile[file] = uri
            byFolder[folder, default: []].insert(uri)
            if FileKind(path: document.path) == .entitlements { entitlements.insert(uri) }
        }
        byURI[uri] = document
        // An open `.eplint.yml` is not what runs read: its last good text is (`setConfiguration`).
        guard !LanguageServer.isConfiguration(document.path) else { return }
        for spelling in spellings { texts[spelling] = document.text }
        textsByFile[file] = document.text
    }

    /// The configuration documents are linted with (its path and last good text), or none.
    mutating func setConfiguration(_ configuration: (path: String, text: [UInt8])?) {
        if let old = configurationPath { texts[old] = nil }
        configurationPath = configuration?.path
        if let configuration { texts[configuration.path] = configuration.text }
    }

    @discardableResult
    mutating func remove(_ uri: String) -> TextDocument? {
        guard let document = byURI.removeValue(forKey: uri) else { return nil }
        if let (file, folder, spellings) = filed.removeValue(forKey: uri) {
            if byFile[file] == uri {
                byFile[file] = nil
                textsByFile[file] = nil
            }
            byFolder[folder]?.remove(uri)
            if byFolder[folder]?.isEmpty == true { byFolder[folder] = nil }
            for spelling in spellings where spelling != configurationPath { texts[spelling] = nil }
        }
        entitlements.remove(uri)
        return document
    }

    /// The open document of a file, by its identity.
    func document(file: String) -> TextDocument? { byFile[file].flatMap { byURI[$0] } }

    /// The folder (folded canonical path) a document was filed under.
    func folder(of uri: String) -> String? { filed[uri]?.folder }

    /// The URIs of the documents in `folder` (folded canonical) and, with `below`, in its subfolders.
    func uris(in folder: String, below: Bool = false) -> [String] {
        guard below else { return (byFolder[folder] ?? []).sorted() }
        let prefix = folder == "/" ? "/" : folder + "/"
        return byFolder.filter { $0.key == folder || $0.key.hasPrefix(prefix) }.values.flatMap { $0 }.sorted()
    }

    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
