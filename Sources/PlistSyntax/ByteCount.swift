/// Counts bytes 16 at a time: positions in a big file need the line ends of every byte
/// before them, and one memchr call per line cost three times this.
enum ByteCount {
    /// How often `byte` occurs in `buffer[from..<to]`.
    static func occurrences(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        guard let base = buffer.baseAddress, from < to else { return 0 }
        let raw = UnsafeRawPointer(base)
        let wanted = SIMD16<UInt8>(repeating: byte)
        var total = 0
        var index = from
        while to - index >= 16 {
            // One-byte lanes count at most 255 blocks before they are added up.
            var lanes = SIMD16<UInt8>()
            var blocks = 0
            while blocks < 255 && to - index >= 16 {
                lanes &+= SIMD16<UInt8>().replacing(with: 1, where: raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== wanted)
                index += 16
                blocks += 1
            }
            for lane in 0..<16 { total += Int(lanes[lane]) }
        }
        while index < to {
            if buffer[index] == byte { total += 1 }
            index += 1
        }
        return total
    }

    /// How often `first` is directly followed by `second` in `buffer[from..<to]`.
    static func pairs(_ buffer: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, first: UInt8, second: UInt8) -> Int {
        guard let base = buffer.baseAddress, to - from > 1 else { return 0 }
        let raw = UnsafeRawPointer(base)
        // A pair starts at each index of from..<(to - 1) whose byte is `first` and whose
        // next byte is `second`: compare 16 bytes with the 16 after them, shifted by one.
        var total = 0
        var index = from
        while to - 1 - index >= 16 {
            var lanes = SIMD16<UInt8>()
            var blocks = 0
            while blocks < 255 && to - 1 - index >= 16 {
                let here = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                let next = raw.loadUnaligned(fromByteOffset: index + 1, as: SIMD16<UInt8>.self)
                lanes &+= SIMD16<UInt8>().replacing(with: 1, where: (here .== SIMD16(repeating: first)) .& (next .== SIMD16(repeating: second)))
                index += 16
                blocks += 1
            }
            for lane in 0..<16 { total += Int(lanes[lane]) }
        }
        while index < to - 1 {
            if buffer[index] == first && buffer[index + 1] == second { total += 1 }
            index += 1
        }
        return total
    }
}
