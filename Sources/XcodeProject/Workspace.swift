import LintEngine

/// The projects of an `.xcworkspace`: `contents.xcworkspacedata` is XML of nested
/// `<Group location=…>` and `<FileRef location=…>` elements; only locations matter here.
package enum Workspace {
    /// The absolute `.xcodeproj` paths a workspace lists, in file order. `workspace` is absolute.
    package static func projects(of workspace: String, readFile: (String) -> String?) -> [String]? {
        guard let text = readFile(workspace + "/contents.xcworkspacedata") else { return nil }
        let container = PathArithmetic.normalized(workspace + "/..")
        var groups: [String] = [container]
        var projects: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            let afterOpen = rest[rest.index(after: open)...]
            guard let close = afterOpen.firstIndex(of: ">") else { break }
            let tag = afterOpen[..<close]
            rest = afterOpen[afterOpen.index(after: close)...]
            if tag.hasPrefix("/Group") {
                if groups.count > 1 { groups.removeLast() }
                continue
            }
            let isGroup = tag.hasPrefix("Group")
            let isFile = tag.hasPrefix("FileRef")
            guard isGroup || isFile else { continue }
            let location =
                attribute("location", in: tag).map { resolve($0, group: groups.last!, container: container) } ?? groups
                .last!
            if isGroup && !tag.hasSuffix("/") { groups.append(location) }
            if isFile && location.hasSuffix(".xcodeproj") && !projects.contains(location) { projects.append(location) }
        }
        return projects
    }

    /// `group:` is relative to the enclosing group, `container:` to the workspace's folder,
    /// `absolute:` absolute; `self:` is the project that holds the workspace.
    private static func resolve(_ location: String, group: String, container: String) -> String {
        guard let colon = location.firstIndex(of: ":") else { return PathArithmetic.normalized(group + "/" + location) }
        let kind = location[..<colon]
        let path = unescaped(String(location[location.index(after: colon)...]))
        switch kind {
        case "absolute": return PathArithmetic.normalized(path)
        case "container": return PathArithmetic.normalized(path.hasPrefix("/") ? path : container + "/" + path)
        case "self": return container
        default: return PathArithmetic.normalized(path.hasPrefix("/") ? path : group + "/" + path)
        }
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let range = tag.firstRange(of: name) else { return nil }
        var rest = tag[range.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return String(value)
    }

    private static func unescaped(_ text: String) -> String {
        text.replacing("&quot;", with: "\"").replacing("&apos;", with: "'").replacing("&lt;", with: "<")
            .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    }
}
