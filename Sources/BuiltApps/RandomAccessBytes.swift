/// Bytes read where they are needed: an .ipa of 100 MB is read at its central directory and
/// the few entries linted, never whole.
package protocol RandomAccessBytes {
    var count: UInt64 { get }
    /// Exactly `length` bytes from `offset`, or a failure when they are not all there.
    func read(at offset: UInt64, length: Int) throws(ArtifactProblem) -> [UInt8]
}

/// Something wrong with a built artifact: `unsupported` when over a limit (EP002),
/// `malformed` when the bytes contradict themselves (EP001).
package struct ArtifactProblem: Error, Sendable, Equatable {
    package enum Kind: Sendable, Equatable { case malformed, unsupported, unreadable }
    package var kind: Kind
    package var message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

package struct MemoryBytes: RandomAccessBytes {
    package let bytes: [UInt8]
    package init(_ bytes: [UInt8]) { self.bytes = bytes }
    package var count: UInt64 { UInt64(bytes.count) }

    package func read(at offset: UInt64, length: Int) throws(ArtifactProblem) -> [UInt8] {
        guard length >= 0, offset <= count, UInt64(length) <= count - offset else {
            throw ArtifactProblem(.malformed, "\(length) bytes at offset \(offset) are past the end (\(count) bytes)")
        }
        return Array(bytes[Int(offset)..<Int(offset) + length])
    }
}

/// Little-endian fields, read from a buffer already checked to be long enough.
extension Array where Element == UInt8 {
    func littleEndian(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in (offset..<offset + size).reversed() { value = value << 8 | UInt64(self[index]) }
        return value
    }
}
