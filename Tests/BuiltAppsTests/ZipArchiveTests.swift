import Foundation
import TestSupport
import Testing

@testable import BuiltApps

/// The zip reader against Python's zipfile: archives zipfile writes (stored, deflated at
/// every level, ZIP64, comments, Unicode names) read back entry for entry, byte for byte.
@Suite struct ZipArchiveTests {
    static var python: String { get throws { try RequiredTool.python3.require() } }

    /// Writes `count` archives into `directory` from `seed`, and a manifest of what each holds.
    static let writer = #"""
        import base64, json, os, random, sys, zipfile
        seed, count, directory = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
        rng = random.Random(seed)
        manifest = []
        for index in range(count):
            path = os.path.join(directory, f"{index}.zip")
            entries = []
            zip64 = rng.random() < 0.2
            with zipfile.ZipFile(path, "w", allowZip64=True) as archive:
                if rng.random() < 0.3:
                    archive.comment = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
                names = set()
                for _ in range(rng.randrange(1, 25)):
                    name = rng.choice(["Payload/", "Payload/App.app/", "Payload/Ä pp.app/", ""]) + "".join(rng.choice("abcXYZ._-é日") for _ in range(rng.randrange(1, 12)))
                    if name in names:
                        continue
                    names.add(name)
                    kind = rng.randrange(3)
                    size = rng.choice([0, 1, 17, 1000, 70000, 300000])
                    if kind == 0:
                        data = bytes(rng.randrange(256) for _ in range(min(size, 5000)))
                    elif kind == 1:
                        data = (b"<key>SKExternalPurchase</key>" * (size // 29 + 1))[:size]
                    else:
                        data = bytes(size)
                    method = rng.choice([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])
                    info = zipfile.ZipInfo(name)
                    info.compress_type = method
                    if method == zipfile.ZIP_DEFLATED:
                        # Every level (the attribute is compress_level from Python 3.13 on).
                        setattr(info, "compress_level" if hasattr(info, "compress_level") else "_compresslevel", rng.randrange(0, 10))
                    with archive.open(info, "w", force_zip64=zip64) as handle:
                        handle.write(data)
                    entries.append({"name": name, "data": base64.b64encode(data).decode()})
            manifest.append({"file": path, "entries": entries})
        json.dump(manifest, open(os.path.join(directory, "manifest.json"), "w"))
        """#

    struct Written: Decodable {
        struct Entry: Decodable {
            var name: String
            var data: String
        }
        var file: String
        var entries: [Entry]
    }

    static func written(seed: Int, count: Int) throws -> [Written] {
        let directory = TestScratch.path("eplint-zip")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let outcome = try ChildProcess.run(
            try Self.python, ["-c", writer, String(seed), String(count), directory.path], output: .inherited,
            error: .inherited)
        #expect(outcome.status == 0 && !outcome.signaled)
        return try JSONDecoder().decode(
            [Written].self, from: Data(contentsOf: directory.appendingPathComponent("manifest.json")))
    }

    @Test(.requires(.python3))
    func archivesReadAsZipfileWroteThem() throws {
        var entryCount = 0
        for archive in try Self.written(seed: 29, count: 200) {
            let archiveReader = try ZipArchive(FileBytes(path: archive.file))
            #expect(archiveReader.entries.map(\.name) == archive.entries.map(\.name), "\(archive.file)")
            for (entry, expected) in zip(archiveReader.entries, archive.entries) {
                #expect(
                    try archiveReader.contents(of: entry) == Array(Data(base64Encoded: expected.data)!),
                    "\(archive.file) \(entry.name)")
                entryCount += 1
            }
        }
        #expect(entryCount > 1500)
    }

    @Test(.requires(.python3))
    func truncatedAndCorruptedArchivesFailCleanly() throws {
        var random = SplitMix64(seed: 29)
        var failures = 0
        for archive in try Self.written(seed: 7, count: 40) {
            let original = Array(try Data(contentsOf: URL(fileURLWithPath: archive.file)))
            for variant in 0..<10 {
                var bytes = original
                if variant < 4 {
                    bytes.removeLast(Int(random.next() % UInt64(bytes.count)) + 1)
                } else {
                    for _ in 0..<3 {
                        bytes[Int(random.next() % UInt64(bytes.count))] ^= UInt8(truncatingIfNeeded: random.next() | 1)
                    }
                }
                do {
                    let archiveReader = try ZipArchive(MemoryBytes(bytes))
                    for entry in archiveReader.entries { _ = try archiveReader.contents(of: entry) }
                } catch {
                    failures += 1
                    #expect(!error.message.isEmpty)
                }
            }
        }
        #expect(failures > 150, "the corruptions are not all harmless")
    }

    /// One deflated entry of `size` zero bytes, written by zipfile.
    static func zeros(_ size: Int) throws -> [UInt8] {
        let file = TestScratch.path("eplint-zeros", suffix: ".zip")
        try ChildProcess.run(
            try Self.python,
            [
                "-c",
                "import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED, compresslevel=9) as z: z.writestr('Payload/big', bytes(int(sys.argv[2])))",
                file.path, String(size),
            ], output: .inherited, error: .inherited)
        return Array(try Data(contentsOf: file))
    }

    /// Offsets of the central directory's size fields of its first entry.
    static func centralEntry(_ bytes: [UInt8]) -> Int {
        (0..<bytes.count - 4).last {
            bytes[$0] == 0x50 && bytes[$0 + 1] == 0x4B && bytes[$0 + 2] == 1 && bytes[$0 + 3] == 2
        }!
    }

    @Test(.requires(.python3))
    func zipBombsAreRefused() throws {
        let bytes = try Self.zeros(20_000_000)
        let archiveReader = try ZipArchive(MemoryBytes(bytes))
        #expect(try archiveReader.contents(of: archiveReader.entries[0]).count == 20_000_000)

        // A declared size over deflate's ratio.
        var lying = bytes
        let central = Self.centralEntry(lying)
        for (index, byte) in [UInt8(0xFF), 0xFF, 0xFF, 0x3F].enumerated() { lying[central + 24 + index] = byte }
        let ratio = try ZipArchive(MemoryBytes(lying))
        #expect(throws: ArtifactProblem.self) { try ratio.contents(of: ratio.entries[0]) }
        do { _ = try ratio.contents(of: ratio.entries[0]) } catch {
            #expect(error.kind == .unsupported && error.message.contains("zip bomb"))
        }

        // A declared size smaller than what the data inflates to: inflating stops there.
        var short = bytes
        for (index, byte) in [UInt8(0x00), 0x10, 0x00, 0x00].enumerated() { short[central + 24 + index] = byte }
        let stopped = try ZipArchive(MemoryBytes(short))
        do {
            _ = try stopped.contents(of: stopped.entries[0])
            Issue.record("inflated past the declared size")
        } catch {
            #expect(error.kind == .unsupported && error.message.contains("more than the 4096 bytes it declares"))
        }

        // Past the entry size limit.
        #expect(ZipArchive.maximumEntrySize == 1 << 30)
    }

    /// An entry whose CRC-32 disagrees with its bytes is refused: the CRC fields changed in
    /// both headers (stored and deflated), or a stored byte changed. The archives are
    /// zipfile's, the bytes flipped at APPNOTE's offsets, and zipfile's own `testzip` agrees
    /// that each is corrupt.
    @Test(.requires(.python3))
    func aWrongCRCIsRefused() throws {
        let directory = try TestScratch.folder("eplint-crc")
        let outcome = try ChildProcess.run(
            try Self.python,
            [
                "-c",
                """
                import sys, zipfile
                name, data = 'Payload/A.app/Info.plist', b'<plist><dict><key>K</key><true/></dict></plist>'
                for label, method in (('stored', zipfile.ZIP_STORED), ('deflated', zipfile.ZIP_DEFLATED)):
                    path = sys.argv[1] + '/' + label + '.zip'
                    with zipfile.ZipFile(path, 'w', method) as z:
                        z.writestr(name, data)
                    good = open(path, 'rb').read()
                    assert good[:4] == b'PK\\x03\\x04' and zipfile.ZipFile(path).testzip() is None
                    # The local header's CRC is at 14, the central directory entry's at 16.
                    crc = bytearray(good)
                    central = crc.rfind(b'PK\\x01\\x02')
                    for offset in (14, central + 16):
                        crc[offset] ^= 0x5A
                    variants = {'crc-' + label: crc}
                    if method == zipfile.ZIP_STORED:
                        # The entry's data follows its 30-byte local header and its name (no extra field).
                        assert good[28:30] == b'\\x00\\x00'
                        flipped = bytearray(good)
                        flipped[30 + len(name) + 1] ^= 0x20
                        variants['data-' + label] = flipped
                    for variant, bytes_ in variants.items():
                        out = sys.argv[1] + '/' + variant + '.zip'
                        open(out, 'wb').write(bytes_)
                        try:
                            bad = zipfile.ZipFile(out).testzip()
                        except zipfile.BadZipFile:
                            bad = name
                        assert bad == name, variant
                """, directory.path,
            ], output: .inherited, error: .inherited)
        #expect(outcome.status == 0 && !outcome.signaled)
        let expected = ArtifactProblem(.malformed, "Payload/A.app/Info.plist: its CRC-32 does not match its contents")
        for label in ["stored", "deflated"] {
            let good = try ZipArchive(FileBytes(path: directory.appendingPathComponent("\(label).zip").path))
            #expect(try good.contents(of: good.entries[0]).count == 47, "\(label)")
        }
        for variant in ["crc-stored", "crc-deflated", "data-stored"] {
            let archive = try ZipArchive(FileBytes(path: directory.appendingPathComponent("\(variant).zip").path))
            #expect(archive.entries.map(\.name) == ["Payload/A.app/Info.plist"], "\(variant)")
            #expect(throws: expected, "\(variant)") { try archive.contents(of: archive.entries[0]) }
        }
    }

    @Test func notAZip() {
        #expect(throws: ArtifactProblem(.malformed, "not a zip archive (no end of central directory record)")) {
            try ZipArchive(MemoryBytes(Array(repeating: 0x41, count: 100)))
        }
        #expect(throws: ArtifactProblem(.malformed, "not a zip archive: 3 bytes")) {
            try ZipArchive(MemoryBytes([1, 2, 3]))
        }
    }

    static let artifacts = SharedData.Item.artifacts.url

    /// The corpus's .ipa files: each that zipfile reads, eplint reads the same.
    @Test(
        .requires(.python3), .requires(.artifacts))
    func corpusArchives() throws {
        let lister =
            "import sys, zipfile, json\ntry:\n  z = zipfile.ZipFile(sys.argv[1]); print(json.dumps([[i.filename, i.CRC, i.file_size] for i in z.infolist()]))\nexcept Exception: print('null')"
        let ipas = FileManager.default.enumerator(at: Self.artifacts, includingPropertiesForKeys: nil)!.compactMap {
            $0 as? URL
        }.filter { $0.pathExtension == "ipa" }
        #expect(ipas.count >= 3)
        for ipa in ipas {
            let outcome = try ChildProcess.run(
                try Self.python, ["-c", lister, ipa.path], output: .captured, error: .inherited)
            let listed = try JSONSerialization.jsonObject(with: outcome.standardOutput, options: .fragmentsAllowed)
            guard let expected = listed as? [[Any]] else {
                #expect(throws: ArtifactProblem.self, "\(ipa.lastPathComponent): zipfile refuses it") {
                    try ZipArchive(FileBytes(path: ipa.path))
                }
                continue
            }
            let archiveReader = try ZipArchive(FileBytes(path: ipa.path))
            #expect(archiveReader.entries.map(\.name) == expected.map { $0[0] as! String })
            for (entry, row) in zip(archiveReader.entries, expected) {
                #expect(entry.crc32 == UInt32(row[1] as! Int) && entry.uncompressedSize == UInt64(row[2] as! Int))
                #expect(try archiveReader.contents(of: entry).count == row[2] as! Int)
            }
        }
    }
}
