import Preprocessor

extension RunPlanner {
    /// What a quoted `#include "x.h"` of a plist (or prefix header) may make eplint read: what
    /// the run's lock follows (`RepositoryReads`: a regular file inside the run's roots, as
    /// the system resolves the path, outside version-control metadata), each file read once per
    /// run and every context's includes counted against one budget. A plist from a pull request
    /// can then name nothing outside the checkout, nor a device, a pipe or `.git/config`.
    package func includeReader() -> IncludeReader {
        let reads = reads
        return IncludeReader(name: "the run's roots") { path, limit in
            switch reads.read(path, limit: limit, budget: .preprocessing) {
            case .read(let bytes, let real): return .read(bytes: bytes, identity: reads.fileSystem.identity(of: real))
            // Nothing where clang looks (a folder, `nodir/..`, `.` included): clang fails the
            // build unless a search folder holds the file.
            case .absent: return .missing
            case .tooLarge: return .tooLarge
            case .refused(let why): return .refused(why)
            case .unreadable(let failure): return .unreadable("\(path) cannot be read: \(failure.reason)")
            }
        }
    }

    /// `path`'s folder: `.` for a bare name, `/` at the top.
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
