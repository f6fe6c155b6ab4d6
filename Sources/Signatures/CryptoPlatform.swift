#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The one place where platforms differ for signatures: where OpenSSL's libcrypto is opened.
/// It is opened only when a signature is checked, never linked: linking it costs every run its
/// load-time initialisation (docs/performance.md, "Signatures").
enum CryptoPlatform {
    /// The library's handle, or why verification cannot run here.
    static func openLibCrypto() -> Result<UnsafeMutableRawPointer, SignatureUnavailable> {
        #if canImport(Darwin)
            // macOS refuses to dlopen its own libcrypto, and eplint does not use Security.framework yet.
            return .failure(SignatureUnavailable(reason: "signatures are not verified on macOS yet"))
        #else
            var errors: [String] = []
            for name in ["libcrypto.so.3", "libcrypto.so"] {
                if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return .success(handle) }
                errors.append(dlerror().map { String(cString: $0) } ?? name)
            }
            return .failure(
                SignatureUnavailable(
                    reason: "OpenSSL's libcrypto was not found (\(errors.joined(separator: "; "))); install libssl3"))
        #endif
    }

    /// A symbol of the opened library, or nil.
    static func symbol(_ handle: UnsafeMutableRawPointer, _ name: String) -> UnsafeMutableRawPointer? {
        dlsym(handle, name)
    }
}

/// Why a signature could not be verified at all (as opposed to verified and found wrong).
package struct SignatureUnavailable: Error, Sendable, Equatable {
    package var reason: String
}
