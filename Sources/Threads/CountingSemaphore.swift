#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A counting semaphore over a POSIX mutex and condition variable. Plain pthreads rather
/// than Dispatch: linking libdispatch statically runs its initializer (which reads /sys and
/// the CPU affinity) at every start, for a tool that mostly lints one small file.
package final class CountingSemaphore: @unchecked Sendable {
    // pthread objects must not move: they live in memory of their own.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var value: Int

    package init(value: Int) {
        self.value = value
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Waits until the count is positive, then takes one.
    package func wait() {
        pthread_mutex_lock(mutex)
        while value <= 0 { pthread_cond_wait(condition, mutex) }
        value -= 1
        pthread_mutex_unlock(mutex)
    }

    /// Gives one back, waking a waiter if any.
    package func signal() {
        pthread_mutex_lock(mutex)
        value += 1
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }
}
