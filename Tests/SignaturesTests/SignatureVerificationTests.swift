import Foundation
import ServerSide
import TestSupport
import Testing

@testable import Signatures

/// macOS: Security.framework, always there; Linux: with libcrypto, and always in strict mode (to
/// fail there without it).
let signaturesAreVerifiedHere: Bool = RequiredTool.strict || SignedDataVerifier.unavailability == nil

/// The committed fixtures (`scripts/signature-fixtures.py` made them): Apple's library test data,
/// and the negative chains.
let signatureFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// Signed payloads verified as Apple's App Store Server Library verifies them (issue 40): Apple's
/// mock signed data against its test root, and negative chains made once by Python's
/// `cryptography` (not by eplint), all committed, so every platform runs every case. Where
/// verification cannot run (no libcrypto) the suite is skipped; under EPLINT_STRICT_TESTS=1 it
/// fails instead.
@Suite(.enabled(if: signaturesAreVerifiedHere, "signatures are not verified without libcrypto"))
struct SignatureVerificationTests {
    func file(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: signatureFixtures.appendingPathComponent("server-apple-library/\(path)")))
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

    @Test func appleMockDataVerifiesToTheTestRootOnly() throws {
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
    @Test func certificatesWithoutTheMarkerExtensionFail() throws {
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

    /// Chains made by Python's `cryptography` (scripts/signature-fixtures.py): each case's JWS,
    /// and the root it is given.
    @Test func negativeChainsFail() throws {
        let folder = signatureFixtures.appendingPathComponent("chains")
        let cases = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("chains.json")))
                as? [String: String])
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
}

/// The embedded Apple Root CA - G3 is the shared file, byte for byte, and has Apple's published fingerprint.
@Suite struct EmbeddedRootTests {
    @Test(.requires(.openssl)) func embeddedRootIsAppleRootCAG3() throws {
        let embedded = TrustedRoot.appleRootCAG3.der
        #expect(embedded.count == 583)
        let copied = signatureFixtures.appendingPathComponent("server-apple-library/certs/AppleRootCA-G3.der")
        #expect([UInt8](try Data(contentsOf: copied)) == embedded)
        let file = TestScratch.path("g3", suffix: ".der")
        try Data(embedded).write(to: file)
        let digest = try ChildProcess.run(
            try RequiredTool.openssl.require(), ["dgst", "-sha256", "-r", file.path], output: .captured)
        #expect(
            String(decoding: digest.standardOutput, as: UTF8.self).uppercased().hasPrefix(
                "63343ABFB89A6A03EBB57E9B3F5FA7BE7C4F5C756F3017B3A8C488C3653E9179"))
    }
}
