import LintEngine
import RunPlan
import ServerSide

/// The files of `--history` and `report-history:`, read through the run's file system in the
/// order given: a file as named, a folder's own `.json` and `.jsonl` files by name (byte order;
/// hidden files and subfolders are not read). What `report-history:` names comes from the
/// repository: it is followed only inside the run's roots (`lock`, docs/untrusted-input.md), and
/// read straight, not through the lock's once-per-run cache, so memory stays with the index.
enum ReportHistoryFiles {
    /// At most this many files in one folder: more is a finding at the folder.
    static let folderFileLimit = 1_000_000

    /// Reads `paths` into `history`; what could not be read is a finding, a path that is not
    /// there a failure of the run (as for `root-certificates:`).
    static func read(
        _ paths: [(path: String, source: String)], into history: ReportHistory, fileSystem: any PlanFileSystem,
        lock: RepositoryReads
    ) throws(RunFailure) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (path, source) in paths {
            let fromRepository = source == "report-history:"
            // A folder the repository names outside the roots is not listed (its names would show).
            if fromRepository, let real = fileSystem.resolved(path),
                !lock.roots.contains(where: { RepositoryReads.isInside(real, $0) })
            {
                findings.append(
                    ReportHistory.unreadable(
                        Self.shown(path, fileSystem), "not followed: it leads outside the folders this run reads"))
                continue
            }
            guard let status = fileSystem.status(of: path) else {
                throw RunFailure(message: "\(source) \(path.quotedForMessage): no such file or folder")
            }
            var files = [path]
            if status.kind == .directory {
                guard let names = fileSystem.entries(of: path) else {
                    throw RunFailure(message: "\(source) \(path.quotedForMessage): cannot list the folder")
                }
                let prefix = path.hasSuffix("/") ? path : path + "/"
                files = names.filter(isHistoryName).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map {
                    prefix + $0
                }
                files.removeAll { fileSystem.status(of: $0)?.kind != .regular }
                if files.count > folderFileLimit {
                    findings.append(
                        ReportHistory.unreadable(
                            fileSystem.shown(path), "the folder holds more than \(folderFileLimit) history files"))
                    continue
                }
            }
            for file in files {
                // Findings name the file as the user sees it (relative to here), whoever named it.
                let shown = Self.shown(file, fileSystem)
                var file = file
                if fromRepository {
                    switch lock.locate(file) {
                    case .success(let located): file = located.real
                    case .failure(.absent):
                        findings.append(ReportHistory.unreadable(shown, "no such file"))
                        continue
                    case .failure(.refused(let why)):
                        findings.append(ReportHistory.unreadable(shown, "not followed: \(why)"))
                        continue
                    }
                }
                let limit = history.limits.fileBytes
                if let size = fileSystem.status(of: file)?.size, size > limit {
                    findings.append(ReportHistory.unreadable(shown, "it is larger than \(limit) bytes"))
                    continue
                }
                switch fileSystem.contents(of: file, limit: limit) {
                case .success(let bytes): findings += history.read(bytes, file: shown)
                case .failure(let failure): findings.append(ReportHistory.unreadable(shown, failure.reason))
                }
            }
        }
        return findings
    }

    /// A configuration's paths are absolute: shown relative to here; the option's stay as typed.
    private static func shown(_ path: String, _ fileSystem: any PlanFileSystem) -> String {
        path.hasPrefix("/") ? fileSystem.shown(path) : path
    }

    private static func isHistoryName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return !name.hasPrefix(".") && (lower.hasSuffix(".json") || lower.hasSuffix(".jsonl"))
    }
}
