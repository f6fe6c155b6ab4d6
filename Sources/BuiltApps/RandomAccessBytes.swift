#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

/// An open file read with pread(2); the descriptor is closed when the value is released.
package final class FileBytes: RandomAccessBytes {
    private let descriptor: Int32
    package let count: UInt64

    package init(path: String) throws(ArtifactProblem) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ArtifactProblem(.unreadable, "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw ArtifactProblem(.unreadable, "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        count = UInt64(max(0, status.st_size))
    }

    deinit { close(descriptor) }

    package func read(at offset: UInt64, length: Int) throws(ArtifactProblem) -> [UInt8] {
        guard length >= 0, offset <= count, UInt64(length) <= count - offset else {
            throw ArtifactProblem(.malformed, "\(length) bytes at offset \(offset) are past the end (\(count) bytes)")
        }
        var result = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let got = result.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, length - done, off_t(offset) + off_t(done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else {
                throw ArtifactProblem(.unreadable, "the file shrank or could not be read while eplint read it")
            }
            done += got
        }
        return result
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
