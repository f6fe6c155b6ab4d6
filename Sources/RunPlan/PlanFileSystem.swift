import EplintBase
import LintEngine

/// Everything the run plan asks of the file system, in one injected value: the executable
/// passes the host's (`HostPlanFileSystem`), tests an in-memory one, so the plan is decided
/// without spawning a process.
package protocol PlanFileSystem: Sendable {
    /// The absolute working directory; relative paths are resolved and shown against it.
    var workingDirectory: String { get }
    /// A regular file's bytes, at most `limit` of them (more is a failure).
    func contents(of path: String, limit: Int) -> Result<[UInt8], ReadFailure>
    /// The names in a directory (without `.` and `..`), in no particular order; nil when it
    /// cannot be read.
    func entries(of directory: String) -> [String]?
    /// The names of the folders directly in a directory (links are not folders), in no
    /// particular order; nil when it cannot be read.
    func subdirectories(of directory: String) -> [String]?
    /// What `path` leads to, links followed; nil when nothing is there.
    func status(of path: String) -> PlanFileStatus?
    /// What the symbolic link at `path` (absolute, its folders real) holds, as written; nil when
    /// `path` is not a link. Lets a path be resolved as the system resolves it (`ResolvedPath`).
    func linkTarget(of path: String) -> String?
    /// `path` absolute in the one form paths are matched in (never shown).
    func canonical(_ path: String) -> String
    /// Equal for two paths exactly when they are the same file, whatever their spelling.
    func identity(of path: String) -> String
    /// Whether names in `folder` (absolute) are compared ignoring case, as APFS and HFS+ compare
    /// them by default: two paths that differ in case only are then one file.
    func ignoresCase(in folder: String) -> Bool
    /// A path as the user sees it (`shown` below); files it names are read from the process's
    /// working directory, so a file system with another root shows absolute paths.
    func shown(_ path: String) -> String
    /// A regular file read as a stream (a plist of any size is parsed as it is read): `body`
    /// reads it, and it is closed after.
    func read<Value>(_ path: String, _ body: (inout any ByteSource) throws(ReadFailure) -> Value)
        -> Result<Value, ReadFailure>
    /// A regular file read at offsets (a built app's archive, an executable's signature).
    func randomAccess(_ path: String) -> Result<any RandomAccessFile, ReadFailure>
    /// The entries of a directory with their kinds, links not followed (the input walk, which
    /// follows no link); nil when it cannot be read.
    func listing(of directory: String) -> [DirectoryEntry]?
    /// Forgets what was learnt of paths (real folders, identities): a file or folder may now be
    /// another (an editor's atomic save; a folder replaced by a link).
    func forgetIdentities()
}

/// A file open for reads at offsets; closed when released.
package protocol RandomAccessFile: AnyObject {
    var count: UInt64 { get }
    /// Exactly `length` bytes from `offset` (within `count`), or why they cannot be had.
    func read(at offset: UInt64, length: Int) -> Result<[UInt8], ReadFailure>
}

/// An entry of a directory, with its kind when the directory says it (most file systems do,
/// which spares an lstat per entry: a folder of 10,000 plists was 10,000 calls).
package struct DirectoryEntry: Sendable {
    package enum Kind: Sendable { case directory, file, link, other }
    package var name: String
    package var knownKind: Kind?

    package init(name: String, knownKind: Kind?) {
        self.name = name
        self.knownKind = knownKind
    }
}

package struct PlanFileStatus: Sendable, Equatable {
    package enum Kind: Sendable { case regular, directory, other }
    package var kind: Kind
    package var size: Int
    /// The permission bits (a fixed file keeps its own).
    package var permissions: UInt16

    package init(kind: Kind, size: Int, permissions: UInt16 = 0o644) {
        self.kind = kind
        self.size = size
        self.permissions = permissions
    }
}

/// Bytes held in memory, read at offsets (what an in-memory file system hands out).
final class MemoryFile: RandomAccessFile {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var count: UInt64 { UInt64(bytes.count) }

    func read(at offset: UInt64, length: Int) -> Result<[UInt8], ReadFailure> {
        guard length >= 0, offset <= count, UInt64(length) <= count - offset else {
            return .failure(ReadFailure(reason: "past the end"))
        }
        return .success(Array(bytes[Int(offset)..<Int(offset) + length]))
    }
}

extension PlanFileSystem {
    /// A file system without links (most test ones).
    package func linkTarget(of path: String) -> String? { nil }

    package func read<Value>(_ path: String, _ body: (inout any ByteSource) throws(ReadFailure) -> Value)
        -> Result<Value, ReadFailure>
    {
        contents(of: path, limit: .max).flatMap { bytes in
            var source: any ByteSource = BytesSource(bytes)
            return Result { () throws(ReadFailure) in try body(&source) }
        }
    }

    package func randomAccess(_ path: String) -> Result<any RandomAccessFile, ReadFailure> {
        contents(of: path, limit: .max).map { MemoryFile($0) }
    }

    package func listing(of directory: String) -> [DirectoryEntry]? {
        entries(of: directory)?.map { DirectoryEntry(name: $0, knownKind: nil) }
    }

    package func ignoresCase(in folder: String) -> Bool { false }

    package func forgetIdentities() {}

    /// The kind of what `path` is (a link not followed); nil when nothing is there.
    package func kind(of entry: DirectoryEntry, at path: String) -> DirectoryEntry.Kind? {
        if let known = entry.knownKind { return known }
        if linkTarget(of: path) != nil { return .link }
        return switch status(of: path)?.kind {
        case .regular: .file
        case .directory: .directory
        case .other: .other
        case nil: nil
        }
    }

    /// A small regular file's text, or nil.
    package func text(_ path: String) -> String? {
        (try? contents(of: path, limit: .max).get()).map { String(decoding: $0, as: UTF8.self) }
    }

    func isRegularFile(_ path: String) -> Bool { status(of: path)?.kind == .regular }

    /// `path` canonical, in lower case where its volume ignores case: equal for every spelling
    /// of one path, the file there or not, and a folder's is the prefix of its files' (never shown).
    package func folded(_ path: String) -> String {
        let real = canonical(path)
        return ignoresCase(in: PathArithmetic.normalized(real + "/..")) ? real.lowercased() : real
    }

    /// An absolute path to show: the user's spelling, `.` and `..` resolved.
    /// A folder's canonical path, the folder itself resolved too (`canonical` keeps a path's
    /// last component as spelled): what canonical paths under it start with.
    package func canonicalFolder(_ folder: String) -> String {
        let probe = canonical(PathArithmetic.normalized(absoluteAsGiven(folder) + "/-"))
        return probe == "/-" ? "/" : String(probe.dropLast(2))
    }

    func absoluteAsGiven(_ path: String) -> String {
        PathArithmetic.normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
    }

    /// A path as the user sees it: relative to the working directory. A path the run made
    /// canonical (its folders' links resolved: `/private/var/…` for `/var/…` on macOS) is shown
    /// against the working directory's canonical spelling where that climbs no more folders
    /// (`..` from the working directory climbs its real folders), so it reads as the user
    /// spelled the working directory, not `../../…/private/var/…`.
    package func shown(_ path: String) -> String {
        let plain = PathArithmetic.relative(path, to: workingDirectory)
        guard plain.hasPrefix("..") else { return plain }
        // The folder itself canonical: `canonical` keeps the last component, so ask for a child.
        let child = canonical(PathArithmetic.normalized(workingDirectory + "/_"))
        let real = child.count > 2 ? String(child.dropLast(2)) : "/"
        guard real != workingDirectory else { return plain }
        let resolved = PathArithmetic.relative(path, to: real)
        func climbs(_ shown: String) -> Int { shown.split(separator: "/").prefix { $0 == ".." }.count }
        return climbs(resolved) <= climbs(plain) ? resolved : plain
    }
}
