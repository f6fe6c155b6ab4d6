import LintRun
import Threads

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a whole report or nothing: a temporary file in the same directory, renamed over
/// the target once complete, so a crash or a full disk never leaves half a report.
enum OutputFile {
    static func writeAtomically(_ text: String, to path: String) throws(RunFailure) {
        try writeAtomically(Array(text.utf8), to: path)
    }

    /// `mode`: the permissions of the file written (a fixed file keeps its own).
    static func writeAtomically(_ contents: [UInt8], to path: String, mode: mode_t = 0o644) throws(RunFailure) {
        try writeAtomically([(contents, path, mode)])
    }

    /// Writes every file to its temporary file first, then renames them all with SIGINT,
    /// SIGTERM and SIGHUP blocked: an interrupt leaves all old or all new; only a crash
    /// between two renames (or a rename that fails) can split them.
    static func writeAtomically(_ files: [(contents: [UInt8], path: String, mode: mode_t)]) throws(RunFailure) {
        var written: [Temporary] = []
        defer { for temporary in written { PendingOutputs.remove(temporary.slot) } }
        do throws(RunFailure) {
            for file in files { written.append(try Temporary.make(file.contents, for: file.path, mode: file.mode)) }
        } catch {
            for temporary in written { unlink(temporary.path) }
            throw error
        }
        let failure = InterruptSignals.blocked(hangup: true) { () -> RunFailure? in
            for (index, temporary) in written.enumerated() where rename(temporary.path, temporary.target) != 0 {
                let reason = String(cString: strerror(errno))
                for left in written[index...] { unlink(left.path) }
                return RunFailure(message: "cannot write '\(temporary.target)': \(reason)")
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// A complete temporary file beside its target, recorded for removal on interrupt.
    private struct Temporary {
        var path: String
        var target: String
        var slot: Int?

        static func make(_ contents: [UInt8], for path: String, mode: mode_t) throws(RunFailure) -> Temporary {
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { String(path[..<$0]) } ?? "."
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).eplint-\(getpid()).tmp"
            // Created and recorded with SIGINT/SIGTERM held back, so an interrupt between the two
            // cannot leave the file behind.
            let (descriptor, openError, pending) = InterruptSignals.blocked { () -> (Int32, Int32, Int?) in
                let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
                guard descriptor >= 0 else { return (descriptor, errno, nil) }
                return (descriptor, 0, PendingOutputs.add(temporary))
            }
            guard descriptor >= 0 else {
                throw RunFailure(message: "cannot write '\(path)': \(String(cString: strerror(openError)))")
            }
            // open(2) applies the umask; the mode asked for is the one wanted.
            if mode != 0o644 { fchmod(descriptor, mode) }
            var bytes = contents[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    unlink(temporary)
                    PendingOutputs.remove(pending)
                    throw RunFailure(message: "cannot write '\(path)': \(reason)")
                }
                bytes = bytes.dropFirst(written)
            }
            guard fsync(descriptor) == 0 || errno == EINVAL, close(descriptor) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                PendingOutputs.remove(pending)
                throw RunFailure(message: "cannot write '\(path)': \(reason)")
            }
            return Temporary(path: temporary, target: path, slot: pending)
        }
    }
}

/// Temporary report files being written, removed if the run is interrupted. The signal handler
/// reads this table while the main thread may be changing it, so the table is made safe for it:
/// - it is preallocated C buffers and flags: the handler neither allocates nor touches a Swift
///   object, and calls unlink(2) alone, which is async-signal-safe;
/// - only the main thread takes SIGINT and SIGTERM (worker threads start with them blocked,
///   `WorkerThread`), and it blocks them while it changes a slot: the handler finds each slot
///   empty or holding a whole path, never half of one.
enum PendingOutputs {
    /// Reports are written one after the other and fixes a pair at a time, so one or two slots
    /// are in use at a time; a few spare.
    private static let slotCount = 8
    private static let slotSize = Int(PATH_MAX) + 1
    /// `slotCount` buffers of `slotSize` bytes, each a NUL-terminated path while its slot is in use.
    nonisolated(unsafe) private static let paths = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
    /// Non-zero while a slot holds a path; set after the path is complete, cleared before reuse.
    nonisolated(unsafe) private static let inUse: UnsafeMutablePointer<UInt8> = {
        let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: slotCount)
        flags.initialize(repeating: 0, count: slotCount)
        return flags
    }()

    /// Allocates the table before a handler can run, so the handler never initializes it.
    static func prepare() { _ = (paths, inUse) }

    /// Records `path`; the slot to pass to `remove`, or nil if the table is full or the path
    /// too long for open(2) to have accepted it (then an interrupt leaves the file behind).
    static func add(_ path: String) -> Int? {
        let bytes = path.utf8
        guard bytes.count < slotSize else { return nil }
        return InterruptSignals.blocked {
            guard let slot = (0..<slotCount).first(where: { inUse[$0] == 0 }) else { return nil }
            let start = paths + slot * slotSize
            for (index, byte) in bytes.enumerated() { start[index] = CChar(bitPattern: byte) }
            start[bytes.count] = 0
            inUse[slot] = 1
            return slot
        }
    }

    static func remove(_ slot: Int?) {
        guard let slot else { return }
        InterruptSignals.blocked { inUse[slot] = 0 }
    }

    /// From the signal handler: reads the preallocated table and calls unlink(2), nothing else.
    static func unlinkAll() {
        var slot = 0
        while slot < slotCount {
            if inUse[slot] != 0 { unlink(paths + slot * slotSize) }
            slot += 1
        }
    }
}
