/// `SignedDataVerifier`'s checks on Apple's systems, with Security.framework (`CryptoPlatform`
/// chooses it there): the same verdicts as libcrypto's path on Linux, in the same order (the
/// certificates parse, the chain to a given root at the payload's date, the marker OIDs, then the
/// ES256 signature). The chain is evaluated offline against the given roots only.
enum SecurityVerifier {
    static func verify(
        chain: [[UInt8]], signingInput: [UInt8], signature: [UInt8], at seconds: Int64?, roots: [TrustedRoot],
        _ security: SecurityFramework
    ) -> SignatureVerdict {
        // Every CoreFoundation object made below is released when the verdict is given.
        var owned: [UnsafeRawPointer] = []
        defer { for reference in owned { security.release(reference) } }
        func keep(_ reference: UnsafeRawPointer?) -> UnsafeRawPointer? {
            if let reference { owned.append(reference) }
            return reference
        }
        func certificate(_ der: [UInt8]) -> UnsafeRawPointer? {
            guard let data = keep(security.data(der)) else { return nil }
            return keep(security.certificateCreateWithData(nil, data))
        }

        var certificates: [(ref: UnsafeRawPointer, fields: CertificateFields)] = []
        for (index, der) in chain.prefix(3).enumerated() {
            // Both readings must accept it: the framework's, and the one the marker checks use.
            guard let fields = CertificateFields(der: der), let ref = certificate(der) else {
                return .failed(
                    SignatureFailure(
                        kind: .malformedCertificate, message: "x5c[\(index)] is not a DER X.509 certificate"))
            }
            certificates.append((ref, fields))
        }
        guard certificates.count >= 2 else {
            return .failed(SignatureFailure(kind: .malformedCertificate, message: "x5c has no intermediate"))
        }
        let leaf = certificates[0]
        let intermediate = certificates[1]
        var anchors: [(root: TrustedRoot, ref: UnsafeRawPointer, subject: String)] = []
        for root in roots {
            if let fields = CertificateFields(der: root.der), let ref = certificate(root.der) {
                anchors.append((root, ref, fields.subject))
            }
        }

        let root: (root: TrustedRoot, ref: UnsafeRawPointer, subject: String)
        switch evaluate([leaf.ref, intermediate.ref], anchors: anchors, at: seconds, security, keep) {
        case .unavailable(let reason): return .unavailable(reason)
        case .failed(let failure): return .failed(failure)
        case .trusted(let top):
            guard let found = anchors.first(where: { security.equal($0.ref, top) != 0 }) else {
                return .failed(
                    SignatureFailure(
                        kind: .untrusted,
                        message: "the chain ends at a certificate that is not one of the trusted roots"))
            }
            root = found
        }
        for (certificate, marker, name) in [
            (leaf, SignedDataVerifier.leafMarker, "the signing certificate (x5c[0]"),
            (intermediate, SignedDataVerifier.intermediateMarker, "the intermediate certificate (x5c[1]"),
        ] where !certificate.fields.extensions.contains(marker) {
            return .failed(
                SignatureFailure(
                    kind: .markerOID,
                    message: "\(name), \(certificate.fields.subject)) lacks Apple's marker extension \(marker)"))
        }
        if let failure = checkSignature(signature, over: signingInput, by: leaf, security, keep) {
            return .failed(failure)
        }
        return .verified(root: root.root, subject: root.subject)
    }

    private enum Evaluation {
        /// The chain is trusted; the certificate at its top (one of the anchors, or not).
        case trusted(top: UnsafeRawPointer?)
        case failed(SignatureFailure)
        case unavailable(String)
    }

    /// `SecTrustResultType`: the evaluation ran and found the chain wanting.
    private static let trustFailures: Set<UInt32> = [3, 5, 6]  // deny, recoverable, fatal
    /// `errSecCertificateExpired`, `errSecCertificateNotValidYet`.
    private static let outsideValidity: Set<Int> = [-67818, -67819]
    /// Codes that say the trust service could not be asked (a sandbox without `com.apple.trustd`,
    /// a missing entitlement), not that the chain is wrong: `errSecInternalComponent`,
    /// `errSecNotAvailable`, `errSecServiceNotAvailable`, `errSecIO`, `errSecInteractionNotAllowed`,
    /// `errSecMissingEntitlement`.
    private static let serviceFailures: Set<Int> = [-2070, -25291, -67585, -36, -25308, -34018]

    /// The path from `certificates` (leaf first) to one of `anchors` and no other, at `seconds`
    /// (nil: now), without fetching anything (no missing intermediates, no OCSP or CRL).
    private static func evaluate(
        _ certificates: [UnsafeRawPointer], anchors: [(root: TrustedRoot, ref: UnsafeRawPointer, subject: String)],
        at seconds: Int64?, _ security: SecurityFramework, _ keep: (UnsafeRawPointer?) -> UnsafeRawPointer?
    ) -> Evaluation {
        func cannot(_ what: String, _ status: Int32) -> Evaluation {
            .unavailable("Security.framework could not \(what) (OSStatus \(status))")
        }
        guard let list = keep(security.array(certificates)), let anchorList = keep(security.array(anchors.map(\.ref))),
            let policy = keep(security.policyCreateBasicX509())
        else { return .unavailable("Security.framework could not allocate the chain") }
        var made: UnsafeRawPointer?
        let created = security.trustCreateWithCertificates(list, policy, &made)
        guard created == 0, let trust = keep(made) else { return cannot("create a trust object", created) }
        var status = security.trustSetAnchorCertificates(trust, anchorList)
        guard status == 0 else { return cannot("set the trusted roots", status) }
        status = security.trustSetAnchorCertificatesOnly(trust, 1)
        guard status == 0 else { return cannot("restrict trust to the given roots", status) }
        status = security.trustSetNetworkFetchAllowed(trust, 0)
        guard status == 0 else { return cannot("turn network fetches off", status) }
        // Validity at the payload's date, as Apple's verifier with online checks off.
        if let seconds {
            guard let date = keep(security.dateCreate(nil, Double(seconds) - SecurityFramework.absoluteTimeFrom1970))
            else { return .unavailable("Security.framework could not allocate a date") }
            status = security.trustSetVerifyDate(trust, date)
            guard status == 0 else { return cannot("set the verification date", status) }
        }
        var error: UnsafeRawPointer?
        let trusted = security.trustEvaluateWithError(trust, &error)
        _ = keep(error)
        if !trusted {
            var result: UInt32 = 0
            let resultStatus = security.trustGetTrustResult(trust, &result)
            let (code, text) = security.describe(error)
            guard resultStatus == 0, trustFailures.contains(result), !serviceFailures.contains(code) else {
                return .unavailable("the system's trust service did not evaluate the chain: \(text)")
            }
            let kind: SignatureFailure.Kind = outsideValidity.contains(code) ? .outsideValidity : .untrusted
            return .failed(SignatureFailure(kind: kind, message: "the chain: \(text)"))
        }
        return .trusted(top: top(of: trust, security, keep))
    }

    /// The last certificate of the evaluated chain (the anchor it ended at).
    private static func top(
        of trust: UnsafeRawPointer, _ security: SecurityFramework, _ keep: (UnsafeRawPointer?) -> UnsafeRawPointer?
    ) -> UnsafeRawPointer? {
        if let copy = security.trustCopyCertificateChain {
            guard let chain = keep(copy(trust)) else { return nil }
            let count = security.arrayGetCount(chain)
            return count > 0 ? security.arrayGetValueAtIndex(chain, count - 1) : nil
        }
        guard let count = security.trustGetCertificateCount?(trust), count > 0 else { return nil }
        return security.trustGetCertificateAtIndex?(trust, count - 1)  // a Get: not owned
    }

    /// ES256: ECDSA with P-256 and SHA-256 over `header.payload`; the JWS's raw r‖s re-encoded as DER.
    private static func checkSignature(
        _ signature: [UInt8], over input: [UInt8], by leaf: (ref: UnsafeRawPointer, fields: CertificateFields),
        _ security: SecurityFramework, _ keep: (UnsafeRawPointer?) -> UnsafeRawPointer?
    ) -> SignatureFailure? {
        guard signature.count == 64 else {
            return SignatureFailure(
                kind: .signature, message: "the signature is \(signature.count) bytes, not ES256's 64 (r and s)")
        }
        guard leaf.fields.hasP256Key, let key = keep(security.certificateCopyKey(leaf.ref)) else {
            return SignedDataVerifier.notP256
        }
        guard let message = keep(security.data(input)),
            let der = keep(security.data(SignedDataVerifier.derSignature(signature)))
        else {
            return SignatureFailure(kind: .signature, message: "Security.framework could not allocate the signature")
        }
        var error: UnsafeRawPointer?
        let valid = security.keyVerifySignature(key, security.ecdsaMessageX962SHA256, message, der, &error)
        _ = keep(error)
        guard valid != 0 else {
            return SignatureFailure(
                kind: .signature,
                message: "the signature does not match the header and payload under the signing certificate's key")
        }
        return nil
    }
}
