import Foundation
import Testing

/// The README and docs/ link to each other and into the repository: every relative link names a
/// file that exists and, with `#anchor`, a heading of that Markdown file as GitHub makes its
/// anchor (lowercased, punctuation dropped, spaces as `-`, repeats numbered).
@Suite struct DocumentLinkTests {
    static let root = Eplint.packageRoot

    /// GitHub's anchors of a Markdown file's headings (outside fenced code).
    static func anchors(_ text: String) -> Set<String> {
        var anchors: Set<String> = []
        var seen: [String: Int] = [:]
        var fenced = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                fenced.toggle()
                continue
            }
            guard !fenced, line.hasPrefix("#"), let space = line.firstIndex(of: " "),
                line[..<space].allSatisfy({ $0 == "#" })
            else { continue }
            let title = line[line.index(after: space)...].trimmingCharacters(in: .whitespaces).lowercased()
            let slug = String(
                title.unicodeScalars.compactMap { scalar -> Character? in
                    if scalar == " " { return "-" }
                    if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) {
                        return Character(scalar)
                    }
                    return nil
                })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// Each `](target)` of a document outside fenced code, with its line.
    static func links(_ text: String) -> [(line: Int, target: String)] {
        var links: [(Int, String)] = []
        var fenced = false
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced else { continue }
            var rest = line[...]
            while let open = rest.range(of: "](") {
                let target = rest[open.upperBound...].prefix { $0 != ")" && $0 != " " }
                links.append((index + 1, String(target)))
                rest = rest[open.upperBound...]
            }
        }
        return links
    }

    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// Problems with the links of `document`, read from `folder` (the package, or a test's copy).
    static func brokenLinks(of document: String, in folder: URL) throws -> [String] {
        let text = try String(contentsOf: folder.appendingPathComponent(document), encoding: .utf8)
        let directory = (document as NSString).deletingLastPathComponent
        var broken: [String] = []
        for (line, target) in links(text) {
            guard !target.contains(":") else { continue }  // https:, mailto:
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0])
            let file =
                path.isEmpty
                ? document : ((directory as NSString).appendingPathComponent(path) as NSString).standardizingPath
            let url = folder.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: url.path) else {
                broken.append("\(document):\(line): \(target): no such file")
                continue
            }
            if parts.count == 2, file.hasSuffix(".md") {
                let anchors = Self.anchors(try String(contentsOf: url, encoding: .utf8))
                if !anchors.contains(String(parts[1])) {
                    broken.append("\(document):\(line): \(target): no such heading")
                }
            }
        }
        return broken
    }

    @Test func everyRelativeLinkAndAnchorResolves() throws {
        let documents = try Self.documents()
        #expect(documents.count >= 8, "\(documents)")
        var checked = 0
        for document in documents {
            #expect(try Self.brokenLinks(of: document, in: Self.root) == [])
            checked +=
                Self.links(try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8))
                .count
        }
        #expect(checked >= 100)
    }

    @Test func theCheckFindsABrokenFileAndABrokenAnchor() throws {
        let folder = try Eplint.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try "# A\n\n## Configuration: `.eplint.yml`\n\n[ok](#configuration-eplintyml) [up](../README.md)\n"
            .write(to: folder.appendingPathComponent("docs/a.md"), atomically: true, encoding: .utf8)
        try
            "# R\n\n[a](docs/a.md#configuration-eplintyml) [gone](docs/b.md) [bad](docs/a.md#nothing)\n```\n[in code](x.md)\n```\n"
            .write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        #expect(try Self.brokenLinks(of: "docs/a.md", in: folder) == [])
        #expect(
            try Self.brokenLinks(of: "README.md", in: folder) == [
                "README.md:3: docs/b.md: no such file", "README.md:3: docs/a.md#nothing: no such heading",
            ])
    }
}
