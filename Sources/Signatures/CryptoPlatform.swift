#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The one place where platforms differ for signatures: which library verifies, and where it is
/// opened. It is opened only when a signature is checked, never linked: linking costs every run
/// its load-time initialisation (docs/performance.md, "Signatures").
enum CryptoPlatform {
    enum Verifier: Sendable { case libCrypto, securityFramework }

    /// Apple's systems verify with Security.framework (macOS refuses to dlopen its own libcrypto,
    /// and has no other); the others with OpenSSL's libcrypto.
    static var verifier: Verifier {
        #if canImport(Darwin)
            .securityFramework
        #else
            .libCrypto
        #endif
    }

    /// The library's handle, or why verification cannot run here.
    static func openLibCrypto() -> Result<UnsafeMutableRawPointer, SignatureUnavailable> {
        #if canImport(Darwin)
            return .failure(
                SignatureUnavailable(reason: "Apple's systems verify with Security.framework, not libcrypto"))
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

    /// Security.framework and CoreFoundation, opened by their documented paths (since macOS 11
    /// they live in the dyld shared cache, where dlopen finds them though no file is there).
    static func openSecurityFramework() -> Result<
        (security: UnsafeMutableRawPointer, coreFoundation: UnsafeMutableRawPointer), SignatureUnavailable
    > {
        #if canImport(Darwin)
            let frameworks = "/System/Library/Frameworks/"
            guard let coreFoundation = dlopen(frameworks + "CoreFoundation.framework/CoreFoundation", RTLD_NOW),
                let security = dlopen(frameworks + "Security.framework/Security", RTLD_NOW)
            else {
                let reason = dlerror().map { String(cString: $0) } ?? "dlopen failed"
                return .failure(SignatureUnavailable(reason: "Security.framework could not be opened (\(reason))"))
            }
            return .success((security, coreFoundation))
        #else
            return .failure(SignatureUnavailable(reason: "Security.framework exists only on Apple's systems"))
        #endif
    }

    /// A symbol of an opened library, or nil.
    static func symbol(_ handle: UnsafeMutableRawPointer, _ name: String) -> UnsafeMutableRawPointer? {
        dlsym(handle, name)
    }
}

/// Why a signature could not be verified at all (as opposed to verified and found wrong).
struct SignatureUnavailable: Error, Sendable, Equatable {
    var reason: String
}
