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
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        sigaddset(&interrupts, SIGINT)
        sigaddset(&interrupts, SIGTERM)
        sigprocmask(SIG_UNBLOCK, &interrupts, nil)
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { received in
                PendingOutputs.shared.unlinkAll()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}
