import Foundation
import PlistSyntax
import TestSupport
import Testing

@testable import BuiltApps

/// A real signed macOS app (Sparkle's DevSignedApp, codesigned by Xcode): its signature
/// carries the entitlements twice, XML (slot 5) and DER (slot 7). The DER form must read as
/// exactly what the XML form states, as Foundation parses it.
@Suite struct SignedMacAppTests {
    static let archive = SharedData.Item.artifacts.url.appendingPathComponent(
        "sparkle-project__Sparkle/Tests/Resources/DevSignedApp.zip")

    /// The app's executable, unzipped by Python's zipfile.
    static func executable() throws -> [UInt8] {
        let directory = try TestScratch.folder("eplint-devsigned")
        try ChildProcess.run(
            try RequiredTool.python3.require(),
            [
                "-c", "import sys, zipfile\nzipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])", archive.path,
                directory.path,
            ],
            output: .inherited, error: .inherited)
        return Array(
            try Data(contentsOf: directory.appendingPathComponent("DevSignedApp.app/Contents/MacOS/SignedApp")))
    }

    /// A value as text, types told apart (a boolean is not the integer 1).
    static func described(_ node: PlistNode) -> String {
        switch node.content {
        case .boolean(let flag): return "boolean \(flag)"
        case .integer(let text): return "integer \(text)"
        case .string(let text): return "string \(text)"
        case .array(let items): return "[" + items.map(described).joined(separator: ", ") + "]"
        case .dictionary(let entries): return described(entries)
        default: return "other \(node.content)"
        }
    }

    static func described(_ entries: [PlistEntry]) -> String {
        "{" + entries.map { "\($0.key): \(described($0.value))" }.sorted().joined(separator: ", ") + "}"
    }

    static func described(foundation object: Any) -> String {
        if let flag = FoundationBoolean.value(object) { return "boolean \(flag)" }
        switch object {
        case let number as NSNumber: return "integer \(number.int64Value)"
        case let text as String: return "string \(text)"
        case let items as [Any]: return "[" + items.map { described(foundation: $0) }.joined(separator: ", ") + "]"
        case let dictionary as [String: Any]:
            return "{"
                + dictionary.map { "\($0.key): \(described(foundation: $0.value))" }.sorted()
                .joined(separator: ", ") + "}"
        default: return "other \(object)"
        }
    }

    @Test(.requires(.artifacts), .requires(.python3))
    func derEntitlementsAloneReadAsTheXMLSlotStated() throws {
        let signed = try Self.executable()
        let slices = try MachOSignature.read(MemoryBytes(signed))
        #expect(slices.count == 1 && slices[0].slots.contains(5) && slices[0].slots.contains(7))
        let xml = try #require(slices[0].entitlementsXML)
        // What the XML slot states, as Foundation reads it: the app's two sandbox entitlements.
        let stated = try PropertyListSerialization.propertyList(from: Data(xml), format: nil)
        let expected = Self.described(foundation: stated)
        #expect(
            expected
                == "{com.apple.security.app-sandbox: boolean true, com.apple.security.files.user-selected.read-only: boolean true}"
        )

        // The signature without its XML slot: the DER slot is all there is, and reads the same.
        let blobs = CodeSignatureBlobs.blobs(of: signed)
        #expect(blobs.map(\.type) == [0, 2, 5, 7, 0x10000])
        let derOnly = CodeSignatureBlobs.replacing(signed, with: blobs.filter { $0.type != 5 })
        let read = try MachOSignature.read(MemoryBytes(derOnly))
        #expect(read.count == 1 && read[0].entitlementsXML == nil && !read[0].slots.contains(5))
        let der = try #require(read[0].entitlementsDER)
        #expect(der == blobs.first { $0.type == 7 }?.payload)
        let entries = try DEREntitlements.entries(der)
        #expect(Self.described(entries) == expected)
    }
}
