import Preprocessor

extension RunPlanner {
    /// What a quoted `#include "x.h"` of a plist (or prefix header) may make eplint read: a
    /// regular file, its links resolved, inside the working directory or a folder the run was
    /// given (a path's own folder for a file, a project's for a project). A plist from a pull
    /// request can then name nothing outside the checkout, nor a device or a pipe; its size is
    /// bounded by the preprocessor (`PreprocessingLimits`).
    package func includeReader() -> IncludeReader {
        let fileSystem = fileSystem
        var roots = [Self.realPath(fileSystem.workingDirectory, in: fileSystem)]
        for path in options.paths where path != "-" && options.pathsAreIncludeRoots {
            let folder = fileSystem.status(of: path)?.kind == .directory ? path : Self.folder(of: path)
            roots.append(Self.realPath(fileSystem.absoluteAsGiven(folder), in: fileSystem))
        }
        // A project (`App.xcodeproj`, a folder) stands for the folder it is in.
        for project in options.projects {
            roots.append(Self.realPath(Self.folder(of: fileSystem.absoluteAsGiven(project)), in: fileSystem))
        }
        let folders = Array(Set(roots)).sorted()
        // Joined, not interpolated: an array's description casts each element at run time
        // (200,000 instructions at every start).
        return IncludeReader(name: "files under " + folders.joined(separator: ", ")) { path, limit in
            let real = Self.realPath(fileSystem.absoluteAsGiven(path), in: fileSystem)
            guard folders.contains(where: { $0 == "/" || real == $0 || real.hasPrefix($0 + "/") }) else {
                return .refused(
                    "\(path) is outside the working directory and the folders this run was given, where eplint reads no file"
                )
            }
            // What is read is what was checked (`..` after a link is taken as written, not as
            // the link's parent).
            guard let status = fileSystem.status(of: real) else {
                // Missing where clang looks, if the including file is in a folder on disk (not
                // standard input's name, nor a file inside an archive).
                var ancestor = Self.folder(of: real)
                while fileSystem.status(of: ancestor) == nil, ancestor != "/" { ancestor = Self.folder(of: ancestor) }
                return fileSystem.status(of: ancestor)?.kind == .directory
                    ? .missing : .refused("\(path) is not in a folder on disk")
            }
            guard status.kind == .regular else { return .refused("\(path) is not a regular file") }
            guard status.size <= limit else { return .tooLarge }
            switch fileSystem.contents(of: real, limit: limit) {
            case .success(let bytes): return .read(bytes: bytes, identity: fileSystem.identity(of: real))
            case .failure(let failure): return .refused("\(path) cannot be read: \(failure.reason)")
            }
        }
    }

    /// `path`'s folder: `.` for a bare name, `/` at the top.
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The real path of an absolute `path`, its last component resolved too (a link to a file
    /// elsewhere is where it leads): `canonical` resolves the folder of a name placed below it.
    static func realPath(_ path: String, in fileSystem: any PlanFileSystem) -> String {
        let probe = "/.eplint-real-path"
        let resolved = fileSystem.canonical((path == "/" ? "" : path) + probe)
        return resolved.hasSuffix(probe) ? String(resolved.dropLast(probe.count)).nonEmptyOrRoot : resolved
    }
}

extension String {
    fileprivate var nonEmptyOrRoot: String { isEmpty ? "/" : self }
}
