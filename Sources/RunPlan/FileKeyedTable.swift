/// Values keyed by file, looked up by canonical path or else by file identity: a file spelled
/// otherwise than its key (case or NFD on APFS: `App/info.plist` for `App/Info.plist`) finds
/// its value too. The one lookup of the Xcode contexts and the `entitlements:` map.
struct FileKeyedTable<Value: Sendable>: Sendable {
    private let byPath: [String: Value]
    private let byIdentity: [String: Value]
    private let fileSystem: any PlanFileSystem

    /// `byPath`: canonical path → value. Keys that are one file are merged with `merge`, in
    /// byte order of their paths, so every machine merges them alike.
    init(_ byPath: [String: Value], fileSystem: any PlanFileSystem, merge: (Value, Value) -> Value) {
        var byIdentity: [String: Value] = [:]
        for path in byPath.keys.sorted(by: XcodeProjects.precedesInByteOrder) {
            let identity = fileSystem.identity(of: path)
            byIdentity[identity] = byIdentity[identity].map { merge($0, byPath[path]!) } ?? byPath[path]!
        }
        self.byPath = byPath
        self.byIdentity = byIdentity
        self.fileSystem = fileSystem
    }

    /// The value of the file `path` names, however it is spelled.
    subscript(path: String) -> Value? {
        guard !byPath.isEmpty else { return nil }
        return byPath[fileSystem.canonical(path)] ?? byIdentity[fileSystem.identity(of: path)]
    }
}
