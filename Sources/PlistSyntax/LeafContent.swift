/// White space and trimming of leaf and between-element text (what leaves may hold is
/// `AppleValueGrammar`).
enum LeafContent {
    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Only XML white space (a plain loop: libxml2 hands over the blanks between
    /// elements one run at a time, millions of them in a big file).
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where !isXMLSpace(byte) { return false }
        return true
    }

    static func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes[bytes.withUnsafeBufferPointer(trimmedRange)]
    }

    /// The indices of `bytes` without the XML white space around them.
    private static func trimmedRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var lower = 0
        var upper = bytes.count
        while lower < upper && isXMLSpace(bytes[lower]) { lower += 1 }
        while upper > lower && isXMLSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }
}
