import LintEngine
import PlistSyntax
import RunPlan

/// A file system held in memory: the files of a test, by path relative to `/work`, the
/// working directory. Folders are those the files are in.
struct MemoryFileSystem: PlanFileSystem {
    let workingDirectory = "/work"
    private let files: [String: [UInt8]]

    init(_ files: [String: String]) {
        var absolute: [String: [UInt8]] = [:]
        for (path, text) in files { absolute["/work/" + path] = Array(text.utf8) }
        self.files = absolute
    }

    func contents(of path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let full = canonical(path)
        guard let bytes = files[full] else {
            return .failure(ReadFailure(reason: isDirectory(full) ? "not a regular file" : "No such file or directory"))
        }
        return bytes.count > limit ? .failure(ReadFailure(reason: "larger than \(limit) bytes")) : .success(bytes)
    }

    func entries(of directory: String) -> [String]? {
        let folder = canonical(directory)
        guard isDirectory(folder) else { return nil }
        let prefix = folder == "/" ? "/" : folder + "/"
        var names = Set<String>()
        for path in files.keys where path.hasPrefix(prefix) {
            names.insert(String(path.dropFirst(prefix.count).split(separator: "/")[0]))
        }
        return Array(names)
    }

    func subdirectories(of directory: String) -> [String]? {
        let folder = canonical(directory)
        return entries(of: folder)?.filter { isDirectory((folder == "/" ? "" : folder) + "/" + $0) }
    }

    func status(of path: String) -> PlanFileStatus? {
        let full = canonical(path)
        if let bytes = files[full] { return PlanFileStatus(kind: .regular, size: bytes.count) }
        return isDirectory(full) ? PlanFileStatus(kind: .directory, size: 0) : nil
    }

    func canonical(_ path: String) -> String {
        PathArithmetic.normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
    }

    func identity(of path: String) -> String { canonical(path) }

    private func isDirectory(_ path: String) -> Bool {
        path == "/" || files.keys.contains { $0.hasPrefix(path + "/") }
    }
}
