#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which sanitizer this test process was built with, for tests that check only through one.
package enum Sanitizers {
    /// AddressSanitizer's runtime (and with it LeakSanitizer, on Linux) is in the process: it
    /// defines `__asan_init`. `scripts/sanitize.sh` builds the tests so.
    package static let address: Bool = {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(process, "__asan_init") != nil
    }()
}
