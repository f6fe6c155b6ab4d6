#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the parser reads a file's raw bytes from, a chunk at a time.
package protocol ByteSource {
    /// Fills `buffer` from the start; returns the number of bytes read, 0 at the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int
    /// How many bytes the source expects to yield, if it knows: a read buffer need not be
    /// bigger. Only a hint (a file may change while it is read).
    var expectedByteCount: Int? { get }
    /// Starts again from the first byte: a file whose top-level dict repeats a key is read
    /// twice, so that its millions of other keys need not be remembered.
    mutating func rewind() throws(ReadFailure)
}

extension ByteSource {
    package var expectedByteCount: Int? { nil }
}

/// Bytes already in memory (standard input, tests).
package struct BytesSource: ByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package var expectedByteCount: Int? { bytes.count }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
        }
        offset += count
        return count
    }

    package mutating func rewind() { offset = 0 }
}

/// An open file descriptor, read with read(2). The descriptor stays owned by the caller.
package struct FileDescriptorSource: ByteSource {
    package let descriptor: Int32
    package let expectedByteCount: Int?

    /// `expectedByteCount`: the size, when known (a regular file's); nil for a pipe.
    package init(descriptor: Int32, expectedByteCount: Int? = nil) {
        self.descriptor = descriptor
        self.expectedByteCount = expectedByteCount
    }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int {
        while true {
            #if canImport(Glibc)
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            #else
                let count = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
            #endif
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw ReadFailure(reason: String(cString: strerror(errno)))
        }
    }

    package mutating func rewind() throws(ReadFailure) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw ReadFailure(reason: String(cString: strerror(errno))) }
    }
}
