/// A path pattern of `.eplint.yml`: `**` any number of folders, `*` any characters but
/// `/`, `?` one character but `/`; matched against `/`-separated paths relative to the
/// configuration file's folder. Compared by characters, so an NFD and an NFC spelling of a
/// name match (macOS hands back either); `ignoringCase` where the file system ignores it.
package struct Glob: Sendable, Equatable {
    package let pattern: String
    private let characters: [Character]
    private let lowercased: [Character]

    package init(_ pattern: String) {
        self.pattern = pattern
        characters = Array(pattern)
        lowercased = Array(pattern.lowercased())
    }

    package func matches(_ path: String, ignoringCase: Bool = false) -> Bool {
        let text = Array(ignoringCase ? path.lowercased() : path)
        let scalars = ignoringCase ? lowercased : characters
        var memo = [Int: Bool]()
        func match(_ p: Int, _ t: Int) -> Bool {
            let key = p * (text.count + 1) + t
            if let known = memo[key] { return known }
            let result: Bool
            if p == scalars.count {
                result = t == text.count
            } else if scalars[p] == "*" && p + 1 < scalars.count && scalars[p + 1] == "*" {
                // `**/` may match no folder at all; `**` crosses `/`.
                let next = p + 2 < scalars.count && scalars[p + 2] == "/" ? p + 3 : p + 2
                result = match(next, t) || (t < text.count && match(p, t + 1))
            } else if scalars[p] == "*" {
                result = match(p + 1, t) || (t < text.count && text[t] != "/" && match(p, t + 1))
            } else if t < text.count && (scalars[p] == "?" ? text[t] != "/" : scalars[p] == text[t]) {
                result = match(p + 1, t + 1)
            } else {
                result = false
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }
}
