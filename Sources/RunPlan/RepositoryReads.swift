import EplintBase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lock on the run's door (docs/untrusted-input.md): a path that a file of the repository
/// names (a project's settings, an xcconfig's `#include`, a plist's quoted `#include`,
/// `.eplint.yml`'s paths) is resolved as the system resolves it (`PlanFileSystem.resolved`) and
/// followed only into a regular file inside one of the run's roots, outside version-control
/// metadata, within a size limit and the run's budget. What the user types is read without it.
/// One per run (`RunPlanner.reads`): each file is read once however many contexts, includes or
/// configurations name it, and the budgets hold for the whole run.
package final class RepositoryReads: @unchecked Sendable {
    /// Folders whose content is never read as a file of the checkout: a CI job's credentials
    /// live in `.git/config`.
    static let versionControlFolders: Set<String> = [".git", ".hg", ".svn", ".jj"]

    /// What a run may read of one kind of repository-named file, all reads counted (a file
    /// included twice counts twice: it is processed twice).
    package enum Budget: Sendable {
        /// xcconfig files and their includes; real ones are a few KiB each (parsing 2 MiB takes
        /// about 0.9 s of CPU, scripts/benchmarks/amplification.sh).
        case xcconfig
        /// Quoted includes and prefix headers given to the preprocessor, every context counted.
        case preprocessing

        /// The default budget, in bytes.
        package var bytes: Int {
            switch self {
            case .xcconfig: 2 << 20
            case .preprocessing: 16 << 20
            }
        }

        var name: String {
            switch self {
            case .xcconfig: "xcconfig files"
            case .preprocessing: "files included by preprocessing"
            }
        }
    }

    package enum Outcome: Sendable, Equatable {
        /// The bytes, and the real path they were read from.
        case read(bytes: [UInt8], real: String)
        /// Nothing is there, as the system resolves the path (a folder counts: clang and Xcode
        /// find no file there).
        case absent
        /// Larger than the limit asked for.
        case tooLarge
        /// Not followed; why, naming the path and never its content.
        case refused(String)
        /// Followed, but opening or reading it failed (permission denied: user-script sandboxing).
        case unreadable(ReadFailure)
    }

    let fileSystem: any PlanFileSystem
    private let lock = RunLock()
    /// The roots the run starts with, asked for at the first read (a command that reads
    /// nothing of the repository looks for none).
    private var initialRoots: (() -> [String])?
    private var rootFolders: [String] = []
    private var readOnce: [String: [UInt8]] = [:]
    private var spent: [Budget: Int] = [:]
    private var refusals: [String: String] = [:]
    private let budgets: [Budget: Int]

    /// `budgets`: bytes of each budget where not the default (a caller may lower them).
    package init(fileSystem: any PlanFileSystem, budgets: [Budget: Int] = [:], roots: @escaping () -> [String]) {
        self.fileSystem = fileSystem
        self.budgets = budgets
        initialRoots = roots
    }

    /// The bytes `budget` allows this run.
    func allowance(_ budget: Budget) -> Int { budgets[budget] ?? budget.bytes }

    private func locked<Value>(_ body: () -> Value) -> Value {
        lock.held {
            if let initial = initialRoots {
                initialRoots = nil
                for folder in initial() { addRoot(folder) }
            }
            return body()
        }
    }

    /// Adds a root: a folder (absolute), resolved as the system resolves it.
    package func admit(_ folder: String) {
        locked { addRoot(folder) }
    }

    private func addRoot(_ folder: String) {
        guard let real = fileSystem.resolved(folder), !rootFolders.contains(real) else { return }
        rootFolders.append(real)
    }

    /// The roots, real paths, in the order they were admitted.
    package var roots: [String] { locked { rootFolders } }

    /// Where `path` leads and whether it may be read: its real path and size, or why not.
    package func locate(_ path: String) -> Result<(real: String, size: Int), Refusal> {
        let roots = self.roots
        let named = shown(path)
        guard let real = fileSystem.resolved(path) else { return .failure(.absent) }
        guard roots.contains(where: { Self.isInside(real, $0) }) else {
            return .failure(
                .refused(
                    "\(named) leads outside the folders this run reads (the repository, the folders"
                        + " and files named on the command line, the configuration's and the projects' folders)"))
        }
        // Below every root that holds it (roots nest: a repository and a folder in it), and
        // in any case (`.GIT` is `.git` on APFS).
        for holding in roots where Self.isInside(real, holding) {
            let below = real.dropFirst(holding == "/" ? 1 : holding.count + 1).split(separator: "/")
            if let folder = below.first(where: { Self.versionControlFolders.contains($0.lowercased()) }) {
                return .failure(
                    .refused("\(named) is inside \(folder)/, version-control metadata eplint never reads"))
            }
        }
        guard let status = fileSystem.status(of: real) else { return .failure(.absent) }
        switch status.kind {
        case .regular: return .success((real, status.size))
        case .directory: return .failure(.absent)
        case .other: return .failure(.refused("\(named) is not a regular file"))
        }
    }

    package enum Refusal: Error, Equatable {
        case absent
        case refused(String)
    }

    /// Reads `path` through the lock: at most `limit` bytes, counted against `budget`.
    package func read(_ path: String, limit: Int, budget: Budget? = nil) -> Outcome {
        let outcome = unrecorded(path, limit: limit, budget: budget)
        if case .refused(let why) = outcome { locked { refusals[path] = why } }
        return outcome
    }

    private func unrecorded(_ path: String, limit: Int, budget: Budget?) -> Outcome {
        let real: String
        let size: Int
        switch locate(path) {
        case .success(let found): (real, size) = found
        case .failure(.absent): return .absent
        case .failure(.refused(let why)): return .refused(why)
        }
        guard size <= limit else { return .tooLarge }
        if let budget {
            let allowed = locked { () -> Bool in
                let total = (spent[budget] ?? 0) + size
                guard total <= allowance(budget) else { return false }
                spent[budget] = total
                return true
            }
            guard allowed else {
                return .refused(
                    "\(shown(path)) is past the run's budget of \(allowance(budget)) bytes of \(budget.name)")
            }
        }
        if let known = locked({ readOnce[real] }) { return .read(bytes: known, real: real) }
        switch fileSystem.contents(of: real, limit: limit) {
        case .success(let bytes):
            locked { readOnce[real] = bytes }
            return .read(bytes: bytes, real: real)
        case .failure(let failure) where failure.cause == .absent: return .absent
        case .failure(let failure): return .unreadable(failure)
        }
    }

    /// Why the last read of `path` was refused; nil when it was not.
    package func refusal(of path: String) -> String? { locked { refusals[path] } }

    /// Records why `path` (a spelling the caller resolved to another) was not followed.
    func noteRefusal(_ why: String, of path: String) { locked { refusals[path] = why } }

    /// Every refusal so far, in no particular order: after planning, one stops the run.
    package var refused: [String] { locked { Array(refusals.values).sorted() } }

    /// A text read through the lock, nil when absent or refused (`refusal(of:)` says why).
    package func text(_ path: String, limit: Int, budget: Budget? = nil) -> String? {
        switch read(path, limit: limit, budget: budget) {
        case .read(let bytes, _): String(decoding: bytes, as: UTF8.self)
        case .tooLarge:
            locked { () -> String? in
                refusals[path] = "\(path.quotedForMessage) is larger than \(limit) bytes"
                return nil
            }
        case .unreadable(let failure):
            locked { () -> String? in
                refusals[path] = "\(path.quotedForMessage) cannot be read: \(failure.reason)"
                return nil
            }
        case .absent, .refused: nil
        }
    }

    /// `read` as a file system's result: a file not followed fails with why.
    package func contents(_ path: String, limit: Int = 16 << 20) -> Result<[UInt8], ReadFailure> {
        switch read(path, limit: limit) {
        case .read(let bytes, _): .success(bytes)
        case .absent: .failure(ReadFailure(reason: "no such file", cause: .absent))
        case .tooLarge: .failure(ReadFailure(reason: "larger than \(limit) bytes"))
        case .refused(let why): .failure(ReadFailure(reason: "not followed: \(why)"))
        case .unreadable(let failure): .failure(failure)
        }
    }

    /// A path for a message, as the run shows paths (relative to the working directory).
    private func shown(_ path: String) -> String {
        fileSystem.shown(path.hasPrefix("/") ? path : fileSystem.absoluteAsGiven(path)).quotedForMessage
    }

    package static func isInside(_ real: String, _ root: String) -> Bool {
        root == "/" || real == root || real.hasPrefix(root + "/")
    }
}
