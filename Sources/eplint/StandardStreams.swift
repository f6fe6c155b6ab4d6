#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func writeStandardOutput(_ text: String) { write(text, to: 1) }
func writeStandardError(_ text: String) { write(text, to: 2) }
func writeStandardOutput(bytes: [UInt8]) { write(bytes[...], to: 1) }

/// Writes all of `text` to a descriptor, retrying short writes.
private func write(_ text: String, to descriptor: Int32) { write(Array(text.utf8)[...], to: descriptor) }

private func write(_ contents: ArraySlice<UInt8>, to descriptor: Int32) {
    var bytes = contents
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            return
        }
        bytes = bytes.dropFirst(written)
    }
}

/// write(2) itself, beside the `write(_:to:)` above that would shadow it.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
