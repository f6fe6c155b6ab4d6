/// `diff -u` of two versions of one file, line by line on the bytes (lines end at LF, as
/// patch(1) reads them), so `patch -p0` and `git apply -p0` apply it in any encoding.
enum UnifiedDiff {
    static let contextLines = 3
    /// Past this many differing lines the middle of the file is shown replaced in one piece
    /// instead of searching further: the search costs memory in the square of the differences.
    static let maximumSearch = 1_000

    static func render(path: String, old: [UInt8], new: [UInt8]) -> [UInt8] {
        let a = lines(old)
        let b = lines(new)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let middle = script(Array(a[prefix..<a.count - suffix]), Array(b[prefix..<b.count - suffix]))
        // Each line of both versions: kept (in both), removed (old only) or added (new only).
        var operations: [(kind: UInt8, line: ArraySlice<UInt8>)] = a[..<prefix].map { (UInt8(ascii: " "), $0) }
        operations += middle.map {
            ($0.kind, $0.kind == UInt8(ascii: "+") ? b[prefix + $0.index] : a[prefix + $0.index])
        }
        operations += a[(a.count - suffix)...].map { (UInt8(ascii: " "), $0) }
        guard operations.contains(where: { $0.kind != UInt8(ascii: " ") }) else { return [] }

        var output = Array("--- \(path)\n+++ \(path)\n".utf8)
        var index = 0
        var oldLine = 0
        var newLine = 0
        while index < operations.count {
            guard let change = operations[index...].firstIndex(where: { $0.kind != UInt8(ascii: " ") }) else { break }
            // The hunk: context before, changes whose gaps are at most twice the context, context after.
            let start = max(index, change - contextLines)
            for skipped in operations[index..<start] where skipped.kind == UInt8(ascii: " ") {
                oldLine += 1
                newLine += 1
            }
            var end = change
            var lastChange = change
            while end < operations.count {
                if operations[end].kind != UInt8(ascii: " ") { lastChange = end }
                if end - lastChange > 2 * contextLines { break }
                end += 1
            }
            end = min(operations.count, lastChange + 1 + contextLines)
            let hunk = operations[start..<end]
            let oldCount = hunk.filter { $0.kind != UInt8(ascii: "+") }.count
            let newCount = hunk.filter { $0.kind != UInt8(ascii: "-") }.count
            output += Array(
                "@@ -\(oldCount == 0 ? oldLine : oldLine + 1),\(oldCount) +\(newCount == 0 ? newLine : newLine + 1),\(newCount) @@\n"
                    .utf8)
            for operation in hunk {
                output.append(operation.kind)
                output += operation.line
                if operation.line.last != 0x0A { output += Array("\n\\ No newline at end of file\n".utf8) }
            }
            oldLine += oldCount
            newLine += newCount
            index = end
        }
        return output
    }

    private static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    /// The shortest edit script from `a` to `b` (Myers): removals index `a`, the rest `b`.
    private static func script(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [(kind: UInt8, index: Int)] {
        let (n, m) = (a.count, b.count)
        let whole = (0..<n).map { (UInt8(ascii: "-"), $0) } + (0..<m).map { (UInt8(ascii: "+"), $0) }
        if n == 0 || m == 0 { return whole }
        let limit = min(n + m, maximumSearch)
        let offset = limit + 1
        var furthest = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        for depth in 0...limit {
            trace.append(furthest)
            for diagonal in stride(from: -depth, through: depth, by: 2) {
                var x =
                    diagonal == -depth
                        || (diagonal != depth && furthest[offset + diagonal - 1] < furthest[offset + diagonal + 1])
                    ? furthest[offset + diagonal + 1] : furthest[offset + diagonal - 1] + 1
                var y = x - diagonal
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                furthest[offset + diagonal] = x
                if x >= n && y >= m { return backtrack(trace, n: n, m: m, offset: offset) }
            }
        }
        return whole
    }

    private static func backtrack(_ trace: [[Int]], n: Int, m: Int, offset: Int) -> [(kind: UInt8, index: Int)] {
        var steps: [(kind: UInt8, index: Int)] = []
        var (x, y) = (n, m)
        for depth in stride(from: trace.count - 1, through: 0, by: -1) {
            let furthest = trace[depth]
            let diagonal = x - y
            let previous =
                diagonal == -depth
                    || (diagonal != depth && furthest[offset + diagonal - 1] < furthest[offset + diagonal + 1])
                ? diagonal + 1 : diagonal - 1
            let previousX = depth == 0 ? 0 : furthest[offset + previous]
            let previousY = depth == 0 ? 0 : previousX - previous
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                steps.append((UInt8(ascii: " "), x))
            }
            if depth > 0 {
                if x == previousX {
                    steps.append((UInt8(ascii: "+"), previousY))
                } else {
                    steps.append((UInt8(ascii: "-"), previousX))
                }
            }
            (x, y) = (previousX, previousY)
        }
        return steps.reversed()
    }
}
