import EplintBase
import LintEngine
import Signatures

/// A compact JWS's signature judged as Apple's verifier judges it (`SignedDataVerifier`), as
/// findings at the JWS: `alg` (EP734), `x5c` (EP735), then the chain, marker extensions and
/// signature (EP731, EP733, EP732, EP730), offline. Verified to a given root: EP736; skipped
/// because the user names an Xcode environment: EP715; could not run: EP742. What decides is
/// the environment the user expects (`--environment`), never the payload's own `environment`,
/// which only gets EP743 where it differs from the one expected.
struct SignatureCheck {
    let options: ServerOptions
    let file: String
    let range: SourceRange
    let keyPath: String
    /// How the messages name the JWS (`signedPayload`, `data.signedTransactionInfo`).
    let described: String

    func findings(header: JSONNode, payload: JSONNode, parts: [Substring]) -> [Diagnostic] {
        func finding(_ rule: RuleID, _ message: String) -> [Diagnostic] {
            [Diagnostic(file: file, rule: rule, message: message, range: range, keyPath: keyPath)]
        }
        var mismatch: [Diagnostic] = []
        if let expected = options.environment, let claimed = Self.environment(of: payload),
            claimed != expected.payloadName
        {
            mismatch = finding(
                RuleID.ep743SignedPayloadEnvironmentMismatch,
                "\(described) says environment \(claimed.quotedForMessage), but --environment \(expected.rawValue) expects \(expected.payloadName); its signature is verified as \(expected.rawValue)'s"
            )
        }
        if let expected = options.environment, expected.signsWithXcode {
            return mismatch
                + finding(
                    RuleID.ep715SignatureNotVerified,
                    "\(described) decoded but its signature was not verified, as --environment \(expected.rawValue) asks: Xcode signs those payloads with its own certificate, not Apple's"
                )
        }
        return mismatch + verified(header: header, payload: payload, parts: parts)
    }

    /// The verdict of Apple's checks on the JWS.
    private func verified(header: JSONNode, payload: JSONNode, parts: [Substring]) -> [Diagnostic] {
        func finding(_ rule: RuleID, _ message: String) -> [Diagnostic] {
            [Diagnostic(file: file, rule: rule, message: message, range: range, keyPath: keyPath)]
        }
        guard let alg = header.member("alg")?.value.string, alg == "ES256" else {
            let alg = header.member("alg").map { "alg \($0.value.excerpt)" } ?? "no alg"
            return finding(
                RuleID.ep734JwsAlgorithmNotEs256,
                "\(described) has \(alg) in its JWS header, not ES256, the one algorithm App Store payloads are signed with"
            )
        }
        let chain: [[UInt8]]
        switch Self.certificates(in: header) {
        case .failure(let problem):
            return finding(RuleID.ep735JwsX5cNotThreeCertificates, "\(described): \(problem.message)")
        case .success(let certificates): chain = certificates
        }
        let signature: [UInt8]
        do throws(Base64URL.Failure) { signature = try Base64URL.decode(parts[2]) } catch {
            return finding(
                RuleID.ep730JwsSignatureInvalid, "\(described)'s signature is not Base64URL: \(error.message)")
        }
        // Validity at signedDate, as Apple's verifier with online checks off; without one, now.
        let signedDate = payload.member("signedDate")?.value.integer
        let milliseconds = signedDate ?? options.now
        let verdict =
            options.verificationUnavailable.map(SignatureVerdict.unavailable)
            ?? SignedDataVerifier.verify(
                chain: chain, signingInput: Array((parts[0] + "." + parts[1]).utf8), signature: signature,
                at: milliseconds.map(AbsoluteDate.unixSeconds(milliseconds:)),
                roots: [TrustedRoot.appleRootCAG3] + options.rootCertificates)
        let date =
            milliseconds.map {
                " at \(ServerFacts.isoDate(milliseconds: $0)) (\(signedDate == nil ? "now" : "signedDate"))"
            }
            ?? ""
        switch verdict {
        case .unavailable(let reason):
            return finding(
                RuleID.ep742SignatureCouldNotBeVerified,
                "\(described) decoded but its signature could not be verified: \(reason)")
        case .verified(let root, let subject):
            guard !root.isEmbedded else { return [] }
            return finding(
                RuleID.ep736JwsVerifiedToGivenRoot,
                "\(described) verified to the root given as \(root.name) (\(subject)), not to Apple Root CA - G3")
        case .failed(let failure):
            switch failure.kind {
            case .malformedCertificate:
                return finding(RuleID.ep735JwsX5cNotThreeCertificates, "\(described): \(failure.message)")
            case .untrusted:
                let trusted = (["Apple Root CA - G3"] + options.rootCertificates.map(\.name)).joined(separator: ", ")
                return finding(
                    RuleID.ep731JwsChainUntrusted,
                    "\(described) is not signed under a trusted root (\(trusted))\(date): \(failure.message)")
            case .outsideValidity:
                return finding(
                    RuleID.ep733JwsCertificateExpired, "\(described): \(failure.message)\(date)")
            case .markerOID: return finding(RuleID.ep732JwsMarkerOidMissing, "\(described): \(failure.message)")
            case .signature: return finding(RuleID.ep730JwsSignatureInvalid, "\(described): \(failure.message)")
            }
        }
    }

    /// `environment` of a transaction or renewal info, or of a notification's `data`, `summary` or `appData`.
    static func environment(of payload: JSONNode) -> String? {
        if let environment = payload.member("environment")?.value.string { return environment }
        for key in ["data", "summary", "appData"] {
            if let environment = payload.member(key)?.value.member("environment")?.value.string { return environment }
        }
        return nil
    }

    /// The header's `x5c`: three Base64 DER certificates, or what is wrong with it.
    static func certificates(in header: JSONNode) -> Result<[[UInt8]], X5CProblem> {
        guard let member = header.member("x5c") else {
            return .failure(
                X5CProblem(message: "its JWS header has no x5c, the certificate chain a signature is checked with"))
        }
        guard case .array(let items) = member.value.value else {
            return .failure(X5CProblem(message: "x5c is \(member.value.typeName), not an array of three certificates"))
        }
        guard items.count == 3 else {
            let plural = items.count == 1 ? "" : "s"
            return .failure(
                X5CProblem(
                    message:
                        "x5c holds \(items.count) certificate\(plural), not 3 (signing certificate, intermediate, root)"
                ))
        }
        var chain: [[UInt8]] = []
        for (index, item) in items.enumerated() {
            guard let text = item.string, !text.isEmpty else {
                return .failure(X5CProblem(message: "x5c[\(index)] is \(item.typeName), not a Base64 certificate"))
            }
            do throws(Base64URL.Failure) { chain.append(try Base64URL.decode(Substring(text), standard: true)) } catch {
                return .failure(X5CProblem(message: "x5c[\(index)] is not Base64: \(error.message)"))
            }
        }
        return .success(chain)
    }

    struct X5CProblem: Error {
        var message: String
    }
}
