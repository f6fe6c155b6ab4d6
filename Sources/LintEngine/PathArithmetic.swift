/// Path arithmetic on `/`-separated strings, without Foundation (start-up cost).
package enum PathArithmetic {
    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")

    /// Absolute `path` with `.`, `..` and repeated slashes resolved.
    package static func normalized(_ path: String) -> String {
        // One pass over the UTF-8 bytes: String's split walks grapheme clusters, and a generic
        // split of the UTF-8 view instantiates its types at run time (200,000 instructions at
        // every start, which normalizes a few paths).
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count + 1)
        var kept: [Int] = []  // where each kept component's slash is in `result`
        for part in components(path) where part != [dot] {
            if part == [dot, dot] {
                if let start = kept.popLast() { result.removeLast(result.count - start) }
            } else {
                kept.append(result.count)
                result.append(slash)
                result.append(contentsOf: part)
            }
        }
        return result.isEmpty ? "/" : String(decoding: result, as: UTF8.self)
    }

    /// `path` relative to `directory` (with `..` when outside it).
    package static func relative(_ path: String, to directory: String) -> String {
        let target = components(normalized(path))
        let base = components(normalized(directory))
        var common = 0
        // Compared as strings: canonically equivalent spellings (NFC, NFD) are the same folder.
        while common < min(target.count, base.count)
            && String(decoding: target[common], as: UTF8.self) == String(decoding: base[common], as: UTF8.self)
        {
            common += 1
        }
        var result: [UInt8] = []
        for _ in common..<base.count { result += result.isEmpty ? [dot, dot] : [slash, dot, dot] }
        for part in target[common...] {
            if !result.isEmpty { result.append(slash) }
            result.append(contentsOf: part)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The non-empty components of `path`, as bytes.
    private static func components(_ path: String) -> [ArraySlice<UInt8>] {
        let bytes = Array(path.utf8)
        var parts: [ArraySlice<UInt8>] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == slash {
            if index > start { parts.append(bytes[start..<index]) }
            start = index + 1
        }
        return parts
    }
}
