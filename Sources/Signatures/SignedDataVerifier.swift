/// A root certificate a signed payload's chain may end at: Apple Root CA - G3 (embedded), or
/// one given with `--root-certificate` / `root-certificates:` (named by its path as given).
package struct TrustedRoot: Sendable, Equatable {
    package var name: String
    /// The certificate, DER.
    package var der: [UInt8]
    /// The embedded Apple Root CA - G3: a chain to it needs no word.
    package var isEmbedded: Bool

    package init(name: String, der: [UInt8], isEmbedded: Bool = false) {
        self.name = name
        self.der = der
        self.isEmbedded = isEmbedded
    }

    package static let appleRootCAG3 = TrustedRoot(
        name: "Apple Root CA - G3", der: AppleRootCAG3.der, isEmbedded: true)
}

/// What verifying one signed payload found.
package enum SignatureVerdict: Sendable, Equatable {
    /// The chain ends at `root`, every check passed.
    case verified(root: TrustedRoot, subject: String)
    case failed(SignatureFailure)
    /// Verification could not run here (no libcrypto, or a platform without it).
    case unavailable(String)
}

package struct SignatureFailure: Error, Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// An `x5c` entry is not a DER certificate.
        case malformedCertificate
        /// The chain does not end at a trusted root.
        case untrusted
        /// A certificate was expired, or not yet valid, at the payload's date.
        case outsideValidity
        case markerOID
        case signature
    }

    package var kind: Kind
    package var message: String
}

/// Apple's App Store Server Library's checks of a JWS (`SignedDataVerifier`), offline: the `x5c`
/// chain to a trusted root at a date (no CRL, no OCSP), Apple's marker OIDs on the leaf and the
/// intermediate, and the ES256 signature. The X.509 path validation and ECDSA are libcrypto's.
package enum SignedDataVerifier {
    /// Apple's marker extensions: on the signing (leaf) certificate, and on the WWDR intermediate.
    static let leafMarker = "1.2.840.113635.100.6.11.1"
    static let intermediateMarker = "1.2.840.113635.100.6.2.1"

    /// Whether verification can run here at all, and if not why (opens the platform's library
    /// when first asked).
    static var unavailability: String? {
        switch CryptoPlatform.verifier {
        case .securityFramework:
            if case .failure(let failure) = SecurityFramework.shared { return failure.reason }
        case .libCrypto:
            if case .failure(let failure) = LibCrypto.shared { return failure.reason }
        }
        return nil
    }

    /// ES256 is ECDSA on P-256 (RFC 7518 §3.4), read from the leaf's own key information.
    static let notP256 = SignatureFailure(
        kind: .signature, message: "the signing certificate's key is not a P-256 EC key")

    /// Verifies `signature` (raw r‖s, 64 bytes) over `signingInput` (the JWS's `header.payload`)
    /// by the leaf of `chain` (x5c's certificates, DER: leaf, intermediate, root), the chain to one
    /// of `roots` at `seconds` (UNIX time; nil: now).
    package static func verify(
        chain: [[UInt8]], signingInput: [UInt8], signature: [UInt8], at seconds: Int64?, roots: [TrustedRoot]
    ) -> SignatureVerdict {
        if CryptoPlatform.verifier == .securityFramework {
            switch SecurityFramework.shared {
            case .failure(let failure): return .unavailable(failure.reason)
            case .success(let security):
                return SecurityVerifier.verify(
                    chain: chain, signingInput: signingInput, signature: signature, at: seconds, roots: roots, security)
            }
        }
        let crypto: LibCrypto
        switch LibCrypto.shared {
        case .failure(let failure): return .unavailable(failure.reason)
        case .success(let loaded): crypto = loaded
        }
        // libcrypto's error queue is per thread: leave it empty for whoever uses it next.
        defer { crypto.clearErrors() }
        var certificates: [OpaquePointer] = []
        defer { for certificate in certificates { crypto.x509Free(certificate) } }
        for (index, der) in chain.prefix(3).enumerated() {
            guard let certificate = parse(der, crypto) else {
                return .failed(
                    SignatureFailure(
                        kind: .malformedCertificate, message: "x5c[\(index)] is not a DER X.509 certificate"))
            }
            certificates.append(certificate)
        }
        guard certificates.count >= 2 else {
            return .failed(SignatureFailure(kind: .malformedCertificate, message: "x5c has no intermediate"))
        }
        let leaf = certificates[0]
        let intermediate = certificates[1]
        var rootCertificates: [(root: TrustedRoot, certificate: OpaquePointer)] = []
        defer { for entry in rootCertificates { crypto.x509Free(entry.certificate) } }
        for root in roots {
            if let certificate = parse(root.der, crypto) { rootCertificates.append((root, certificate)) }
        }
        switch validate(leaf, intermediate, roots: rootCertificates, at: seconds, crypto) {
        case .failure(let failure): return .failed(failure)
        case .success(let root):
            for (certificate, marker, name) in [
                (leaf, leafMarker, "the signing certificate (x5c[0]"),
                (intermediate, intermediateMarker, "the intermediate certificate (x5c[1]"),
            ] where !hasExtension(certificate, marker, crypto) {
                return .failed(
                    SignatureFailure(
                        kind: .markerOID,
                        message:
                            "\(name), \(subject(of: certificate, crypto))) lacks Apple's marker extension \(marker)"))
            }
            guard CertificateFields(der: chain[0])?.hasP256Key == true else { return .failed(notP256) }
            if let failure = checkSignature(signature, over: signingInput, by: leaf, crypto) { return .failed(failure) }
            return .verified(root: root.root, subject: subject(of: root.certificate, crypto))
        }
    }

    /// A DER certificate, wholly used, or nil.
    private static func parse(_ der: [UInt8], _ crypto: LibCrypto) -> OpaquePointer? {
        der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            guard let start = buffer.baseAddress, !buffer.isEmpty else { return nil }
            var cursor: UnsafePointer<UInt8>? = start
            guard let certificate = crypto.d2iX509(nil, &cursor, buffer.count) else { return nil }
            guard cursor == start + buffer.count else {
                crypto.x509Free(certificate)
                return nil
            }
            return certificate
        }
    }

    /// The X.509 path from `leaf` through `intermediate` to one of `roots`, at `seconds`: which root.
    private static func validate(
        _ leaf: OpaquePointer, _ intermediate: OpaquePointer,
        roots: [(root: TrustedRoot, certificate: OpaquePointer)], at seconds: Int64?, _ crypto: LibCrypto
    ) -> Result<(root: TrustedRoot, certificate: OpaquePointer), SignatureFailure> {
        func untrusted(_ message: String) -> Result<(root: TrustedRoot, certificate: OpaquePointer), SignatureFailure> {
            .failure(SignatureFailure(kind: .untrusted, message: message))
        }
        guard let store = crypto.storeNew() else { return untrusted("libcrypto could not make a certificate store") }
        defer { crypto.storeFree(store) }
        for entry in roots { _ = crypto.storeAddCert(store, entry.certificate) }
        guard let others = crypto.stackNew() else { return untrusted("libcrypto could not make a stack") }
        defer { crypto.stackFree(others) }  // frees the stack, not the certificate it lists
        _ = crypto.stackPush(others, UnsafeRawPointer(intermediate))
        guard let context = crypto.contextNew() else { return untrusted("libcrypto could not make a context") }
        defer { crypto.contextFree(context) }
        guard crypto.contextInit(context, store, leaf, others) == 1 else {
            return untrusted("libcrypto could not start the chain's validation")
        }
        // Validity at the payload's date, as Apple's verifier with online checks off.
        if let seconds, let time = Int(exactly: seconds) { crypto.contextSetTime(context, 0, time) }
        guard crypto.verifyCert(context) == 1 else {
            let error = crypto.contextGetError(context)
            let depth = Int(crypto.contextGetErrorDepth(context))
            let reason = crypto.verifyErrorString(Int(error)).map { String(cString: $0) } ?? "error \(error)"
            let which = ["the signing certificate (x5c[0])", "the intermediate certificate (x5c[1])"]
            let named = depth < which.count ? which[depth] : "the root certificate"
            // X509_V_ERR_CERT_NOT_YET_VALID, X509_V_ERR_CERT_HAS_EXPIRED
            if error == 9 || error == 10 {
                return .failure(SignatureFailure(kind: .outsideValidity, message: "\(named): \(reason)"))
            }
            return untrusted("\(named): \(reason)")
        }
        let chain = crypto.contextGetChain(context)
        let count = crypto.stackCount(chain)
        let top = count > 0 ? crypto.stackValue(chain, count - 1) : nil
        // The store hands out the certificates it was given (reference counted), so the top of the chain is one of them.
        guard let root = roots.first(where: { UnsafeMutableRawPointer($0.certificate) == top }) else {
            return untrusted("the chain ends at a certificate that is not one of the trusted roots")
        }
        return .success(root)
    }

    private static func hasExtension(_ certificate: OpaquePointer, _ oid: String, _ crypto: LibCrypto) -> Bool {
        guard let object = oid.withCString({ crypto.objectFromText($0, 1) }) else { return false }
        defer { crypto.objectFree(object) }
        return crypto.extensionIndex(certificate, object, -1) >= 0
    }

    /// A certificate's subject as libcrypto writes it on one line (`/C=US/O=Apple Inc./…`).
    private static func subject(of certificate: OpaquePointer, _ crypto: LibCrypto) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard crypto.nameOneLine(crypto.subjectName(certificate), &buffer, Int32(buffer.count)) != nil else {
            return "?"
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// ES256: ECDSA with P-256 and SHA-256; the JWS carries r and s as 32 bytes each.
    private static func checkSignature(
        _ signature: [UInt8], over input: [UInt8], by leaf: OpaquePointer, _ crypto: LibCrypto
    ) -> SignatureFailure? {
        guard signature.count == 64 else {
            return SignatureFailure(
                kind: .signature, message: "the signature is \(signature.count) bytes, not ES256's 64 (r and s)")
        }
        // The curve was checked once, from the certificate's DER (`CertificateFields.hasP256Key`),
        // as the Security path checks it: a second check here could never fail (mutation run).
        guard let key = crypto.publicKey(leaf) else {
            return SignatureFailure(kind: .signature, message: "libcrypto could not read the signing certificate's key")
        }
        guard let digest = crypto.digestContextNew() else {
            return SignatureFailure(kind: .signature, message: "libcrypto could not make a digest context")
        }
        defer { crypto.digestContextFree(digest) }
        guard crypto.digestVerifyInit(digest, nil, crypto.sha256(), nil, key) == 1 else {
            return SignatureFailure(kind: .signature, message: "libcrypto refused the signing certificate's key")
        }
        let der = derSignature(signature)
        let result = der.withUnsafeBufferPointer { signature in
            input.withUnsafeBufferPointer { input in
                crypto.digestVerify(digest, signature.baseAddress, signature.count, input.baseAddress, input.count)
            }
        }
        guard result == 1 else {
            return SignatureFailure(
                kind: .signature,
                message: "the signature does not match the header and payload under the signing certificate's key")
        }
        return nil
    }

    /// Raw r‖s as the DER `ECDSA-Sig-Value` libcrypto reads: SEQUENCE { INTEGER r, INTEGER s }.
    static func derSignature(_ raw: [UInt8]) -> [UInt8] {
        func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var value = Array(bytes.drop { $0 == 0 })
            if value.first.map({ $0 & 0x80 != 0 }) ?? true { value.insert(0, at: 0) }
            return [0x02, UInt8(value.count)] + value
        }
        let body = integer(raw[0..<32]) + integer(raw[32..<64])
        return [0x30, UInt8(body.count)] + body
    }
}
