#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The processors online (at least 1). A narrower CPU affinity (`taskset`) only means a few
/// threads share a core: the results are the same.
package var onlineProcessorCount: Int {
    max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}
