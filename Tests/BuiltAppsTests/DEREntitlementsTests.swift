import Foundation
import TestSupport
import Testing

@testable import BuiltApps

/// The DER form of signed entitlements, written here from the layout (CODE-SIGNATURE-LAYOUT.md):
/// no artifact of the corpus holds one. openssl asn1parse checks that what is written is DER.
@Suite struct DEREntitlementsTests {
    static func tlv(_ identifier: UInt8, _ content: [UInt8]) -> [UInt8] {
        let count = content.count
        let length: [UInt8] =
            count < 128
            ? [UInt8(count)] : count < 256 ? [0x81, UInt8(count)] : [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
        return [identifier] + length + content
    }
    static func utf8(_ text: String) -> [UInt8] { tlv(0x0C, Array(text.utf8)) }
    static func dictionary(_ pairs: [(String, [UInt8])]) -> [UInt8] {
        tlv(0xB0, pairs.flatMap { tlv(0x30, utf8($0.0) + $0.1) })
    }

    static let sample: [UInt8] = tlv(
        0x70,
        tlv(0x02, [1])
            + dictionary([
                ("application-identifier", utf8("TEAM123456.com.example.app")),
                ("com.apple.developer.storekit.external-purchase", tlv(0x01, [0xFF])),
                (
                    "com.apple.developer.storekit.custom-purchase-link.allowed-regions",
                    tlv(0x30, utf8("fr") + utf8("nl"))
                ),
                ("get-task-allow", tlv(0x01, [0x00])),
                ("nested", dictionary([("count", tlv(0x02, [0xFF, 0x38]))])),
            ]))

    @Test func readsEveryValueKind() throws {
        let entries = try DEREntitlements.entries(Self.sample)
        #expect(
            entries.map(\.key) == [
                "application-identifier", "com.apple.developer.storekit.external-purchase",
                "com.apple.developer.storekit.custom-purchase-link.allowed-regions", "get-task-allow", "nested",
            ])
        #expect(entries[0].value.stringValue == "TEAM123456.com.example.app")
        #expect(entries[1].value.boolValue == true && entries[3].value.boolValue == false)
        #expect(entries[2].value.arrayValue?.compactMap(\.stringValue) == ["fr", "nl"])
        guard case .integer(let count)? = entries[4].value.dictionaryEntries?.first?.value.content else {
            Issue.record("no nested integer")
            return
        }
        #expect(count == "-200")
    }

    @Test(.requires(.openssl))
    func theSampleIsDER() throws {
        let file = TestScratch.path("eplint-entitlements", suffix: ".der")
        try Data(Self.sample).write(to: file)
        let outcome = try ChildProcess.run(
            try RequiredTool.openssl.require(), ["asn1parse", "-inform", "DER", "-in", file.path], output: .captured)
        let text = String(decoding: outcome.standardOutput, as: UTF8.self)
        #expect(outcome.status == 0 && !outcome.signaled)
        #expect(
            text.contains("cons: appl [ 16 ]") && text.contains("cons: cont [ 16 ]")
                && text.contains(":com.apple.developer.storekit.external-purchase"))
    }

    /// Arrays nested to the reader's depth are read (on a test's thread: 512 KiB on macOS), one
    /// level more is refused.
    @Test func nestingUpToTheReadersDepthIsRead() throws {
        func entitlements(arraysDeep depth: Int) -> [UInt8] {
            var value = Self.tlv(0x01, [0xFF])
            for _ in 0..<depth { value = Self.tlv(0x30, value) }
            return Self.tlv(0x70, Self.tlv(0x02, [1]) + Self.dictionary([("deep", value)]))
        }
        // The dictionary is at depth 1, its entry at 2, the value at 3: 61 arrays end at 64.
        var node = try #require(try DEREntitlements.entries(entitlements(arraysDeep: 61)).first?.value)
        for _ in 0..<61 { node = try #require(node.arrayValue?.first) }
        #expect(node.boolValue == true)
        #expect(throws: ArtifactProblem(.unsupported, "DER nested deeper than 64")) {
            try DEREntitlements.entries(entitlements(arraysDeep: 62))
        }
    }

    @Test func malformedForms() {
        #expect(throws: ArtifactProblem.self) { try DEREntitlements.entries(Self.tlv(0x30, [])) }
        #expect(throws: ArtifactProblem.self) {
            try DEREntitlements.entries(
                Self.tlv(
                    0x70,
                    Self.tlv(0x02, [1]) + Self.tlv(0xB0, Self.tlv(0x30, Self.tlv(0x02, [1]) + Self.tlv(0x01, [1])))))
        }
        #expect(throws: ArtifactProblem.self) { try DEREntitlements.entries(Array(Self.sample.prefix(20))) }
    }
}
