import Foundation
import TestSupport
import Testing

/// `--format markdown` as GitHub shows it: rendered by cmark-gfm (PyPI's cmarkgfm, GitHub's
/// renderer), every link's address and text are exactly a URL of the plist, and nothing else
/// (a message quoting a URL, an address with `user@`) becomes a link.
@Suite struct MarkdownRenderingTests {
    /// Each rendered `<a>` as (href percent-decoded, text).
    static func links(_ markdown: String) throws -> [Link] {
        let python = try RequiredTool.markdownPython.require()
        let script = """
            import cmarkgfm, html.parser, json, sys, urllib.parse
            class Links(html.parser.HTMLParser):
                def __init__(self):
                    super().__init__(); self.links = []; self.open = None
                def handle_starttag(self, tag, attrs):
                    if tag == "a": self.open = [urllib.parse.unquote(dict(attrs).get("href", "")), ""]
                def handle_data(self, data):
                    if self.open is not None: self.open[1] += data
                def handle_endtag(self, tag):
                    if tag == "a" and self.open is not None: self.links.append(self.open); self.open = None
            parser = Links()
            parser.feed(cmarkgfm.github_flavored_markdown_to_html(sys.stdin.read()))
            print(json.dumps(parser.links))
            """
        let outcome = try ChildProcess.run(
            python, ["-c", script], input: Data(markdown.utf8), output: .captured, error: .captured)
        #expect(outcome.status == 0, "\(String(decoding: outcome.standardError, as: UTF8.self))")
        let pairs = try #require(try JSONSerialization.jsonObject(with: outcome.standardOutput) as? [[String]])
        return pairs.map { Link(href: $0[0], text: $0[1]) }
    }

    struct Link: Equatable, CustomStringConvertible {
        var href: String, text: String
        var description: String { "[\(text)](\(href))" }
    }

    /// The plist's `<string>` values that are http(s) URLs, XML references resolved.
    static func urls(inPlist text: String) -> [String] {
        text.components(separatedBy: "<string>").dropFirst().compactMap { part -> String? in
            guard let end = part.range(of: "</string>") else { return nil }
            let value = String(part[..<end.lowerBound]).replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            return value.lowercased().hasPrefix("http") ? value : nil
        }
    }

    @Test(.requires(.markdownPython)) func everySnapshotsLinksAreThePlistsURLs() throws {
        let folder = Eplint.packageRoot.appendingPathComponent("Tests/EndToEndTests/Snapshots")
        let snapshots = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".markdown")
        }
        #expect(!snapshots.isEmpty)
        for name in snapshots {
            let markdown = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let plist = GoldenTests.directory.appendingPathComponent(
                String(name.dropLast(".markdown".count)) + ".plist")
            let urls = Self.urls(inPlist: try String(contentsOf: plist, encoding: .utf8))
            let links = try Self.links(markdown)
            #expect(!links.isEmpty, "\(name)")
            for link in links {
                #expect(link.href == link.text && urls.contains(link.text), "\(name): \(link)")
            }
        }
    }

    /// URLs with each character that Markdown, HTML or a table cell would otherwise take
    /// (`_ * ~ ( ) [ ] < > |`, `user@`) and non-ASCII, in the regions table and quoted in messages.
    @Test(.requires(.markdownPython)) func urlsWithMarkdownsPunctuationLinkToThemselves() throws {
        let urls = [
            "https://shop.example.com/my_shop/a_b_c", "https://shop.example.com/*sale*/**x**",
            "https://shop.example.com/~user/~~old~~", "https://shop.example.com/a(b)c)",
            "https://shop.example.com/[x]/[y](z)", "https://shop.example.com/<b>x</b>",
            "https://shop.example.com/a|b||c", "https://shop.example.com/café/日本/😀",
            "https://user@shop.example.com/p", "https://www.example.com/a_b\\c`d`!#e",
        ]
        let regions = ["fr", "de", "it", "nl", "es", "pt", "be", "at", "ie", "fi"]
        let escaped = urls.map {
            $0.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        let entries = zip(regions, escaped).map { "<key>\($0)</key><string>\($1)</string>" }.joined(separator: "\n")
        let directory = try Eplint.temporaryDirectory()
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        <key>SKExternalPurchaseLink</key>
        <dict>
        \(entries)
        </dict>
        </dict>
        </plist>
        """.write(to: directory.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let run = try Eplint.run(["--format", "markdown", "Info.plist"], in: directory)
        // A finding quotes a URL (EP206's `user@`): its message is no link.
        #expect(run.standardOutput.contains("user@shop.example.com"), "\(run.standardOutput)")
        // Destinations are percent-encoded, never backslash-escaped (a backslash is part of a URL there).
        let destinations = run.standardOutput.components(separatedBy: "](<").dropFirst().map { $0.prefix { $0 != ">" } }
        #expect(destinations.count == urls.count && !destinations.contains { $0.contains("\\") }, "\(destinations)")
        let links = try Self.links(run.standardOutput)
        #expect(links == urls.map { Link(href: $0, text: $0) }, "\(run.standardOutput)")
    }
}
