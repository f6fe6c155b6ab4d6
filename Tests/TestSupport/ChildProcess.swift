import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program a test starts: eplint, a reference tool, a shell. Every test that starts one goes
/// through here.
///
/// On Linux this is posix_spawn, poll and waitpid on the test's own thread, not Foundation's
/// `Process`: swift-corelibs-foundation watches each child from a run-loop thread of its own and
/// hands the end back to `waitUntilExit` through run-loop state that two threads use without a
/// lock. A CI run of the suite (hundreds of children, tests in parallel) died of SIGSEGV in the
/// Swift runtime on a thread with few frames that held a CoreFoundation string, as that thread
/// would (the crash did not come back here, in runs with four tests at once, ASan or TSan).
/// On macOS, Apple's `Process` does it.
package final class ChildProcess {
    /// Where a standard stream goes.
    package enum Destination {
        case null
        /// This test process's own stream (a tool's complaint then shows in the test log).
        case inherited
        /// Read to its end by `wait()`.
        case captured
        /// Standard error only: into standard output's capture (one interleaved stream).
        case output
    }

    package struct Outcome {
        /// The exit status, or the signal's number when `signaled`.
        package var status: Int32
        package var signaled: Bool
        package var standardOutput: Data
        package var standardError: Data
    }

    #if os(Linux)
        let processIdentifier: pid_t
        private var standardInput: (descriptor: Int32, bytes: [UInt8])?
        private var captures: [(descriptor: Int32, isError: Bool)] = []
        /// The wait status, once the child is reaped.
        private var ended: Int32?

        /// False once the child has ended (then reaped: `wait()` still tells how).
        package var isRunning: Bool {
            guard ended == nil else { return false }
            var status: Int32 = 0
            guard waitpid(processIdentifier, &status, WNOHANG) == processIdentifier else { return true }
            ended = status
            return false
        }
    #else
        private let process: Process
        var processIdentifier: pid_t { process.processIdentifier }
        private let outputPipe: Pipe?
        private let errorPipe: Pipe?
        package var isRunning: Bool { process.isRunning }
    #endif

    /// Starts `executable` (a path) with `arguments`. `input`: bytes piped to its standard input,
    /// which is then closed; nil for /dev/null. `environment`: the whole environment, or nil for
    /// this process's.
    package static func start(
        _ executable: String, _ arguments: [String] = [], in directory: URL? = nil,
        environment: [String: String]? = nil, input: Data? = nil, output: Destination = .null,
        error: Destination = .null
    ) throws -> ChildProcess {
        _ = brokenPipesDoNotSignal
        return try ChildProcess(executable, arguments, directory, environment, input, output, error)
    }

    /// Starts the program and waits for it (see `start` and `wait`).
    @discardableResult
    package static func run(
        _ executable: String, _ arguments: [String] = [], in directory: URL? = nil,
        environment: [String: String]? = nil, input: Data? = nil, output: Destination = .null,
        error: Destination = .null
    ) throws -> Outcome {
        try start(
            executable, arguments, in: directory, environment: environment, input: input, output: output, error: error
        ).wait()
    }

    package func signal(_ number: Int32) {
        kill(processIdentifier, number)
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    #if os(Linux)
        private init(
            _ executable: String, _ arguments: [String], _ directory: URL?, _ environment: [String: String]?,
            _ input: Data?, _ output: Destination, _ error: Destination
        ) throws {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            // As Foundation's Process starts it: in a process group of its own, with the signal
            // mask of the test's thread (eplint must unblock what it handles). SIGPIPE, which this
            // process ignores, is the default again.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            posix_spawnattr_setsigdefault(&attributes, &pipeSignal)
            posix_spawnattr_setpgroup(&attributes, 0)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
            if let directory {
                guard let changeDirectory = Self.addChangeDirectory else {
                    throw Failure(description: "this C library has no posix_spawn_file_actions_addchdir_np")
                }
                let result = changeDirectory(&actions, directory.path)
                guard result == 0 else { throw Failure(description: "addchdir: \(String(cString: strerror(result)))") }
            }

            // Pipes and the spawn under one lock: no other child inherits a pipe's end (which
            // would hold it open past this child's end) before it is marked close-on-exec.
            Self.spawnLock.lock()
            defer { Self.spawnLock.unlock() }
            var parentEnds: [Int32] = []
            var childEnds: [Int32] = []
            defer { for end in childEnds { close(end) } }
            func pipeEnds() throws -> (read: Int32, write: Int32) {
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { throw Failure(description: "pipe: errno \(errno)") }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                return (ends[0], ends[1])
            }
            do {
                if let input {
                    let ends = try pipeEnds()
                    parentEnds.append(ends.write)
                    childEnds.append(ends.read)
                    posix_spawn_file_actions_adddup2(&actions, ends.read, 0)
                    _ = fcntl(ends.write, F_SETFL, fcntl(ends.write, F_GETFL) | O_NONBLOCK)
                    standardInput = (ends.write, Array(input))
                } else {
                    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                }
                for (descriptor, destination) in [(Int32(1), output), (2, error)] {
                    switch destination {
                    case .inherited:
                        break
                    case .null:
                        posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
                    case .output where descriptor == 2 && output == .captured:
                        posix_spawn_file_actions_adddup2(&actions, 1, 2)
                    case .output:
                        throw Failure(description: "standard error can join standard output only when that is captured")
                    case .captured:
                        let ends = try pipeEnds()
                        parentEnds.append(ends.read)
                        childEnds.append(ends.write)
                        posix_spawn_file_actions_adddup2(&actions, ends.write, descriptor)
                        captures.append((ends.read, descriptor == 2))
                    }
                }
                let argv = ([executable] + arguments).map { strdup($0) } + [nil]
                defer { for argument in argv { free(argument) } }
                var identifier: pid_t = 0
                let result: Int32
                if let environment {
                    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
                    defer { for variable in envp { free(variable) } }
                    result = posix_spawn(&identifier, executable, &actions, &attributes, argv, envp)
                } else {
                    result = posix_spawn(&identifier, executable, &actions, &attributes, argv, environ)
                }
                guard result == 0 else {
                    throw Failure(description: "cannot start \(executable): \(String(cString: strerror(result)))")
                }
                processIdentifier = identifier
            } catch {
                for end in parentEnds { close(end) }
                throw error
            }
        }

        /// Feeds standard input, reads what is captured to its end, then waits for the child.
        package func wait() -> Outcome {
            var output: [UInt8] = []
            var error: [UInt8] = []
            var written = 0
            var buffer = [UInt8](repeating: 0, count: 65_536)
            if let input = standardInput, input.bytes.isEmpty {
                close(input.descriptor)
                standardInput = nil
            }
            while standardInput != nil || !captures.isEmpty {
                var watched = captures.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
                if let input = standardInput {
                    watched.append(pollfd(fd: input.descriptor, events: Int16(POLLOUT), revents: 0))
                }
                guard poll(&watched, nfds_t(watched.count), -1) >= 0 else {
                    if errno == EINTR { continue }
                    break
                }
                if let input = standardInput, let ready = watched.last, ready.revents != 0 {
                    let count = input.bytes[written...].withUnsafeBytes {
                        write(input.descriptor, $0.baseAddress, $0.count)
                    }
                    if count > 0 { written += count }
                    // Written whole, or the child closed its end (EPIPE): either way no more.
                    if written == input.bytes.count || (count < 0 && errno != EAGAIN && errno != EINTR) {
                        close(input.descriptor)
                        standardInput = nil
                    }
                }
                for (index, capture) in captures.enumerated().reversed() where watched[index].revents != 0 {
                    let count = buffer.withUnsafeMutableBytes { read(capture.descriptor, $0.baseAddress, $0.count) }
                    if count > 0 {
                        if capture.isError {
                            error += buffer[..<count]
                        } else {
                            output += buffer[..<count]
                        }
                    } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                        close(capture.descriptor)
                        captures.remove(at: index)
                    }
                }
            }
            var status: Int32 = ended ?? 0
            if ended == nil {
                while waitpid(processIdentifier, &status, 0) == -1 && errno == EINTR {}
                ended = status
            }
            // The <sys/wait.h> macros: the low seven bits are the signal, 0 for an exit.
            let signal = status & 0x7F
            return Outcome(
                status: signal == 0 ? (status >> 8) & 0xFF : signal, signaled: signal != 0,
                standardOutput: Data(output), standardError: Data(error))
        }

        private static let spawnLock = NSLock()

        /// glibc 2.29 and later (Swift does not import the declaration).
        private static let addChangeDirectory:
            (
                @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
            )? = {
                guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addchdir_np") else {
                    return nil
                }
                return unsafeBitCast(
                    symbol,
                    to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) ->
                        Int32)
                        .self)
            }()
    #else
        private init(
            _ executable: String, _ arguments: [String], _ directory: URL?, _ environment: [String: String]?,
            _ input: Data?, _ output: Destination, _ error: Destination
        ) throws {
            process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = directory }
            if let environment { process.environment = environment }
            let inputPipe = input.map { _ in Pipe() }
            process.standardInput = inputPipe ?? FileHandle.nullDevice
            outputPipe = output == .captured ? Pipe() : nil
            if output != .inherited { process.standardOutput = outputPipe ?? FileHandle.nullDevice }
            switch error {
            case .inherited:
                errorPipe = nil
            case .null:
                errorPipe = nil
                process.standardError = FileHandle.nullDevice
            case .captured:
                errorPipe = Pipe()
                process.standardError = errorPipe
            case .output:
                guard let outputPipe else {
                    throw Failure(description: "standard error can join standard output only when that is captured")
                }
                errorPipe = nil
                process.standardError = outputPipe
            }
            try process.run()
            if let inputPipe {
                // Written from a thread of its own: a child that reads slowly cannot block the reads.
                let handle = inputPipe.fileHandleForWriting
                let bytes = input ?? Data()
                Thread.detachNewThread {
                    // EPIPE when the child reads nothing: a thrown error, dropped.
                    try? handle.write(contentsOf: bytes)
                    try? handle.close()
                }
            }
        }

        package func wait() -> Outcome {
            let errorReader = errorPipe.map { pipe in
                let box = ErrorBytes()
                let handle = pipe.fileHandleForReading
                let thread = Thread {
                    box.data = handle.readDataToEndOfFile()
                    box.done.signal()
                }
                thread.start()
                return box
            }
            let output = outputPipe?.fileHandleForReading.readDataToEndOfFile() ?? Data()
            errorReader?.done.wait()
            process.waitUntilExit()
            return Outcome(
                status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
                standardOutput: output, standardError: errorReader?.data ?? Data())
        }

        private final class ErrorBytes: @unchecked Sendable {
            var data = Data()
            let done = DispatchSemaphore(value: 0)
        }
    #endif
}

/// A write to a pipe whose reader has gone fails with EPIPE instead of killing the tests. (On
/// Linux the children get SIGPIPE's default back, by posix_spawn's SETSIGDEF.)
private let brokenPipesDoNotSignal: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
