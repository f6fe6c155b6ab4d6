#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutex for state shared by a run's threads (a run's reads, its preprocessed texts).
package final class RunLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    package init() {}

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// `body`'s value, with the lock held while it runs.
    package func held<Value>(_ body: () -> Value) -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
