import EplintBase
import Foundation
import LintRun
import RunPlan

/// A run's host for in-process tests: files are read from the disk (a scratch folder), the
/// working directory is that folder, and what the run says and writes is kept, not done.
package final class TestHost: RunHost, @unchecked Sendable {
    package let fileSystem: any PlanFileSystem
    package var standardInput: [UInt8] = []
    package var variables: [String: String] = ["EPLINT_NOW": "2026-01-01T00:00:00Z"]
    /// Every write fails as a full disk would.
    package var failsWrites = false
    private let lock = NSLock()
    private var saidNotes: [String] = []
    private var written: [(path: String, contents: [UInt8])] = []

    package init(workingDirectory: URL) {
        fileSystem = ScratchFileSystem(workingDirectory: workingDirectory.path)
    }

    /// A host whose reads go through `fileSystem` (a recording one: `ReadRecordTests`).
    package init(fileSystem: any PlanFileSystem) {
        self.fileSystem = fileSystem
    }

    /// What the run said beside the report, in order.
    package var notes: [String] { lock.withLock { saidNotes } }
    /// Each file written, in order.
    package var writes: [(path: String, contents: [UInt8])] { lock.withLock { written } }

    package func note(_ text: String) { lock.withLock { saidNotes.append(text) } }

    package func readStandardInput() -> [UInt8] { standardInput }

    package func environment() -> [String: String] { variables }

    package func variable(_ name: String) -> String? { variables[name] }

    /// 2026-01-01T00:00:00Z.
    package func unixTime() -> Int64 { 1_767_225_600 }

    package func write(_ files: [(contents: [UInt8], path: String, mode: mode_t)]) throws(RunFailure) {
        if failsWrites {
            throw RunFailure(message: "cannot write \(files[0].path): No space left on device")
        }
        lock.withLock { written += files.map { ($0.path, $0.contents) } }
    }
}

/// The host's file system, its working directory the test's folder: `.eplint.yml` is looked
/// for there, not in the folder the tests run in.
package struct ScratchFileSystem: PlanFileSystem {
    package let workingDirectory: String
    private let host = HostPlanFileSystem()

    package init(workingDirectory: String) { self.workingDirectory = workingDirectory }

    package func contents(of path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        host.contents(of: path, limit: limit)
    }
    package func entries(of directory: String) -> [String]? { host.entries(of: directory) }
    package func subdirectories(of directory: String) -> [String]? { host.subdirectories(of: directory) }
    package func status(of path: String) -> PlanFileStatus? { host.status(of: path) }
    package func linkTarget(of path: String) -> String? { host.linkTarget(of: path) }
    package func canonical(_ path: String) -> String { host.canonical(path) }
    package func identity(of path: String) -> String { host.identity(of: path) }
    package func read<Value>(_ path: String, _ body: (inout any ByteSource) throws(ReadFailure) -> Value)
        -> Result<Value, ReadFailure>
    { host.read(path, body) }
    package func randomAccess(_ path: String) -> Result<any RandomAccessFile, ReadFailure> { host.randomAccess(path) }
    package func listing(of directory: String) -> [DirectoryEntry]? { host.listing(of: directory) }
    package func ignoresCase(in folder: String) -> Bool { host.ignoresCase(in: folder) }
    package func forgetIdentities() { host.forgetIdentities() }
}
