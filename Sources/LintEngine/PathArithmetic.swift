/// Path arithmetic on `/`-separated strings, without Foundation (start-up cost).
package enum PathArithmetic {
    /// Absolute `path` with `.`, `..` and repeated slashes resolved.
    package static func normalized(_ path: String) -> String {
        // Done on UTF-8 bytes: String's split and append walk grapheme clusters (tens of
        // thousands of instructions a path), and every run normalizes a few paths at start-up.
        var parts: [Substring.UTF8View] = []
        for part in path.utf8.split(separator: UInt8(ascii: "/")) where !part.elementsEqual(".".utf8) {
            if part.elementsEqual("..".utf8) { _ = parts.popLast() } else { parts.append(part) }
        }
        var result: [UInt8] = []
        for part in parts {
            result.append(UInt8(ascii: "/"))
            result.append(contentsOf: part)
        }
        return result.isEmpty ? "/" : String(decoding: result, as: UTF8.self)
    }

    /// `path` relative to `directory` (with `..` when outside it).
    package static func relative(_ path: String, to directory: String) -> String {
        let target = normalized(path).split(separator: "/")
        let base = normalized(directory).split(separator: "/")
        var common = 0
        while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }
}
