#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes all of `contents` to a descriptor, retrying short writes; the errno that stopped it,
/// or nil. The executable's standard streams and the language server's output share it.
package func writeAll(_ contents: ArraySlice<UInt8>, to descriptor: Int32) -> Int32? {
    var bytes = contents
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        bytes = bytes.dropFirst(written)
    }
    return nil
}

/// write(2) itself, beside `writeAll` (a function named `write` here would shadow it).
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
