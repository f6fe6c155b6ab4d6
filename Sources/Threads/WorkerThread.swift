#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A POSIX thread that runs one closure; `join` waits for it to end.
package final class WorkerThread {
    #if canImport(Darwin)
        private var thread: pthread_t?
    #else
        private var thread = pthread_t()
    #endif
    private var joined = false

    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Every worker's stack, on every platform (the systems' defaults differ: 512 KiB on
    /// macOS, the `ulimit -s` of the process on Linux). eplint's recursion is bounded well
    /// inside 512 KiB (`PreprocessingLimits.nesting`, the parser's 256 levels); the margin
    /// costs address space only. EPLINT_WORKER_STACK_KIB sets it for tests that show the
    /// bounds hold on a small stack (at least 64 KiB). Whole pages: Darwin refuses any other size.
    static let stackSize: Int = {
        var size = 8 << 20
        if let text = getenv("EPLINT_WORKER_STACK_KIB").map({ String(cString: $0) }), let kibibytes = Int(text),
            kibibytes >= 64, kibibytes <= 1 << 30
        {
            size = kibibytes << 10
        }
        return roundedToPages(size, pageSize: sysconf(Int32(_SC_PAGESIZE)))
    }()

    /// `bytes` rounded up to a multiple of `pageSize` (unchanged when the page size is unknown:
    /// sysconf's -1).
    static func roundedToPages(_ bytes: Int, pageSize: Int) -> Int {
        guard pageSize > 0 else { return bytes }
        return (bytes + pageSize - 1) / pageSize * pageSize
    }

    /// Starts the thread, or nil if the system cannot make one with `stackSize` of stack: the
    /// caller then does the work on its own thread rather than on one with the system's
    /// default stack (512 KiB on macOS), which may be too small.
    package init?(_ run: @escaping () -> Void) {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, Self.stackSize) == 0 else { return nil }
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        // The thread starts with SIGINT and SIGTERM blocked: they stay with the main thread,
        // whose handler then never runs alongside the main thread's own work (eplint's
        // PendingOutputs relies on it).
        let result = InterruptSignals.blocked {
            // The closure's parameter is optional on Linux and not on Darwin: `owned` takes either.
            pthread_create(
                &thread, &attributes,
                { argument in
                    Unmanaged<Body>.fromOpaque(WorkerThread.owned(argument)).takeRetainedValue().run()
                    return nil
                }, body)
        }
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(body).release()
            return nil
        }
    }

    private static func owned(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer { argument! }

    package func join() {
        guard !joined else { return }
        joined = true
        #if canImport(Darwin)
            if let thread { pthread_join(thread, nil) }
        #else
            pthread_join(thread, nil)
        #endif
    }

    deinit { join() }
}
