import EplintBase
import Foundation
import LintEngine
import RunPlan
import TestSupport

/// The host's file system, every read of content recorded (a file's bytes, whole, as a stream
/// or at offsets, and a folder's listing), by the real path it reached. What a path's
/// resolution asks (status, links, identities) is not content and not recorded: the lock asks
/// it of outside paths to refuse them. A relative path is the working directory's, as it is for
/// the process (the test's working directory is not the process's).
final class RecordingFileSystem: PlanFileSystem, @unchecked Sendable {
    private let base: ScratchFileSystem
    private let lock = NSLock()
    private var recorded: [String] = []

    init(workingDirectory: URL) { base = ScratchFileSystem(workingDirectory: workingDirectory.path) }

    /// The real paths read, in order (repeats kept).
    var reads: [String] { lock.withLock { recorded } }

    private func rooted(_ path: String) -> String {
        PathArithmetic.normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
    }

    /// `path` rooted, recorded by its real path (links followed).
    private func record(_ path: String) -> String {
        let absolute = rooted(path)
        let real = base.canonicalFolder(absolute)
        lock.withLock { recorded.append(real) }
        return absolute
    }

    var workingDirectory: String { base.workingDirectory }

    func contents(of path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        base.contents(of: record(path), limit: limit)
    }

    func entries(of directory: String) -> [String]? {
        base.entries(of: record(directory))
    }

    func subdirectories(of directory: String) -> [String]? {
        base.subdirectories(of: record(directory))
    }

    func listing(of directory: String) -> [DirectoryEntry]? {
        base.listing(of: record(directory))
    }

    func read<Value>(_ path: String, _ body: (inout any ByteSource) throws(ReadFailure) -> Value)
        -> Result<Value, ReadFailure>
    {
        base.read(record(path), body)
    }

    func randomAccess(_ path: String) -> Result<any RandomAccessFile, ReadFailure> {
        base.randomAccess(record(path))
    }

    func status(of path: String) -> PlanFileStatus? { base.status(of: rooted(path)) }
    func linkTarget(of path: String) -> String? { base.linkTarget(of: rooted(path)) }
    func canonical(_ path: String) -> String { base.canonical(rooted(path)) }
    func identity(of path: String) -> String { base.identity(of: rooted(path)) }
    func ignoresCase(in folder: String) -> Bool { base.ignoresCase(in: rooted(folder)) }
    func forgetIdentities() { base.forgetIdentities() }
}
