#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A POSIX thread that runs one closure; `join` waits for it to end.
public final class WorkerThread {
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
    /// bounds hold on a small stack (at least 64 KiB).
    public static let stackSize: Int = {
        if let text = getenv("EPLINT_WORKER_STACK_KIB").map({ String(cString: $0) }), let kibibytes = Int(text),
            kibibytes >= 64
        {
            return kibibytes << 10
        }
        return 8 << 20
    }()

    /// Starts the thread, or nil if the system cannot make one.
    public init?(_ run: @escaping () -> Void) {
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        // The thread starts with SIGINT and SIGTERM blocked: they stay with the main thread,
        // whose handler then never runs alongside the main thread's own work (eplint's
        // PendingOutputs relies on it).
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, Self.stackSize)
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

    public func join() {
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
