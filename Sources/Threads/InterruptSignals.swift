#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT and SIGTERM, the signals on which eplint removes its temporary files and dies.
package enum InterruptSignals {
    package static var set: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }

    /// Runs `body` with both signals blocked on this thread (pending until it returns); a thread
    /// started inside inherits the block. `hangup`: SIGHUP too (a closed terminal), where a
    /// pair of renames must not be split.
    package static func blocked<Result>(hangup: Bool = false, _ body: () -> Result) -> Result {
        var signals = set
        if hangup { sigaddset(&signals, SIGHUP) }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &signals, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }
}
