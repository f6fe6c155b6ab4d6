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

    /// Starts the thread, or nil if the system cannot make one.
    public init?(_ run: @escaping () -> Void) {
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        // The thread starts with SIGINT and SIGTERM blocked: they stay with the main thread,
        // whose handler then never runs alongside the main thread's own work (eplint's
        // PendingOutputs relies on it).
        let result = InterruptSignals.blocked {
            // The closure's parameter is optional on Linux and not on Darwin: `owned` takes either.
            pthread_create(&thread, nil, { argument in
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
