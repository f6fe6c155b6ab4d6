import EplintBase
import LintRun
import RunPlan

/// The disk as APFS shows it by default: names compared ignoring case. Each component of a
/// path is matched to its folder's entry of any case (`app/Info.plist` is `App/Info.plist`),
/// so one file has one identity (its device and inode) however its path is cased; one that is
/// not there is its canonical path in lower case. What a run reads without its file system is
/// still read as spelled.
struct CaseFoldingDisk: PlanFileSystem {
    private let host = HostPlanFileSystem()

    var workingDirectory: String { host.workingDirectory }

    /// `path` (absolute) with each component as the disk spells it, where one matches ignoring case.
    private func onDisk(_ path: String) -> String {
        var resolved = ""
        for part in path.split(separator: "/").map(String.init) {
            let exact = resolved + "/" + part
            let match =
                host.status(of: exact) != nil || host.linkTarget(of: exact) != nil
                ? part
                : host.entries(of: resolved.isEmpty ? "/" : resolved)?.first { $0.lowercased() == part.lowercased() }
            resolved += "/" + (match ?? part)
        }
        return resolved.isEmpty ? "/" : resolved
    }

    func contents(of path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        host.contents(of: onDisk(path), limit: limit)
    }
    func entries(of directory: String) -> [String]? { host.entries(of: onDisk(directory)) }
    func subdirectories(of directory: String) -> [String]? { host.subdirectories(of: onDisk(directory)) }
    func status(of path: String) -> PlanFileStatus? { host.status(of: onDisk(path)) }
    func linkTarget(of path: String) -> String? { host.linkTarget(of: onDisk(path)) }
    /// The spelling kept, as Linux keeps it in a casefolded folder: nothing may depend on
    /// `realpath` answering the disk's case.
    func canonical(_ path: String) -> String { host.canonical(path) }
    func identity(of path: String) -> String {
        status(of: path) != nil ? host.identity(of: onDisk(path)) : canonical(path).lowercased()
    }
    func ignoresCase(in folder: String) -> Bool { true }
}
