/// Path arithmetic on `/`-separated strings, without Foundation (start-up cost).
public enum PathArithmetic {
    /// Absolute `path` with `.`, `..` and repeated slashes resolved.
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` relative to `directory` (with `..` when outside it).
    public static func relative(_ path: String, to directory: String) -> String {
        let target = normalized(path).split(separator: "/"), base = normalized(directory).split(separator: "/")
        var common = 0
        while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }
}
