internal import CZlib

/// The zip container of an .ipa: its central directory (ZIP64 too), and the stored or
/// deflated entries eplint asks for, inflated in memory (nothing is written to disk).
///
/// Bounded against zip bombs: an entry is inflated only up to the size the directory
/// declares, a declared size deflate cannot reach from the compressed size is refused, and
/// the entries and sizes read have limits (`ArtifactProblem.unsupported`, EP002).
package struct ZipArchive {
    package struct Entry: Sendable {
        package var name: String
        package var method: UInt16
        package var flags: UInt16
        var crc32: UInt32
        var compressedSize: UInt64
        package var uncompressedSize: UInt64
        var localHeaderOffset: UInt64

        package var isDirectory: Bool { name.hasSuffix("/") }
    }

    /// More entries than any app holds (a large game has tens of thousands of files).
    static let maximumEntryCount = 500_000
    /// The largest entry eplint inflates: executables of big apps are a few hundred MB.
    static let maximumEntrySize: UInt64 = 1 << 30
    /// Deflate produces at most about 1,032 bytes per compressed byte: a larger declared
    /// ratio is a bomb or a lie.
    static let maximumRatio: UInt64 = 1_032

    package let entries: [Entry]
    private let file: any RandomAccessBytes

    package init(_ file: any RandomAccessBytes) throws(ArtifactProblem) {
        self.file = file
        entries = try Self.readCentralDirectory(file)
    }

    package func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    // MARK: The central directory

    private static let endSignature: UInt64 = 0x0605_4B50
    private static let zip64LocatorSignature: UInt64 = 0x0706_4B50
    private static let zip64EndSignature: UInt64 = 0x0606_4B50
    private static let centralSignature: UInt64 = 0x0201_4B50
    private static let localSignature: UInt64 = 0x0403_4B50

    private static func readCentralDirectory(_ file: any RandomAccessBytes) throws(ArtifactProblem) -> [Entry] {
        // The end record is in the last 22 + 65,535 (its longest comment) bytes.
        guard file.count >= 22 else { throw ArtifactProblem(.malformed, "not a zip archive: \(file.count) bytes") }
        let tailLength = Int(min(file.count, 22 + 65_535))
        let tailStart = file.count - UInt64(tailLength)
        let tail = try file.read(at: tailStart, length: tailLength)
        guard
            let end = stride(from: tailLength - 22, through: 0, by: -1).first(where: {
                // The signature's first byte first: most positions are rejected by it alone.
                tail[$0] == UInt8(truncatingIfNeeded: endSignature)
                    && tail.littleEndian(at: $0, size: 4) == endSignature
            })
        else {
            throw ArtifactProblem(.malformed, "not a zip archive (no end of central directory record)")
        }
        var count = tail.littleEndian(at: end + 10, size: 2)
        var size = tail.littleEndian(at: end + 12, size: 4)
        var offset = tail.littleEndian(at: end + 16, size: 4)
        let endOffset = tailStart + UInt64(end)
        if endOffset >= 20 {
            let locator = try file.read(at: endOffset - 20, length: 20)
            if locator.littleEndian(at: 0, size: 4) == zip64LocatorSignature {
                let recordOffset = locator.littleEndian(at: 8, size: 8)
                guard recordOffset <= file.count, file.count - recordOffset >= 56 else {
                    throw ArtifactProblem(.malformed, "the ZIP64 end record is outside the file")
                }
                let record = try file.read(at: recordOffset, length: 56)
                guard record.littleEndian(at: 0, size: 4) == zip64EndSignature else {
                    throw ArtifactProblem(.malformed, "no ZIP64 end record where its locator points")
                }
                count = record.littleEndian(at: 32, size: 8)
                size = record.littleEndian(at: 40, size: 8)
                offset = record.littleEndian(at: 48, size: 8)
            }
        }
        guard count <= UInt64(maximumEntryCount) else {
            throw ArtifactProblem(
                .unsupported, "zip archive of \(count) entries (eplint reads at most \(maximumEntryCount))")
        }
        // Each entry takes at least 46 bytes.
        guard offset <= file.count, size <= file.count - offset, count <= size / 46 + 1 else {
            throw ArtifactProblem(
                .malformed, "the central directory (\(count) entries, \(size) bytes at \(offset)) does not fit the file"
            )
        }
        let directory = try file.read(at: offset, length: Int(size))
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        var position = 0
        for index in 0..<Int(count) {
            guard position + 46 <= directory.count, directory.littleEndian(at: position, size: 4) == centralSignature
            else {
                throw ArtifactProblem(.malformed, "central directory entry \(index) is malformed")
            }
            let nameLength = Int(directory.littleEndian(at: position + 28, size: 2))
            let extraLength = Int(directory.littleEndian(at: position + 30, size: 2))
            let commentLength = Int(directory.littleEndian(at: position + 32, size: 2))
            let next = position + 46 + nameLength + extraLength + commentLength
            guard next <= directory.count else {
                throw ArtifactProblem(.malformed, "central directory entry \(index) runs past the directory")
            }
            var entry = Entry(
                name: String(decoding: directory[position + 46..<position + 46 + nameLength], as: UTF8.self),
                method: UInt16(directory.littleEndian(at: position + 10, size: 2)),
                flags: UInt16(directory.littleEndian(at: position + 8, size: 2)),
                crc32: UInt32(directory.littleEndian(at: position + 16, size: 4)),
                compressedSize: directory.littleEndian(at: position + 20, size: 4),
                uncompressedSize: directory.littleEndian(at: position + 24, size: 4),
                localHeaderOffset: directory.littleEndian(at: position + 42, size: 4))
            try applyZip64(
                Array(directory[position + 46 + nameLength..<position + 46 + nameLength + extraLength]), to: &entry)
            entries.append(entry)
            position = next
        }
        return entries
    }

    /// ZIP64's extra field (0x0001) holds, in order, the sizes and offset whose 32-bit fields are all ones.
    private static func applyZip64(_ extra: [UInt8], to entry: inout Entry) throws(ArtifactProblem) {
        var position = 0
        while position + 4 <= extra.count {
            let id = extra.littleEndian(at: position, size: 2)
            let length = Int(extra.littleEndian(at: position + 2, size: 2))
            guard position + 4 + length <= extra.count else { return }
            if id == 1 {
                var field = position + 4
                let end = field + length
                for path in [\Entry.uncompressedSize, \Entry.compressedSize, \Entry.localHeaderOffset]
                where entry[keyPath: path] == 0xFFFF_FFFF {
                    guard field + 8 <= end else {
                        throw ArtifactProblem(.malformed, "\(entry.name): its ZIP64 field is too short")
                    }
                    entry[keyPath: path] = extra.littleEndian(at: field, size: 8)
                    field += 8
                }
                return
            }
            position += 4 + length
        }
    }

    // MARK: Entries

    /// The entry's bytes, inflated and checked against its CRC-32.
    package func contents(of entry: Entry) throws(ArtifactProblem) -> [UInt8] {
        guard entry.flags & 1 == 0 else { throw ArtifactProblem(.unsupported, "\(entry.name) is encrypted") }
        guard entry.uncompressedSize <= Self.maximumEntrySize else {
            throw ArtifactProblem(
                .unsupported,
                "\(entry.name) declares \(entry.uncompressedSize) bytes (eplint inflates at most \(Self.maximumEntrySize))"
            )
        }
        guard entry.localHeaderOffset <= file.count, file.count - entry.localHeaderOffset >= 30 else {
            throw ArtifactProblem(.malformed, "\(entry.name): its local header is outside the file")
        }
        let header = try file.read(at: entry.localHeaderOffset, length: 30)
        guard header.littleEndian(at: 0, size: 4) == Self.localSignature else {
            throw ArtifactProblem(.malformed, "\(entry.name): no local header where the central directory points")
        }
        let dataStart =
            entry.localHeaderOffset + 30 + header.littleEndian(at: 26, size: 2) + header.littleEndian(at: 28, size: 2)
        guard dataStart <= file.count, entry.compressedSize <= file.count - dataStart else {
            throw ArtifactProblem(
                .malformed, "\(entry.name): its \(entry.compressedSize) compressed bytes run past the end of the file")
        }
        let contents: [UInt8]
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw ArtifactProblem(.malformed, "\(entry.name): stored, but its sizes differ")
            }
            contents = try file.read(at: dataStart, length: Int(entry.compressedSize))
        case 8:
            guard entry.uncompressedSize <= Self.maximumRatio * entry.compressedSize + 1024 else {
                throw ArtifactProblem(
                    .unsupported,
                    "\(entry.name) declares \(entry.uncompressedSize) bytes from \(entry.compressedSize): more than deflate can produce (a zip bomb)"
                )
            }
            contents = try inflate(entry, from: dataStart)
        default:
            throw ArtifactProblem(
                .unsupported,
                "\(entry.name) is compressed with method \(entry.method) (eplint reads stored and deflated entries)")
        }
        let crc = contents.withUnsafeBufferPointer { buffer in
            CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count))
        }
        guard UInt32(crc) == entry.crc32 else {
            throw ArtifactProblem(.malformed, "\(entry.name): its CRC-32 does not match its contents")
        }
        return contents
    }

    /// Inflates into exactly the declared size: output beyond it is never made.
    private func inflate(_ entry: Entry, from start: UInt64) throws(ArtifactProblem) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(entry.uncompressedSize))
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ArtifactProblem(.unsupported, "zlib could not start (out of memory)")
        }
        defer { inflateEnd(&stream) }
        var consumed: UInt64 = 0
        var produced = 0
        var finished = false
        let chunk = 256 * 1024
        while !finished {
            let length = Int(min(UInt64(chunk), entry.compressedSize - consumed))
            guard length > 0 else { break }
            var input = try file.read(at: start + consumed, length: length)
            consumed += UInt64(length)
            var status: Int32 = Z_OK
            input.withUnsafeMutableBufferPointer { inputBuffer in
                output.withUnsafeMutableBufferPointer { outputBuffer in
                    stream.next_in = inputBuffer.baseAddress
                    stream.avail_in = uInt(inputBuffer.count)
                    repeat {
                        // One spare byte past the declared size shows a stream that inflates to more.
                        stream.next_out = outputBuffer.baseAddress.map { $0 + produced }
                        stream.avail_out = uInt(outputBuffer.count - produced)
                        if stream.avail_out == 0 {
                            var spare: UInt8 = 0
                            withUnsafeMutablePointer(to: &spare) { pointer in
                                stream.next_out = pointer
                                stream.avail_out = 1
                                status = CZlib.inflate(&stream, Z_NO_FLUSH)
                                if stream.avail_out == 0 {
                                    status = Z_BUF_ERROR
                                    produced += 1
                                }
                            }
                            break
                        }
                        status = CZlib.inflate(&stream, Z_NO_FLUSH)
                        produced = outputBuffer.count - Int(stream.avail_out)
                    } while status == Z_OK && stream.avail_in > 0
                }
            }
            if produced > output.count {
                throw ArtifactProblem(
                    .unsupported, "\(entry.name) inflates to more than the \(entry.uncompressedSize) bytes it declares")
            }
            switch status {
            case Z_STREAM_END: finished = true
            case Z_OK, Z_BUF_ERROR: continue
            default: throw ArtifactProblem(.malformed, "\(entry.name): its deflated data is corrupt")
            }
        }
        guard finished, produced == output.count else {
            throw ArtifactProblem(
                .malformed, "\(entry.name): its deflated data ends after \(produced) of \(entry.uncompressedSize) bytes"
            )
        }
        return output
    }
}
