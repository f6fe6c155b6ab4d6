extension PlanFileSystem {
    /// `path` as the operating system resolves it when it opens it: component by component from
    /// the root (a relative path from the working directory), each link replaced by what it holds
    /// and `..` taken from the real folder reached so far, never from the spelling
    /// (`l/../inside.h` with `l` a link to `../elsewhere` is `elsewhere/../inside.h`; with no
    /// folder `nodir`, `nodir/../inside.h` is nothing). Nil when a component is missing, a
    /// non-folder has components after it, or links nest past the system's limit (ELOOP).
    package func resolved(_ path: String) -> String? {
        let start = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        // Components still to walk, the next one last.
        var pending = Array(start.split(separator: "/", omittingEmptySubsequences: true).reversed())
        var real: [Substring] = []
        var links = 0
        while let component = pending.popLast() {
            if component == "." { continue }
            if component == ".." {
                if !real.isEmpty { real.removeLast() }
                continue
            }
            let candidate = "/" + (real + [component]).joined(separator: "/")
            if let target = linkTarget(of: candidate) {
                links += 1
                // Linux's limit (40) and macOS's (32) are both above any real checkout's need.
                guard links <= 32, !target.isEmpty, !target.contains("\0") else { return nil }
                if target.hasPrefix("/") { real.removeAll() }
                pending += target.split(separator: "/", omittingEmptySubsequences: true).reversed()
                continue
            }
            guard let status = status(of: candidate) else { return nil }
            // `file/..`, `file/x` and `file/.` fail with ENOTDIR.
            if status.kind != .directory && !pending.isEmpty { return nil }
            real.append(component)
        }
        return "/" + real.joined(separator: "/")
    }
}
