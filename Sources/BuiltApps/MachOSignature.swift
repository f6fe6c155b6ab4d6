/// The code signature of a Mach-O executable, thin or fat (universal): `LC_CODE_SIGNATURE`
/// → SuperBlob → the entitlements blobs (XML, slot 5; DER, slot 7). Nothing is verified:
/// eplint reads what the app claims, as App Store Connect's checks do before theirs.
///
/// Every offset is checked against its container (the file, the slice, the SuperBlob)
/// before use; counts are bounded by the bytes that would hold them.
package struct MachOSlice: Sendable, Equatable {
    var cpuType: UInt32
    /// Where the slice starts in the file (0 for a thin file).
    package var offset: UInt64
    /// The file offset of the SuperBlob and its declared size; nil: unsigned.
    package var signatureOffset: UInt64?
    package var signatureSize: UInt64?
    /// The SuperBlob's slot types, in index order.
    package var slots: [UInt32]
    /// The XML plist of slot 5, without its 8-byte blob header.
    package var entitlementsXML: [UInt8]?
    /// The DER entitlements of slot 7, without its blob header.
    package var entitlementsDER: [UInt8]?

    package var isSigned: Bool { signatureOffset != nil }
}

package enum MachOSignature {
    /// Larger load-command areas and signatures are refused (real ones are kilobytes).
    static let maximumLoadCommandsSize = 16 << 20
    static let maximumSignatureSize = 16 << 20
    /// Fat files hold a handful of architectures.
    static let maximumSliceCount = 64

    static let fatMagic: UInt32 = 0xCAFE_BABE
    static let fat64Magic: UInt32 = 0xCAFE_BABF
    static let codeSignatureCommand: UInt32 = 0x1D
    static let superBlobMagic: UInt32 = 0xFADE_0CC0
    static let entitlementsMagic: UInt32 = 0xFADE_7171
    static let derEntitlementsMagic: UInt32 = 0xFADE_7172

    static func isMachO(_ prefix: [UInt8]) -> Bool {
        guard prefix.count >= 4 else { return false }
        let magic = UInt32(prefix.bigEndian(at: 0, size: 4))
        return [0xFEED_FACE, 0xFEED_FACF, 0xCEFA_EDFE, 0xCFFA_EDFE, fatMagic, fat64Magic].contains(magic)
    }

    /// Every slice's signature, in the order of the fat header.
    package static func read(_ file: any RandomAccessBytes) throws(ArtifactProblem) -> [MachOSlice] {
        guard file.count >= 8 else { throw ArtifactProblem(.malformed, "not a Mach-O file: \(file.count) bytes") }
        let head = try file.read(at: 0, length: 8)
        let magic = UInt32(head.bigEndian(at: 0, size: 4))
        guard magic == fatMagic || magic == fat64Magic else { return [try slice(file, at: 0, size: file.count)] }
        let count = Int(head.bigEndian(at: 4, size: 4))
        guard count >= 1, count <= maximumSliceCount else {
            throw ArtifactProblem(.malformed, "fat Mach-O header: \(count) architectures")
        }
        let entrySize = magic == fat64Magic ? 32 : 20
        guard UInt64(8 + count * entrySize) <= file.count else {
            throw ArtifactProblem(.malformed, "fat Mach-O header runs past the end of the file")
        }
        let table = try file.read(at: 8, length: count * entrySize)
        var ranges: [(offset: UInt64, size: UInt64)] = []
        for index in 0..<count {
            let base = index * entrySize
            let offset =
                magic == fat64Magic ? table.bigEndian(at: base + 8, size: 8) : table.bigEndian(at: base + 8, size: 4)
            let size =
                magic == fat64Magic ? table.bigEndian(at: base + 16, size: 8) : table.bigEndian(at: base + 12, size: 4)
            guard offset >= UInt64(8 + count * entrySize), offset <= file.count, size <= file.count - offset else {
                throw ArtifactProblem(
                    .malformed, "fat Mach-O architecture \(index) (\(size) bytes at \(offset)) is outside the file")
            }
            ranges.append((offset, size))
        }
        let sorted = ranges.sorted { $0.offset < $1.offset }
        for (earlier, later) in zip(sorted, sorted.dropFirst()) where earlier.offset + earlier.size > later.offset {
            throw ArtifactProblem(
                .malformed, "fat Mach-O architectures overlap (at \(earlier.offset) and \(later.offset))")
        }
        var slices: [MachOSlice] = []
        for range in ranges { slices.append(try slice(file, at: range.offset, size: range.size)) }
        return slices
    }

    private static func slice(_ file: any RandomAccessBytes, at start: UInt64, size: UInt64) throws(ArtifactProblem)
        -> MachOSlice
    {
        guard size >= 28 else { throw ArtifactProblem(.malformed, "Mach-O slice of \(size) bytes") }
        let header = try file.read(at: start, length: 32 <= size ? 32 : 28)
        let magic = UInt32(header.bigEndian(at: 0, size: 4))
        let little: Bool
        let is64: Bool
        switch magic {
        case 0xCEFA_EDFE: (little, is64) = (true, false)
        case 0xCFFA_EDFE: (little, is64) = (true, true)
        case 0xFEED_FACE: (little, is64) = (false, false)
        case 0xFEED_FACF: (little, is64) = (false, true)
        default: throw ArtifactProblem(.malformed, "not a Mach-O file (magic 0x\(String(magic, radix: 16)))")
        }
        func field(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
            little ? bytes.littleEndian(at: offset, size: 4) : bytes.bigEndian(at: offset, size: 4)
        }
        let headerSize: UInt64 = is64 ? 32 : 28
        let commandCount = field(header, 16)
        let commandsSize = field(header, 20)
        guard commandsSize <= UInt64(maximumLoadCommandsSize) else {
            throw ArtifactProblem(
                .unsupported,
                "Mach-O load commands of \(commandsSize) bytes (eplint reads at most \(maximumLoadCommandsSize))")
        }
        guard headerSize + commandsSize <= size, commandCount <= commandsSize / 8 else {
            throw ArtifactProblem(
                .malformed, "Mach-O load commands (\(commandCount), \(commandsSize) bytes) do not fit the file")
        }
        let commands = try file.read(at: start + headerSize, length: Int(commandsSize))
        var result = MachOSlice(cpuType: UInt32(field(header, 4)), offset: start, slots: [])
        var position = 0
        for index in 0..<Int(commandCount) {
            guard position + 8 <= commands.count else {
                throw ArtifactProblem(.malformed, "Mach-O load command \(index) runs past the load commands")
            }
            let command = UInt32(field(commands, position))
            let commandSize = Int(field(commands, position + 4))
            guard commandSize >= 8, commandSize <= commands.count - position else {
                throw ArtifactProblem(.malformed, "Mach-O load command \(index) has size \(commandSize)")
            }
            if command == codeSignatureCommand {
                guard commandSize >= 16 else {
                    throw ArtifactProblem(.malformed, "LC_CODE_SIGNATURE of \(commandSize) bytes")
                }
                let offset = field(commands, position + 8)
                let length = field(commands, position + 12)
                guard offset <= size, length <= size - offset else {
                    throw ArtifactProblem(
                        .malformed, "LC_CODE_SIGNATURE points outside the file (\(length) bytes at \(offset))")
                }
                result.signatureOffset = start + offset
                result.signatureSize = length
                try readSuperBlob(file, at: start + offset, size: length, into: &result)
            }
            position += commandSize
        }
        return result
    }

    private static func readSuperBlob(
        _ file: any RandomAccessBytes, at offset: UInt64, size: UInt64, into slice: inout MachOSlice
    ) throws(ArtifactProblem) {
        guard size <= UInt64(maximumSignatureSize) else {
            throw ArtifactProblem(
                .unsupported, "code signature of \(size) bytes (eplint reads at most \(maximumSignatureSize))")
        }
        let blob = try file.read(at: offset, length: Int(size))
        guard blob.count >= 12, UInt32(blob.bigEndian(at: 0, size: 4)) == superBlobMagic else {
            throw ArtifactProblem(.malformed, "the code signature is not a SuperBlob")
        }
        let length = Int(min(blob.bigEndian(at: 4, size: 4), UInt64(blob.count)))
        let count = Int(blob.bigEndian(at: 8, size: 4))
        guard length >= 12, count <= (length - 12) / 8 else {
            throw ArtifactProblem(
                .malformed, "the code signature's index (\(count) blobs) does not fit its \(length) bytes")
        }
        for index in 0..<count {
            let type = UInt32(blob.bigEndian(at: 12 + 8 * index, size: 4))
            let start = Int(blob.bigEndian(at: 16 + 8 * index, size: 4))
            slice.slots.append(type)
            guard start <= length - 8 else {
                throw ArtifactProblem(.malformed, "code signature blob \(index) is outside the signature")
            }
            let magic = UInt32(blob.bigEndian(at: start, size: 4))
            let blobLength = Int(blob.bigEndian(at: start + 4, size: 4))
            guard blobLength >= 8, blobLength <= length - start else {
                throw ArtifactProblem(
                    .malformed, "code signature blob \(index) (\(blobLength) bytes) runs past the signature")
            }
            let payload = Array(blob[start + 8..<start + blobLength])
            if type == 5 && magic == entitlementsMagic { slice.entitlementsXML = payload }
            if type == 7 && magic == derEntitlementsMagic { slice.entitlementsDER = payload }
        }
    }
}

extension Array where Element == UInt8 {
    func bigEndian(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<offset + size { value = value << 8 | UInt64(self[index]) }
        return value
    }
}
