/// Copies the short runs of text libxml2 hands over one at a time (a key, a value, a few
/// blanks: millions of them in a big file) with a few overlapping word moves instead of a
/// byte loop or a `memcpy` call. Never reads or writes outside the `count` bytes.
enum ShortCopy {
    @inline(__always)
    static func copy(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            if count <= 16 {
                // The first eight bytes and the last eight, overlapping in the middle.
                let head = from.loadUnaligned(as: UInt64.self)
                let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                to.storeBytes(of: head, as: UInt64.self)
                to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
            } else if count <= 32 {
                let head = from.loadUnaligned(as: SIMD16<UInt8>.self)
                let tail = from.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self)
                to.storeBytes(of: head, as: SIMD16<UInt8>.self)
                to.storeBytes(of: tail, toByteOffset: count &- 16, as: SIMD16<UInt8>.self)
            } else {
                to.copyMemory(from: from, byteCount: count)
            }
        } else if count >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        } else if count > 0 {
            // One to three bytes: first, middle and last (some of them the same byte).
            target[0] = source[0]
            target[count >> 1] = source[count >> 1]
            target[count &- 1] = source[count &- 1]
        }
    }
}
