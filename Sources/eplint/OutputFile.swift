#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a whole report or nothing: a temporary file in the same directory, renamed over
/// the target once complete, so a crash or a full disk never leaves half a report.
enum OutputFile {
    static func writeAtomically(_ text: String, to path: String) throws(RunFailure) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).eplint-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RunFailure(message: "cannot write '\(path)': \(String(cString: strerror(errno)))") }
        PendingOutputs.shared.add(temporary)
        defer { PendingOutputs.shared.remove(temporary) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                unlink(temporary)
                throw RunFailure(message: "cannot write '\(path)': \(reason)")
            }
            bytes = bytes.dropFirst(written)
        }
        guard fsync(descriptor) == 0 || errno == EINVAL, close(descriptor) == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw RunFailure(message: "cannot write '\(path)': \(reason)")
        }
    }
}

/// Temporary report files being written, removed if the run is interrupted.
final class PendingOutputs: @unchecked Sendable {
    static let shared = PendingOutputs()
    private var paths: [String] = []

    func add(_ path: String) { paths.append(path) }
    func remove(_ path: String) { paths.removeAll { $0 == path } }

    /// From a signal handler: only unlink(2), which is async-signal-safe.
    func unlinkAll() {
        for path in paths { path.withCString { _ = unlink($0) } }
    }
}
