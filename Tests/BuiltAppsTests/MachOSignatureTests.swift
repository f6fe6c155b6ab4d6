import Foundation
import PlistSyntax
import TestSupport
import Testing

@testable import BuiltApps

/// The code signature reader against the corpus's index (INDEX.tsv: each Mach-O's slices,
/// signature offset and size, SuperBlob slots and entitlement keys, written by an independent
/// Python reader of the layout), and against corruptions of those files.
@Suite struct MachOSignatureTests {
    static let artifacts = ZipArchiveTests.artifacts

    struct Indexed {
        var path: String
        /// Per slice: "unsigned", or "OFFSET+SIZE SLOT,SLOT… KEY,KEY…".
        var slices: [String]
    }

    static func indexedMachOFiles() throws -> [Indexed] {
        let index = try String(contentsOf: artifacts.appendingPathComponent("INDEX.tsv"), encoding: .utf8)
        var files: [Indexed] = []
        for line in index.split(whereSeparator: \.isNewline).dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 9, columns[3].hasPrefix("macho") else { continue }
            var notes = columns[8]
            if notes.hasPrefix("IDENTICAL to "), let end = notes.range(of: "; ") {
                notes = String(notes[end.upperBound...])
            }
            let slices = notes.components(separatedBy: " | ").map { slice -> String in
                if slice.contains("unsigned") { return "unsigned" }
                guard let at = slice.range(of: "sig@"), let slots = slice.range(of: "slots=[") else { return "?" }
                let place = slice[at.upperBound...].prefix { $0 != " " }
                let list = slice[slots.upperBound...]
                var names: [String] = []
                var keys = ""
                var depth = 0
                var token = ""
                for character in list {
                    if depth == 0 && (character == " " || character == "]") {
                        names.append(String(token.prefix { $0 != "{" && $0 != "(" }))
                        if token.hasPrefix("Entitlements{") {
                            keys = String(token.dropFirst("Entitlements{".count).dropLast())
                        }
                        token = ""
                        if character == "]" { break }
                        continue
                    }
                    if character == "{" || character == "(" { depth += 1 }
                    if character == "}" || character == ")" { depth -= 1 }
                    token.append(character)
                }
                return "\(place) \(names.joined(separator: ",")) \(keys)"
            }
            files.append(Indexed(path: "\(columns[0])/\(columns[2])", slices: slices))
        }
        return files
    }

    static func slotName(_ type: UInt32) -> String {
        switch type {
        case 0: "CodeDirectory"
        case 2: "Requirements"
        case 5: "Entitlements"
        case 7: "DEREntitlements"
        case 0x1000..<0x1005: "AltCodeDirectory"
        case 0x10000: "CMSSignature"
        default: "slot\(type)"
        }
    }

    /// What eplint reads of a file, in the index's words.
    static func described(_ slices: [MachOSlice]) -> [String] {
        slices.map { slice in
            guard let offset = slice.signatureOffset, let size = slice.signatureSize else { return "unsigned" }
            // The index lists slot 7 nowhere: its reader did not name it.
            let names = slice.slots.filter { $0 != 7 }.map(slotName).joined(separator: ",")
            var keys = ""
            if let xml = slice.entitlementsXML, let entries = PlistParser.parse(xml).root?.dictionaryEntries {
                keys = entries.map(\.key).sorted().joined(separator: ",")
            }
            return "\(offset - slice.offset)+\(size) \(names) \(keys)"
        }
    }

    @Test(
        .requires(.artifacts))
    func corpusAgreesWithTheIndex() throws {
        var checked = 0
        var signed = 0
        var withEntitlements = 0
        for file in try Self.indexedMachOFiles() {
            let url = Self.artifacts.appendingPathComponent(file.path)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let slices = try MachOSignature.read(FileBytes(path: url.path))
            #expect(Self.described(slices) == file.slices, "\(file.path)")
            checked += 1
            signed += slices.filter(\.isSigned).count
            withEntitlements += slices.filter { $0.entitlementsXML != nil }.count
        }
        #expect(checked >= 40)
        #expect(signed >= 50 && withEntitlements >= 8)
    }

    static func corpusExecutable(_ path: String) -> [UInt8]? {
        (try? Data(contentsOf: artifacts.appendingPathComponent(path))).map(Array.init)
    }

    static let thinSigned =
        "fastlane__fastlane/fastlane_core/spec/fixtures/bundles/very-capable-app.app/very-capable-app"
    static let fat = "facebook__idb/Fixtures/Binaries/TableSearch.app/TableSearch"

    @Test(
        .requires(.artifacts))
    func hostileLoadCommandsAndFatHeaders() throws {
        let thin = try #require(Self.corpusExecutable(Self.thinSigned))
        let slice = try #require(try MachOSignature.read(MemoryBytes(thin)).first)
        #expect(slice.entitlementsXML != nil)

        // LC_CODE_SIGNATURE's dataoff past the end of the file.
        let commandStart = try #require(Self.codeSignatureCommand(in: thin))
        var outside = thin
        for (index, byte) in [UInt8(0xF0), 0xFF, 0xFF, 0x7F].enumerated() { outside[commandStart + 8 + index] = byte }
        #expect(throws: ArtifactProblem.self) { try MachOSignature.read(MemoryBytes(outside)) }
        do { _ = try MachOSignature.read(MemoryBytes(outside)) } catch {
            #expect(error.kind == .malformed && error.message.contains("outside the file"))
        }

        // More load commands than their size can hold.
        var commands = thin
        for (index, byte) in [UInt8(0xFF), 0xFF, 0xFF, 0x0F].enumerated() { commands[16 + index] = byte }
        #expect(throws: ArtifactProblem.self) { try MachOSignature.read(MemoryBytes(commands)) }

        let fat = try #require(Self.corpusExecutable(Self.fat))
        #expect(try MachOSignature.read(MemoryBytes(fat)).count == 2)
        // The second architecture moved onto the first.
        var overlapping = fat
        for index in 0..<4 { overlapping[8 + 20 + 8 + index] = fat[8 + 8 + index] }
        do {
            _ = try MachOSignature.read(MemoryBytes(overlapping))
            Issue.record("overlapping slices read")
        } catch {
            #expect(error.kind == .malformed && error.message.contains("overlap"))
        }
        var tooMany = fat
        tooMany[7] = 200
        #expect(throws: ArtifactProblem.self) { try MachOSignature.read(MemoryBytes(tooMany)) }
    }

    /// Random corruptions of real executables' headers and signatures: a problem or a
    /// reading, never a crash or a hang (the time limit is a hang guard, not a speed test).
    @Test(.requires(.artifacts), .timeLimit(.minutes(1)))
    func corruptionsNeverCrash() throws {
        var random = SplitMix64(seed: 29)
        var problems = 0
        for path in [Self.thinSigned, Self.fat] {
            let original = try #require(Self.corpusExecutable(path))
            let signatureStart = try MachOSignature.read(MemoryBytes(original)).compactMap(\.signatureOffset).min() ?? 0
            for variant in 0..<300 {
                var bytes = original
                for _ in 0..<4 {
                    // Half in the headers, half in the signature.
                    let position =
                        variant % 2 == 0
                        ? Int(random.next() % 4096)
                        : Int(signatureStart) + Int(random.next() % UInt64(original.count - Int(signatureStart)))
                    bytes[position] = UInt8(truncatingIfNeeded: random.next())
                }
                do { _ = try MachOSignature.read(MemoryBytes(bytes)) } catch { problems += 1 }
            }
        }
        #expect(problems > 20, "the corruptions are not all harmless")
    }

    static func codeSignatureCommand(in bytes: [UInt8]) -> Int? {
        let count = Int(bytes.littleEndian(at: 16, size: 4))
        var position = 32
        for _ in 0..<count {
            if bytes.littleEndian(at: position, size: 4) == 0x1D { return position }
            position += Int(bytes.littleEndian(at: position + 4, size: 4))
        }
        return nil
    }

    @Test func unsignedAndNotMachO() throws {
        // A minimal 64-bit little-endian header with no load commands.
        var header: [UInt8] = [0xCF, 0xFA, 0xED, 0xFE, 0x0C, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0]
        header += [UInt8](repeating: 0, count: 16)
        let slices = try MachOSignature.read(MemoryBytes(header))
        #expect(slices.count == 1 && !slices[0].isSigned && slices[0].cpuType == 0x0100_000C)
        #expect(MachOSignature.isMachO(header))
        #expect(!MachOSignature.isMachO(Array("#!/bin/sh\n".utf8)))
        #expect(throws: ArtifactProblem.self) {
            try MachOSignature.read(MemoryBytes(Array("#!/bin/sh\necho hi\n".utf8)))
        }
    }
}
