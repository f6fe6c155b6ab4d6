import Threads

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// On SIGINT or SIGTERM, removes the temporary report files being written, then dies of the
/// same signal: an interrupted run leaves no partial file behind.
enum InterruptCleanup {
    static func install() {
        // A parent may spawn eplint with these signals blocked (threads of Dispatch block
        // them, and children inherit the mask): eplint must stay interruptible.
        var interrupts = InterruptSignals.set
        sigprocmask(SIG_UNBLOCK, &interrupts, nil)
        PendingOutputs.prepare()
        for signalNumber in [SIGINT, SIGTERM] {
            // Only async-signal-safe calls here: unlink (in unlinkAll), signal, raise.
            signal(signalNumber) { received in
                PendingOutputs.unlinkAll()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}
