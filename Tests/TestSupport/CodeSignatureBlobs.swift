import Foundation

/// The blobs of a thin little-endian 64-bit executable's code signature (its SuperBlob), as
/// codesign wrote them, and the executable with its SuperBlob rebuilt from edited blobs.
/// Tests change what an app claims with it (signature hashes are not recomputed: eplint
/// does not verify them); the blob layout is Apple's `cs_blobs.h`.
package enum CodeSignatureBlobs {
    package struct Blob: Equatable {
        /// The slot type (5: XML entitlements, 7: DER entitlements).
        package var type: Int
        /// The whole blob, its 8-byte header (magic, length) included.
        package var bytes: [UInt8]

        package init(type: Int, bytes: [UInt8]) {
            self.type = type
            self.bytes = bytes
        }

        /// The blob without its header.
        package var payload: [UInt8] { Array(bytes.dropFirst(8)) }
    }

    static func le(_ bytes: [UInt8], _ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
    static func be(_ data: [UInt8], _ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(data[at + $1]) } }
    static func beBytes(_ value: Int) -> [UInt8] {
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// The offset of LC_CODE_SIGNATURE in the load commands.
    static func command(_ bytes: [UInt8]) -> Int {
        var command = 32
        for _ in 0..<le(bytes, 16) where le(bytes, command) != 0x1D { command += le(bytes, command + 4) }
        return command
    }

    /// Where the SuperBlob starts.
    package static func signatureOffset(of bytes: [UInt8]) -> Int { le(bytes, command(bytes) + 8) }

    /// The signature's blobs, in index order.
    package static func blobs(of bytes: [UInt8]) -> [Blob] {
        let blob = Array(bytes[signatureOffset(of: bytes)...])
        return (0..<be(blob, 8)).map { index in
            let start = be(blob, 16 + 8 * index)
            return Blob(type: be(blob, 12 + 8 * index), bytes: Array(blob[start..<start + be(blob, start + 4)]))
        }
    }

    /// An XML entitlements blob (slot 5) holding `xml`.
    static func xmlEntitlements(_ xml: String) -> Blob {
        Blob(type: 5, bytes: [0xFA, 0xDE, 0x71, 0x71] + beBytes(8 + xml.utf8.count) + Array(xml.utf8))
    }

    /// `bytes` with its signature rebuilt from `blobs` (LC_CODE_SIGNATURE's size updated).
    package static func replacing(_ bytes: [UInt8], with blobs: [Blob]) -> [UInt8] {
        let command = command(bytes)
        let dataOffset = signatureOffset(of: bytes)
        var offset = 12 + 8 * blobs.count
        var index: [UInt8] = []
        var body: [UInt8] = []
        for entry in blobs {
            index += beBytes(entry.type) + beBytes(offset)
            body += entry.bytes
            offset += entry.bytes.count
        }
        var superBlob = [0xFA, 0xDE, 0x0C, 0xC0] + beBytes(offset) + beBytes(blobs.count) + index + body
        superBlob += [UInt8](repeating: 0, count: (16 - superBlob.count % 16) % 16)
        var result = Array(bytes[..<dataOffset]) + superBlob
        for (position, byte) in (0..<4).map({ UInt8(truncatingIfNeeded: superBlob.count >> (8 * $0)) }).enumerated() {
            result[command + 12 + position] = byte
        }
        return result
    }
}
