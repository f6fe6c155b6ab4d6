import EplintBase
import LintEngine
import LintRun
import RunPlan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The host's file system seen from the workspace's root: the configuration and Xcode projects
/// are found from there, as the command line finds them from its working directory (the server
/// never changes the process's directory, which eplint reads once).
struct WorkspaceFileSystem: PlanFileSystem {
    let root: String
    /// The host's, or a test's (`LanguageServer.fileSystem`).
    let host: any PlanFileSystem

    var workingDirectory: String { root }

    func contents(of path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        host.contents(of: absolute(path), limit: limit)
    }

    func entries(of directory: String) -> [String]? { host.entries(of: absolute(directory)) }

    func subdirectories(of directory: String) -> [String]? { host.subdirectories(of: absolute(directory)) }

    func status(of path: String) -> PlanFileStatus? { host.status(of: absolute(path)) }

    func linkTarget(of path: String) -> String? { host.linkTarget(of: absolute(path)) }

    func canonical(_ path: String) -> String { host.canonical(absolute(path)) }

    func identity(of path: String) -> String { host.identity(of: absolute(path)) }

    func ignoresCase(in folder: String) -> Bool { host.ignoresCase(in: absolute(folder)) }

    /// Absolute: what a run shows, it reads from the process's working directory, which is not the root.
    func shown(_ path: String) -> String { PathArithmetic.normalized(absolute(path)) }

    /// Relative paths are the root's, not the process's working directory's.
    private func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : root + "/" + path }
}

extension LanguageServer {
    /// The workspace's files, seen from its root.
    var workspace: WorkspaceFileSystem { WorkspaceFileSystem(root: root, host: fileSystem) }

    /// Milliseconds of the monotonic clock: what the debounce delay is counted on.
    package static func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
    }

    /// Whether standard input has something to read (or has ended) within `milliseconds`.
    package static func standardInputReady(within milliseconds: Int) -> Bool {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        // Interrupted, it is polled again by the serve loop, with what is left of the delay.
        return poll(&descriptor, 1, Int32(clamping: milliseconds)) != 0
    }
}

/// The run's host in the server: files are read from the workspace, notes go to standard error
/// (clients show it as the server's log), and nothing is written: the server only reports.
struct ServerHost: RunHost {
    let workspace: WorkspaceFileSystem

    var fileSystem: any PlanFileSystem { workspace }

    func note(_ text: String) { Self.standardError(text) }

    /// Where there is nowhere left to say that a write failed.
    static func standardError(_ text: String) { _ = writeAll(Array(text.utf8)[...], to: 2) }

    func readStandardInput() -> [UInt8] { [] }

    func environment() -> [String: String] { [:] }

    func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    func unixTime() -> Int64 { Int64(time(nil)) }

    func write(_ files: [(contents: [UInt8], path: String, mode: mode_t)]) throws(RunFailure) {
        throw RunFailure(message: "the language server writes no files")
    }
}
