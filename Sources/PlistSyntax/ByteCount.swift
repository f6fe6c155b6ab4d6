/// Counts bytes 16 at a time: positions in a big file need the line ends of every byte
/// before them, and one memchr call per line cost three times this.
enum ByteCount {
    /// How often `byte` occurs in `buffer[from..<to]`.
    static func occurrences(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        let wanted = SIMD16<UInt8>(repeating: byte)
        return count(buffer, from, to, lookahead: 0) { raw, index in
            raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== wanted
        } scalar: {
            buffer[$0] == byte
        }
    }

    /// How often `first` is directly followed by `second` in `buffer[from..<to]`.
    static func pairs(_ buffer: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, first: UInt8, second: UInt8) -> Int
    {
        let (firsts, seconds) = (SIMD16<UInt8>(repeating: first), SIMD16<UInt8>(repeating: second))
        // A pair starts at an index of from..<(to - 1): 16 bytes are compared with the 16 after
        // them, shifted by one.
        return count(buffer, from, to, lookahead: 1) { raw, index in
            (raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== firsts)
                .& (raw.loadUnaligned(fromByteOffset: index + 1, as: SIMD16<UInt8>.self) .== seconds)
        } scalar: {
            buffer[$0] == first && buffer[$0 + 1] == second
        }
    }

    /// The indices `i` of from..<(to - lookahead) where `matches` holds: `lanes` says it of
    /// the 16 indices from `i` at once (reading up to `lookahead` bytes further), `scalar` of
    /// one, for the last few.
    @inline(__always)
    private static func count(
        _ buffer: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, lookahead: Int,
        lanes: (UnsafeRawPointer, Int) -> SIMDMask<SIMD16<Int8>>, scalar: (Int) -> Bool
    ) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let end = to - lookahead
        var total = 0
        var index = from
        while end - index >= 16 {
            // One-byte lanes count at most 255 blocks before they are added up.
            var counts = SIMD16<UInt8>()
            var blocks = 0
            while blocks < 255 && end - index >= 16 {
                counts &+= SIMD16<UInt8>().replacing(with: 1, where: lanes(raw, index))
                index += 16
                blocks += 1
            }
            for lane in 0..<16 { total += Int(counts[lane]) }
        }
        while index < end {
            if scalar(index) { total += 1 }
            index += 1
        }
        return total
    }
}
