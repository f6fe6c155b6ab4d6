import EplintBase
import Foundation
import LintRun
import RunPlan

/// A run's host for in-process tests: files are read from the disk (a scratch folder), the
/// working directory is that folder, and what the run says and writes is kept, not done.
final class TestHost: RunHost, @unchecked Sendable {
    let fileSystem: any PlanFileSystem
    var standardInput: [UInt8] = []
    var variables: [String: String] = ["EPLINT_NOW": "2026-01-01T00:00:00Z"]
    /// Every write fails as a full disk would.
    var failsWrites = false
    private let lock = NSLock()
    private var saidNotes: [String] = []
    private var written: [(path: String, contents: [UInt8])] = []

    init(workingDirectory: URL) {
        fileSystem = ScratchFileSystem(workingDirectory: workingDirectory.path)
    }

    /// What the run said beside the report, in order.
    var notes: [String] { lock.withLock { saidNotes } }
    /// Each file written, in order.
    var writes: [(path: String, contents: [UInt8])] { lock.withLock { written } }

    func note(_ text: String) { lock.withLock { saidNotes.append(text) } }

    func readStandardInput() -> [UInt8] { standardInput }

    func environment() -> [String: String] { variables }

    func variable(_ name: String) -> String? { variables[name] }

    /// 2026-01-01T00:00:00Z.
    func unixTime() -> Int64 { 1_767_225_600 }

    func write(_ files: [(contents: [UInt8], path: String, mode: mode_t)]) throws(RunFailure) {
        if failsWrites {
            throw RunFailure(message: "cannot write \(files[0].path): No space left on device")
        }
        lock.withLock { written += files.map { ($0.path, $0.contents) } }
    }
}

/// The host's file system, its working directory the test's folder: `.eplint.yml` is looked
/// for there, not in the folder the tests run in.
struct ScratchFileSystem: PlanFileSystem {
    let workingDirectory: String
    private let host = HostPlanFileSystem()

    func contents(of path: String, limit: Int) -> Result<[UInt8], ReadFailure> { host.contents(of: path, limit: limit) }
    func entries(of directory: String) -> [String]? { host.entries(of: directory) }
    func subdirectories(of directory: String) -> [String]? { host.subdirectories(of: directory) }
    func status(of path: String) -> PlanFileStatus? { host.status(of: path) }
    func linkTarget(of path: String) -> String? { host.linkTarget(of: path) }
    func canonical(_ path: String) -> String { host.canonical(path) }
    func identity(of path: String) -> String { host.identity(of: path) }
    func ignoresCase(in folder: String) -> Bool { host.ignoresCase(in: folder) }
}
