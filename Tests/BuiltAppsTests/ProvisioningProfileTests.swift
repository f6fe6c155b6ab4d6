import Foundation
import TestSupport
import Testing

@testable import BuiltApps

/// The DER reader against `openssl asn1parse` and the profile reader against `openssl cms`,
/// on every CMS profile of the corpus and on profiles signed here with a throw-away key.
@Suite struct ProvisioningProfileTests {
    static let artifacts = ZipArchiveTests.artifacts
    static var openssl: String { get throws { try RequiredTool.openssl.require() } }

    @discardableResult
    static func run(_ arguments: [String], input: Data? = nil) throws -> (status: Int32, output: Data) {
        var arguments = arguments
        // Input from a file, as openssl's `-in` reads it.
        if let input {
            let file = TestScratch.path("eplint-openssl")
            try input.write(to: file)
            arguments += ["-in", file.path]
        }
        let outcome = try ChildProcess.run(try openssl, arguments, output: .captured)
        return (outcome.status, outcome.standardOutput)
    }

    static func corpusProfiles() -> [URL] {
        guard let walk = FileManager.default.enumerator(at: artifacts, includingPropertiesForKeys: nil) else {
            return []
        }
        return walk.compactMap { $0 as? URL }.filter {
            ["mobileprovision", "provisionprofile"].contains($0.pathExtension)
        }.sorted { $0.path < $1.path }
    }

    /// `offset depth headerLength length cons|prim` for each node, as asn1parse lists them
    /// (its end-of-contents lines left out: eplint counts them in their constructed value).
    static func asn1parse(_ file: URL) throws -> [String] {
        let text = String(decoding: try run(["asn1parse", "-inform", "DER", "-in", file.path]).output, as: UTF8.self)
        return text.split(separator: "\n").compactMap { line -> String? in
            guard !line.contains("EOC"), let colon = line.firstIndex(of: ":") else { return nil }
            let offset = line[..<colon].trimmingCharacters(in: .whitespaces)
            let fields = line[line.index(after: colon)...].split(separator: " ", omittingEmptySubsequences: true)
            // Other lines are the text of a printable value (the plist) that runs over lines.
            guard fields.count >= 4, fields[0].hasPrefix("d="), fields[1].hasPrefix("hl="), Int(offset) != nil else {
                return nil
            }
            // d=N  hl=N  l=N|l= N|l=inf  cons|prim
            let depth = fields[0].dropFirst(2)
            let header = fields[1].dropFirst(3)
            var rest = fields.dropFirst(2)
            var length = String(rest.removeFirst().dropFirst(2))
            if length.isEmpty { length = String(rest.removeFirst()) }
            return "\(offset) \(depth) \(header) \(length) \(rest.first!.dropLast())"
        }
    }

    static func walked(_ bytes: [UInt8]) throws -> [String] {
        try DERReader(bytes).walk().map { node, depth in
            "\(node.offset) \(depth) \(node.headerLength) \(node.isIndefinite ? "inf" : String(node.contentLength)) \(node.isConstructed ? "cons" : "prim")"
        }
    }

    @Test(
        .requires(.openssl), .requires(.artifacts))
    func corpusProfilesAgreeWithOpenSSL() throws {
        var signed = 0
        for file in Self.corpusProfiles() {
            let bytes = Array(try Data(contentsOf: file))
            guard bytes.first == 0x30 else {
                // Unsigned plists are read as they are; the bogus and the empty file are refused.
                if bytes.first == UInt8(ascii: "<") {
                    #expect(
                        try ProvisioningProfile(bytes).teamIdentifiers.isEmpty == false, "\(file.lastPathComponent)")
                } else {
                    #expect(throws: ArtifactProblem.self, "\(file.lastPathComponent)") {
                        try ProvisioningProfile(bytes)
                    }
                }
                continue
            }
            signed += 1
            let ours = try Self.walked(bytes)
            let theirs = try Self.asn1parse(file)
            #expect(
                ours == theirs,
                "\(file.path): \(zip(ours, theirs).first { $0 != $1 }.map { "\($0) vs \($1)" } ?? "\(ours.count) vs \(theirs.count) nodes")"
            )
            let content = try Self.run(["cms", "-verify", "-noverify", "-inform", "DER", "-in", file.path]).output
            #expect(try ProvisioningProfile.signedContent(bytes) == Array(content), "\(file.path)")

            // The fields, against Foundation's reading of openssl's content.
            let plist = try #require(
                try PropertyListSerialization.propertyList(from: content, format: nil) as? [String: Any])
            let profile = try ProvisioningProfile(bytes)
            #expect(profile.teamIdentifiers == plist["TeamIdentifier"] as? [String])
            #expect(
                profile.entitlements.map(\.key).sorted() == (plist["Entitlements"] as? [String: Any])?.keys.sorted())
            let expiration = try #require(plist["ExpirationDate"] as? Date)
            #expect(profile.expirationDate == ISO8601DateFormatter().string(from: expiration))
        }
        #expect(signed >= 15)
    }

    static func throwAwayIdentity() throws -> (key: String, certificate: String) {
        let directory = TestScratch.path("eplint-cms")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let key = directory.appendingPathComponent("key.pem").path
        let certificate = directory.appendingPathComponent("cert.pem").path
        let made = try run([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1", "-subj",
            "/CN=eplint test",
        ])
        #expect(made.status == 0)
        return (key, certificate)
    }

    /// Profiles signed here, definite and indefinite (streamed) lengths, with generated
    /// entitlements: the content eplint reads is the plist that was signed.
    @Test(.requires(.openssl))
    func generatedProfilesReadAsSigned() throws {
        let identity = try Self.throwAwayIdentity()
        var random = SplitMix64(seed: 29)
        for index in 0..<60 {
            let keys = (0..<Int(random.next() % 6)).map {
                "com.apple.developer.storekit.key\($0)-\(random.next() % 100)"
            }
            var entitlements = "<key>application-identifier</key><string>TEAM\(index).app</string>"
            for key in keys {
                entitlements +=
                    "<key>\(key)</key>" + (random.next() % 2 == 0 ? "<true/>" : "<array><string>fr</string></array>")
            }
            let plist = """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>Name</key><string>Profile \(index)</string>
                <key>TeamIdentifier</key><array><string>TEAM\(index)</string></array>
                <key>ExpirationDate</key><date>20\(10 + index % 30)-04-07T01:27:21Z</date>
                <key>Entitlements</key><dict>\(entitlements)</dict></dict></plist>
                """ + String(repeating: "\n", count: Int(random.next() % 3000))
            var arguments = [
                "cms", "-sign", "-nodetach", "-binary", "-outform", "DER", "-signer", identity.certificate, "-inkey",
                identity.key,
            ]
            if index % 2 == 1 { arguments.append("-stream") }
            let signed = try Self.run(arguments, input: Data(plist.utf8))
            #expect(signed.status == 0)
            let bytes = Array(signed.output)
            #expect(try ProvisioningProfile.signedContent(bytes) == Array(plist.utf8), "profile \(index)")
            let profile = try ProvisioningProfile(bytes)
            #expect(profile.teamIdentifiers == ["TEAM\(index)"])
            #expect(profile.expirationDate == "20\(10 + index % 30)-04-07T01:27:21Z")
            #expect(profile.entitlements.map(\.key) == ["application-identifier"] + keys)
            #expect(profile.name == "Profile \(index)")
            let file = TestScratch.path("eplint-profile-\(index)", suffix: ".der")
            try Data(bytes).write(to: file)
            #expect(try Self.walked(bytes) == Self.asn1parse(file), "profile \(index)")
        }
    }

    @Test(
        .requires(.artifacts))
    func truncatedAndCorruptedProfilesFailCleanly() throws {
        let file = try #require(Self.corpusProfiles().first { (try? Data(contentsOf: $0))?.first == 0x30 })
        let original = Array(try Data(contentsOf: file))
        var random = SplitMix64(seed: 29)
        var refused = 0
        for variant in 0..<400 {
            var bytes = original
            if variant % 2 == 0 {
                bytes.removeLast(Int(random.next() % UInt64(bytes.count)))
            } else {
                for _ in 0..<3 { bytes[Int(random.next() % 200)] = UInt8(truncatingIfNeeded: random.next()) }
            }
            do { _ = try ProvisioningProfile(bytes) } catch { refused += 1 }
        }
        #expect(refused > 150)
        // Nesting past the reader's depth: 100 indefinite-length SEQUENCEs.
        let deep =
            [UInt8](repeating: 0x30, count: 200).enumerated().map { $0.offset % 2 == 0 ? 0x30 : 0x80 }
            + [UInt8](repeating: 0, count: 200)
        #expect(throws: ArtifactProblem(.unsupported, "DER nested deeper than 64")) { try DERReader(deep).walk() }
    }
}
