import Foundation
import LintEngine
import ServerSide
import Signatures
import TestSupport
import Testing

/// macOS: not yet (README); Linux: with libcrypto, and always in strict mode (to fail there without it).
let signaturesAreVerifiedHere: Bool = {
    #if canImport(Darwin)
        false
    #else
        RequiredTool.strict || SignedDataVerifier.unavailability == nil
    #endif
}()

/// Signed payloads verified as Apple's App Store Server Library verifies them (issue 40): Apple's
/// mock signed data against its test root, and negative chains made here by Python's
/// `cryptography` (not by eplint). Where verification cannot run (macOS, no libcrypto) the
/// suite is skipped; under EPLINT_STRICT_TESTS=1 on Linux it fails instead.
@Suite(.enabled(if: signaturesAreVerifiedHere, "signatures are not verified on this platform or without libcrypto"))
struct SignatureVerificationTests {
    static let corpus = SharedData.Item.serverAppleLibrary

    func file(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: try Self.corpus.require().appendingPathComponent(path)))
    }

    func testRoot() throws -> [TrustedRoot] {
        try RootCertificateFile.roots(try file("certs/testCA.der"), name: "testCA.der").get()
    }

    /// The rules reported for `text` read as a notification file (signature rules and EP715 only
    /// when `signatureOnly`).
    func rules(
        _ text: String, roots: [TrustedRoot] = [], now: Int64? = nil, bundleID: String? = nil,
        signatureOnly: Bool = true
    ) -> [String] {
        var options = ServerOptions(bundleID: bundleID, now: now)
        options.rootCertificates = roots
        let signature = Set([
            "EP715", "EP730", "EP731", "EP732", "EP733", "EP734", "EP735", "EP736", "EP742", "EP743",
        ])
        return ServerLinter(options: options).lintDocument(Array(text.utf8), file: "n.json", kind: .notification)
            .map { "\($0.rule)" }.filter { !signatureOnly || signature.contains($0) }.sorted()
    }

    func mock(_ name: String) throws -> String {
        String(decoding: try file("mock_signed_data/\(name)"), as: UTF8.self)
    }

    @Test(.requires(.serverAppleLibrary)) func appleMockDataVerifiesToTheTestRootOnly() throws {
        let roots = try testRoot()
        for name in ["testNotification", "transactionInfo", "renewalInfo"] {
            #expect(rules(try mock(name), roots: roots) == ["EP736"], "\(name)")
            #expect(rules(try mock(name)) == ["EP731"], "\(name) without the test root")
        }
        // No signedDate: verified at now, inside the chain's validity (2023–2033), not outside it.
        let inside: Int64 = 1_767_225_600_000  // 2026-01-01
        #expect(rules(try mock("wrongBundleId"), roots: roots, now: inside) == ["EP736"])
        // All its findings: the bundle check, and Apple's mock lacking version and signedDate (EP703's page).
        #expect(
            rules(try mock("wrongBundleId"), roots: roots, now: inside, bundleID: "com.example", signatureOnly: false)
                == ["EP608", "EP703", "EP703", "EP736"])
        #expect(
            rules(try mock("testNotification"), roots: roots, bundleID: "com.example", signatureOnly: false)
                == ["EP703", "EP736"])
        #expect(rules(try mock("wrongBundleId"), roots: roots, now: 2_000_000_000_000) == ["EP733"])  // 2033-05
        #expect(rules(try mock("wrongBundleId"), now: inside) == ["EP731"])
        #expect(rules(try mock("missingX5CHeaderClaim"), roots: roots) == ["EP735"])
        #expect(rules(try mock("missingX5CHeaderClaim")) == ["EP735"])
        // As a signedPayload member, and the transaction nested in a decoded notification.
        #expect(rules("{\"signedPayload\": \"\(try mock("testNotification"))\"}", roots: roots) == ["EP736"])
        let nested =
            #"{"notificationType": "TEST", "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20", "version": "2.0", "signedDate": 1706169600000, "data": {"environment": "Sandbox", "bundleId": "com.example", "signedTransactionInfo": ""#
            + (try mock("transactionInfo")) + #""}}"#
        #expect(rules(nested, roots: roots) == ["EP736"])
        #expect(rules(nested) == ["EP731"])
    }

    /// The chain tests' certificates: a leaf or an intermediate without Apple's marker extension.
    @Test(.requires(.serverAppleLibrary)) func certificatesWithoutTheMarkerExtensionFail() throws {
        let roots = try testRoot()
        let payload = try mock("testNotification").split(separator: ".")
        func jws(_ certificates: [String]) throws -> String {
            let x5c = try certificates.map { "\"\(Data(try file("certs/\($0)")).base64EncodedString())\"" }
            return base64URL(Data("{\"alg\":\"ES256\",\"x5c\":[\(x5c.joined(separator: ","))]}".utf8)) + "."
                + payload[1] + "." + payload[2]
        }
        #expect(
            rules(
                try jws(["x509-test-leaf-invalid-oid.der", "x509-test-intermediate.der", "testCA.der"]), roots: roots)
                == ["EP732"])
        #expect(
            rules(
                try jws([
                    "x509-test-leaf-under-invalid-oid-intermediate.der", "x509-test-intermediate-invalid-oid.der",
                    "testCA.der",
                ]), roots: roots) == ["EP732"])
        // With the markers, the same chain is trusted: only the signature (another chain's) fails.
        #expect(
            rules(try jws(["x509-test-leaf.der", "x509-test-intermediate.der", "testCA.der"]), roots: roots)
                == ["EP730"])
    }

    /// Chains made by Python's `cryptography`: each case's JWS, and the root it is given.
    @Test(.requires(.cryptographyPython), .requires(.serverAppleLibrary)) func negativeChainsFail() throws {
        let folder = try TestScratch.folder("signatures")
        let script = folder.appendingPathComponent("chains.py")
        try Self.chainsScript.write(to: script, atomically: true, encoding: .utf8)
        let corpus = try Self.corpus.require().path
        let outcome = try ChildProcess.run(
            try RequiredTool.cryptographyPython.require(), [script.path, folder.path, corpus], output: .captured,
            error: .inherited)
        #expect(outcome.status == 0)
        let cases = try #require(
            try JSONSerialization.jsonObject(with: outcome.standardOutput) as? [String: String])
        let root = try RootCertificateFile.roots(
            [UInt8](try Data(contentsOf: folder.appendingPathComponent("root.pem"))), name: "root.pem"
        ).get()
        let expected: [String: [String]] = [
            "good": ["EP736"], "flipped": ["EP730"], "swappedLeaf": ["EP730"], "otherRoot": ["EP731"],
            "expiredIntermediate": ["EP733"], "expiredSinceSignedDate": ["EP736"], "notYetValidAtSignedDate": ["EP733"],
            "es384": ["EP734"], "none": ["EP734"], "x5c2": ["EP735"],
            "x5c4": ["EP735"], "leafWithoutMarker": ["EP732"], "intermediateWithoutMarker": ["EP732"],
            // The payload's own "Xcode" skips nothing (issue 46): its one-certificate x5c is judged.
            "xcode": ["EP735"],
            // ES256 is P-256: a 256-bit key on another curve under the same chain fails (issue 46).
            "secp256k1Leaf": ["EP730"], "brainpoolLeaf": ["EP730"],
        ]
        #expect(Set(cases.keys).isSuperset(of: expected.keys))
        for (name, rules) in expected {
            #expect(self.rules(cases[name] ?? "", roots: root) == rules, "\(name)")
        }
        // Without the root given, the good chain is not trusted.
        #expect(rules(cases["good"] ?? "") == ["EP731"])
        // Apple's real chain (Apple Root CA - G3, embedded), signed by another key: trusted, and
        // the signature fails; nothing names a given root.
        #expect(rules(cases["forgedUnderG3"] ?? "") == ["EP730"])
    }

    @Test func rootFilesAreReadAsDEROrPEM() throws {
        let der: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x00]
        #expect(try RootCertificateFile.roots(der, name: "a").get().map(\.der) == [der])
        let pem = "x\n-----BEGIN CERTIFICATE-----\nMAMCAQA=\n-----END CERTIFICATE-----\n"
        #expect(try RootCertificateFile.roots(Array((pem + pem).utf8), name: "b").get().map(\.der) == [der, der])
        #expect(throws: RootCertificateFile.Problem.self) {
            try RootCertificateFile.roots([0x30, 0x05], name: "c").get()
        }
        #expect(throws: RootCertificateFile.Problem.self) {
            try RootCertificateFile.roots(Array("-----BEGIN CERTIFICATE-----\nMAMC".utf8), name: "d").get()
        }
    }

    func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Writes root.pem to argv[1] and prints {case: JWS} for the negative cases.
    static let chainsScript = #"""
        import base64, datetime, json, sys
        from cryptography import x509
        from cryptography.x509.oid import NameOID
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

        folder, corpus = sys.argv[1], sys.argv[2]
        LEAF, INTERMEDIATE = "1.2.840.113635.100.6.11.1", "1.2.840.113635.100.6.2.1"
        day = datetime.timedelta(days=1)
        start, end = datetime.datetime(2023, 1, 1), datetime.datetime(2033, 1, 1)

        def cert(name, key, issuer_name, issuer_key, ca, marker=None, not_before=start, not_after=end):
            builder = (x509.CertificateBuilder()
                .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
                .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, issuer_name)]))
                .public_key(key.public_key()).serial_number(x509.random_serial_number())
                .not_valid_before(not_before).not_valid_after(not_after)
                .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
            if marker:
                builder = builder.add_extension(
                    x509.UnrecognizedExtension(x509.ObjectIdentifier(marker), b"\x05\x00"), critical=False)
            return builder.sign(issuer_key, hashes.SHA256())

        def key(): return ec.generate_private_key(ec.SECP256R1())
        def b64u(data): return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
        def der(c): return base64.b64encode(c.public_bytes(serialization.Encoding.DER)).decode()

        def jws(chain, signer, alg="ES256", signed=1706169600000, env="Sandbox", flip=False):
            header = {"alg": alg, "x5c": [der(c) for c in chain]}
            payload = {"notificationType": "TEST", "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
                "version": "2.0", "signedDate": signed, "data": {"environment": env, "bundleId": "com.example"}}
            head = b64u(json.dumps(header).encode()) + "." + b64u(json.dumps(payload).encode())
            r, s = decode_dss_signature(signer.sign(head.encode(), ec.ECDSA(hashes.SHA256())))
            raw = bytearray(r.to_bytes(32, "big") + s.to_bytes(32, "big"))
            if flip: raw[10] ^= 1
            return head + "." + b64u(bytes(raw))

        root_key, intermediate_key, leaf_key = key(), key(), key()
        root = cert("Test Root", root_key, "Test Root", root_key, True)
        intermediate = cert("Test Intermediate", intermediate_key, "Test Root", root_key, True, INTERMEDIATE)
        leaf = cert("Test Leaf", leaf_key, "Test Intermediate", intermediate_key, False, LEAF)
        open(folder + "/root.pem", "wb").write(root.public_bytes(serialization.Encoding.PEM))
        other_key = key()
        swapped = cert("Test Leaf", other_key, "Test Intermediate", intermediate_key, False, LEAF)
        other_root_key, other_intermediate_key = key(), key()
        other_root = cert("Test Root", other_root_key, "Test Root", other_root_key, True)
        other_intermediate = cert("Test Intermediate", other_intermediate_key, "Test Root", other_root_key, True, INTERMEDIATE)
        other_leaf = cert("Test Leaf", leaf_key, "Test Intermediate", other_intermediate_key, False, LEAF)
        old_intermediate = cert("Test Intermediate", intermediate_key, "Test Root", root_key, True, INTERMEDIATE,
            start, datetime.datetime(2023, 6, 1))
        # Valid at signedDate (2024-01-25) but expired now; valid now but not yet at signedDate.
        past_intermediate = cert("Test Intermediate", intermediate_key, "Test Root", root_key, True, INTERMEDIATE,
            start, datetime.datetime(2024, 6, 1))
        later_intermediate = cert("Test Intermediate", intermediate_key, "Test Root", root_key, True, INTERMEDIATE,
            datetime.datetime(2025, 1, 1), end)
        bare_leaf = cert("Test Leaf", leaf_key, "Test Intermediate", intermediate_key, False)
        bare_intermediate = cert("Test Intermediate", intermediate_key, "Test Root", root_key, True)
        chain = [leaf, intermediate, root]
        k1_key = ec.generate_private_key(ec.SECP256K1())
        k1_leaf = cert("Test Leaf", k1_key, "Test Intermediate", intermediate_key, False, LEAF)
        brainpool_key = ec.generate_private_key(ec.BrainpoolP256R1())
        brainpool_leaf = cert("Test Leaf", brainpool_key, "Test Intermediate", intermediate_key, False, LEAF)
        load = lambda name: x509.load_der_x509_certificate(open(corpus + "/certs/" + name, "rb").read())
        apple = [load("real-signing-leaf.der"), load("AppleWWDRCA-G6.der"), load("AppleRootCA-G3.der")]
        print(json.dumps({
            "good": jws(chain, leaf_key),
            "flipped": jws(chain, leaf_key, flip=True),
            "swappedLeaf": jws([swapped, intermediate, root], leaf_key),
            "otherRoot": jws([other_leaf, other_intermediate, other_root], leaf_key),
            "expiredIntermediate": jws([leaf, old_intermediate, root], leaf_key),
            "expiredSinceSignedDate": jws([leaf, past_intermediate, root], leaf_key),
            "notYetValidAtSignedDate": jws([leaf, later_intermediate, root], leaf_key),
            "es384": jws(chain, leaf_key, alg="ES384"),
            "none": jws(chain, leaf_key, alg="none"),
            "x5c2": jws(chain[:2], leaf_key),
            "x5c4": jws(chain + [root], leaf_key),
            "leafWithoutMarker": jws([bare_leaf, intermediate, root], leaf_key),
            "intermediateWithoutMarker": jws([leaf, bare_intermediate, root], leaf_key),
            "xcode": jws(chain[:1], leaf_key, env="Xcode"),
            "secp256k1Leaf": jws([k1_leaf, intermediate, root], k1_key),
            "brainpoolLeaf": jws([brainpool_leaf, intermediate, root], brainpool_key),
            "forgedUnderG3": jws(apple, key(), signed=1767225600000),
        }))
        """#
}

/// The embedded Apple Root CA - G3 is the shared file, byte for byte, and has Apple's published fingerprint.
@Suite struct EmbeddedRootTests {
    @Test(.requires(.serverAppleLibrary), .requires(.openssl)) func embeddedRootIsAppleRootCAG3() throws {
        let embedded = TrustedRoot.appleRootCAG3.der
        #expect(embedded.count == 583)
        let shared = try SharedData.Item.serverAppleLibrary.require().appendingPathComponent("certs/AppleRootCA-G3.der")
        #expect([UInt8](try Data(contentsOf: shared)) == embedded)
        let file = TestScratch.path("g3", suffix: ".der")
        try Data(embedded).write(to: file)
        let digest = try ChildProcess.run(
            try RequiredTool.openssl.require(), ["dgst", "-sha256", "-r", file.path], output: .captured)
        #expect(
            String(decoding: digest.standardOutput, as: UTF8.self).uppercased().hasPrefix(
                "63343ABFB89A6A03EBB57E9B3F5FA7BE7C4F5C756F3017B3A8C488C3653E9179"))
    }
}
