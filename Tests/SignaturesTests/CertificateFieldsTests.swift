import Foundation
import TestSupport
import Testing

@testable import Signatures

/// The certificate reading macOS's verifier relies on (marker OIDs, the key's curve, the subject),
/// run here on every platform against the committed fixtures and OpenSSL's own reading.
@Suite struct CertificateFieldsTests {
    static let certificates = [
        "AppleRootCA-G3.der", "AppleWWDRCA-G6.der", "real-signing-leaf.der", "testCA.der",
        "x509-test-intermediate.der", "x509-test-leaf.der", "x509-test-intermediate-invalid-oid.der",
        "x509-test-leaf-invalid-oid.der",
    ]

    func der(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: signatureFixtures.appendingPathComponent("server-apple-library/certs/\(name)")))
    }

    /// The leaf and intermediate of a fixture chain's `x5c` (DER).
    func x5c(_ name: String) throws -> [[UInt8]] {
        let data = try Data(contentsOf: signatureFixtures.appendingPathComponent("chains/chains.json"))
        let cases = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        let header = try #require(cases[name]?.split(separator: ".").first)
        var base64 = header.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let decoded = try #require(Data(base64Encoded: base64))
        let json = try #require(try JSONSerialization.jsonObject(with: decoded) as? [String: Any])
        let certificates = try #require(json["x5c"] as? [String]).compactMap { Data(base64Encoded: $0) }
        return certificates.map { [UInt8]($0) }
    }

    @Test func markerExtensionsAndCurves() throws {
        let leaf = try #require(CertificateFields(der: try der("x509-test-leaf.der")))
        #expect(leaf.extensions.contains(SignedDataVerifier.leafMarker) && leaf.hasP256Key)
        let intermediate = try #require(CertificateFields(der: try der("x509-test-intermediate.der")))
        #expect(intermediate.extensions.contains(SignedDataVerifier.intermediateMarker))
        let bareLeaf = try #require(CertificateFields(der: try der("x509-test-leaf-invalid-oid.der")))
        #expect(!bareLeaf.extensions.contains(SignedDataVerifier.leafMarker) && !bareLeaf.extensions.isEmpty)
        let bareIntermediate = try #require(CertificateFields(der: try der("x509-test-intermediate-invalid-oid.der")))
        #expect(!bareIntermediate.extensions.contains(SignedDataVerifier.intermediateMarker))
        // Apple's real chain: the signing leaf has the leaf marker, WWDR G6 the intermediate's.
        #expect(
            try CertificateFields(der: der("real-signing-leaf.der"))?.extensions.contains(SignedDataVerifier.leafMarker)
                == true)
        #expect(
            try CertificateFields(der: der("AppleWWDRCA-G6.der"))?.extensions.contains(
                SignedDataVerifier.intermediateMarker) == true)
        // Other 256-bit curves: an EC key, not P-256.
        let k1 = try #require(CertificateFields(der: try x5c("secp256k1Leaf")[0]))
        #expect(k1.keyAlgorithm == CertificateFields.ecPublicKey && k1.curve == "1.3.132.0.10" && !k1.hasP256Key)
        let brainpool = try #require(CertificateFields(der: try x5c("brainpoolLeaf")[0]))
        #expect(brainpool.curve == "1.3.36.3.3.2.8.1.1.7" && !brainpool.hasP256Key)
        #expect(try CertificateFields(der: x5c("good")[0])?.hasP256Key == true)
    }

    /// The subject as OpenSSL writes it on one line (`-nameopt compat` is `X509_NAME_oneline`).
    @Test(.requires(.openssl)) func subjectsAreOpenSSLsOneLine() throws {
        for name in Self.certificates {
            let file = signatureFixtures.appendingPathComponent("server-apple-library/certs/\(name)")
            let outcome = try ChildProcess.run(
                try RequiredTool.openssl.require(),
                ["x509", "-in", file.path, "-inform", "DER", "-noout", "-subject", "-nameopt", "compat"],
                output: .captured)
            let printed = String(decoding: outcome.standardOutput, as: UTF8.self)
            #expect(printed.hasPrefix("subject=/"), "\(name): \(printed)")
            let expected = printed.dropFirst("subject=".count).trimmingCharacters(in: .newlines)
            #expect(try CertificateFields(der: der(name))?.subject == expected, "\(name)")
        }
    }

    @Test func malformedDERIsRefused() throws {
        let good = try der("x509-test-leaf.der")
        #expect(CertificateFields(der: good) != nil)
        #expect(CertificateFields(der: Array(good.dropLast())) == nil)  // cut short
        #expect(CertificateFields(der: good + [0]) == nil)  // trailing byte
        #expect(CertificateFields(der: []) == nil)
        var longLength = good
        longLength[1] = 0x85  // five length bytes: more than DER certificates use
        #expect(CertificateFields(der: longLength) == nil)
        // An OID arc past 64 bits, and one with a leading 0x80 (not minimal), are refused.
        #expect(CertificateFields.dotted(ArraySlice([0x2A] + [UInt8](repeating: 0xFF, count: 10) + [0x7F])) == nil)
        #expect(CertificateFields.dotted([0x2A, 0x80, 0x01]) == nil)
        #expect(CertificateFields.dotted([0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]) == CertificateFields.p256)
        #expect(CertificateFields.dotted([0x88, 0x37]) == "2.999")
    }
}
