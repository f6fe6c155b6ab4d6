import EplintBase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way eplint opens what it reads: read-only, without blocking (a FIFO cannot hang
/// the run), and only if it is a regular file.
package enum RegularFile {
    /// `body` reads `path`, opened with its size as a hint; the file is closed after it.
    package static func read<Value>(_ path: String, _ body: (inout FileDescriptorSource) throws(ReadFailure) -> Value)
        -> Result<Value, ReadFailure>
    {
        open(path).flatMap { opened in
            defer { close(opened.descriptor) }
            var source = opened
            return Result { () throws(ReadFailure) in try body(&source) }
        }
    }

    private static func open(_ path: String) -> Result<FileDescriptorSource, ReadFailure> {
        let descriptor = openReadOnly(path)
        guard descriptor >= 0 else {
            let code = errno
            let cause: ReadFailure.Cause =
                switch code {
                case ENOENT, ENOTDIR: .absent
                case EACCES, EPERM: .denied
                default: .other
                }
            return .failure(ReadFailure(reason: String(cString: strerror(code)), cause: cause))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(ReadFailure(reason: "not a regular file"))
        }
        return .success(FileDescriptorSource(descriptor: descriptor, expectedByteCount: Int(info.st_size)))
    }

    /// All of `path`'s bytes (at most `limit`: more is a failure).
    package static func contents(_ path: String, limit: Int = .max) -> Result<[UInt8], ReadFailure> {
        read(path) { source throws(ReadFailure) in try readAll(&source, limit: limit).get() }
    }

    /// Everything a source yields (standard input, a file).
    package static func readAll(_ source: inout some ByteSource, limit: Int = .max) -> Result<[UInt8], ReadFailure> {
        var bytes: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count: Int
            do throws(ReadFailure) { count = try source.read(into: buffer) } catch { return .failure(error) }
            if count == 0 { return .success(bytes) }
            bytes += UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            if bytes.count > limit { return .failure(ReadFailure(reason: "larger than \(limit) bytes")) }
        }
    }
}

extension ByteSource {
    /// Everything left of the source (at most `limit` bytes: more is a failure).
    mutating func readWhole(limit: Int = .max) -> Result<[UInt8], ReadFailure> {
        RegularFile.readAll(&self, limit: limit)
    }
}

/// open(2) itself, outside the enum whose `open` would shadow it.
private func openReadOnly(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
}
