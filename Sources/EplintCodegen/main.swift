// Build-time generator behind the EmbedRuleData and RegisterRules plugins.
//   EplintCodegen embed OUTPUT FILE...     string literals for Rules/ data and pages
//   EplintCodegen register OUTPUT FILE...  the list of rule types, named after their files
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: EplintCodegen: \(message)\n".utf8))
    exit(1)
}

/// A raw string literal whose delimiter cannot occur in `text`.
func rawLiteral(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains(hashes + "\"") { hashes += "#" }
    return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

/// `Rules/regions.plist` as its format (version 1) defines it.
struct RegionsFile: Decodable {
    var formatVersion: Int
    var isoCodes: [String]
    var allowedRegions: [String: [String]]
    var linkMaximum: Int
    var musicStreamingLinkMaximum: [String: Int]
    var retiredRegions: [String: [RetiredRegion]]?

    struct RetiredRegion: Decodable {
        var region: String, since: String, reason: String
        enum CodingKeys: String, CodingKey { case region = "Region", since = "Since", reason = "Reason" }
    }

    enum CodingKeys: String, CodingKey {
        case formatVersion = "FormatVersion", isoCodes = "ISO3166Alpha2", allowedRegions = "AllowedRegions"
        case linkMaximum = "LinkMaximum", musicStreamingLinkMaximum = "MusicStreamingLinkMaximum", retiredRegions = "RetiredRegions"
    }
}

/// Swift literals for the region tables, so the binary does not parse the plist at start-up
/// (that was a third of a small file's run). A test checks them against the plist.
func regionTables(_ plist: String) -> String {
    let file: RegionsFile
    do { file = try PropertyListDecoder().decode(RegionsFile.self, from: Data(plist.utf8)) } catch {
        fail("Rules/regions.plist does not have the format of version 1: \(error)")
    }
    // Codes one after another ("atbebg…"): RegionCodes reads them without building strings.
    func packed(_ codes: [String]) -> String {
        for code in codes where code.utf8.count != 2 || !code.utf8.allSatisfy({ (0x61...0x7A).contains($0) }) {
            fail("Rules/regions.plist: \"\(code)\" is not a lowercase two-letter region code")
        }
        return "\"" + codes.joined() + "\""
    }
    var swift = "    package static let regionCodes: StaticString = \(packed(file.isoCodes))\n"
    swift += "    package static func allowedRegions(forKey key: String) -> StaticString {\n"
    swift += "        switch key {\n"
    for key in file.allowedRegions.keys.sorted() { swift += "        case \"\(key)\": \(packed(file.allowedRegions[key]!))\n" }
    swift += "        default: \"\"\n"
    swift += "        }\n"
    swift += "    }\n"
    swift += "    package static func retiredRegions(forKey key: String) -> [(region: String, since: String, reason: String)] {\n"
    swift += "        switch key {\n"
    for (key, retired) in (file.retiredRegions ?? [:]).sorted(by: { $0.key < $1.key }) {
        _ = packed(retired.map(\.region))
        swift += "        case \"\(key)\": [" + retired.map { "(\"\($0.region)\", \($0.since.debugDescription), \($0.reason.debugDescription))" }.joined(separator: ", ") + "]\n"
    }
    swift += "        default: []\n"
    swift += "        }\n"
    swift += "    }\n"
    swift += "    package static let linkMaximum = \(file.linkMaximum)\n"
    swift += "    package static let musicStreamingLinkMaximum: [String: Int] = [\n"
    for region in file.musicStreamingLinkMaximum.keys.sorted() { swift += "        \"\(region)\": \(file.musicStreamingLinkMaximum[region]!),\n" }
    swift += "    ]\n\n"
    return swift
}

func writeIfChanged(_ contents: String, to path: String) {
    if let existing = try? String(contentsOfFile: path, encoding: .utf8), existing == contents { return }
    do { try contents.write(toFile: path, atomically: true, encoding: .utf8) } catch {
        fail("cannot write \(path): \(error)")
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: EplintCodegen embed|register OUTPUT FILE...") }
let output = arguments[2]
let inputs = arguments.dropFirst(3)

switch arguments[1] {
case "embed":
    var regions: String?
    var pages: [(String, String)] = []
    for path in inputs {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path) as UTF-8") }
        let name = URL(fileURLWithPath: path).lastPathComponent
        if name == "regions.plist" { regions = text } else { pages.append((name, text)) }
    }
    guard let regions else { fail("Rules/regions.plist is missing") }
    var swift = "// Generated at build time from Rules/ by EplintCodegen. Do not edit.\n\n"
    swift += "package enum EmbeddedRuleData {\n"
    swift += "    package static let regionsPlist: String = \(rawLiteral(regions))\n\n"
    swift += regionTables(regions)
    // Each page's header is read here, once, so that the binary never parses pages at start-up:
    // `# EPnnn name`, `- **Severity:** …`, `- **Summary:** …`.
    swift += "    package static let rulePages: [(id: String, name: String, severity: String, summary: String, markdown: String)] = [\n"
    for (fileName, text) in pages {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let title = lines.first.map { $0.dropFirst(2).split(separator: " ") } ?? []
        func field(_ name: String) -> String? {
            let marker = "- **\(name):** "
            return lines.first { $0.hasPrefix(marker) }.map { String($0.dropFirst(marker.count)) }
        }
        guard lines.first?.hasPrefix("# ") == true, title.count == 2, let severity = field("Severity"), let summary = field("Summary") else {
            fail("Rules/\(fileName): the page must start with '# EPnnn name' and give '- **Severity:**' and '- **Summary:**'")
        }
        swift += "        (\(rawLiteral(String(title[0]))), \(rawLiteral(String(title[1]))), \(rawLiteral(severity)), \(rawLiteral(summary)), \(rawLiteral(text))),\n"
    }
    swift += "    ]\n}\n"
    writeIfChanged(swift, to: output)
case "register":
    let types = inputs.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
    var swift = "// Generated at build time from the rule files' names by EplintCodegen. Do not edit.\n"
    swift += "import LintEngine\n\n"
    swift += "/// Every rule of this module, in ID order.\n"
    swift += "public let allRules: [any LintRule] = [\n"
    for type in types { swift += "    \(type)(),\n" }
    swift += "]\n"
    writeIfChanged(swift, to: output)
default:
    fail("unknown mode \(arguments[1])")
}
