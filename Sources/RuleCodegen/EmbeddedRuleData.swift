import Foundation

/// `Sources/LintEngine/Generated/EmbeddedRuleData.swift`: `Rules/regions.plist` and every
/// `Rules/EPnnn.md` page as Swift literals, so an installed binary needs no files beside it,
/// parses neither plist nor Markdown at start-up, and `Rules/` stays the only copy.
enum EmbeddedRuleData {
    static let output = "Sources/LintEngine/Generated/EmbeddedRuleData.swift"

    static func generate(packageDirectory: String) throws -> GeneratedFile {
        let rules = packageDirectory + "/Rules"
        let pageNames = try rulePageNames(in: rules)
        let regions = try read(rules + "/regions.plist")
        var swift = "// Generated from Rules/ by \(regenerationCommand). Do not edit.\n\n"
        swift += "package enum EmbeddedRuleData {\n"
        swift += "    package static let regionsPlist: String = \(rawLiteral(regions))\n\n"
        swift += try regionTables(regions)
        // Each page's header is read here, once, so that the binary never parses pages at
        // start-up: `# EPnnn name`, `- **Severity:** …`, `- **Summary:** …`, `- **Fix:** …`.
        swift +=
            "    package static let rulePages: [(id: String, name: String, severity: String, summary: String, fix: String, markdown: String)] = [\n"
        for name in pageNames {
            let page = try rulePage(try read(rules + "/" + name), fileName: name)
            swift +=
                "        ("
                + [page.id, page.name, page.severity, page.summary, page.fix, page.markdown].map(rawLiteral).joined(
                    separator: ", ") + "),\n"
        }
        swift += "    ]\n}\n"
        return GeneratedFile(path: output, contents: swift)
    }

    private static func rulePage(_ text: String, fileName: String) throws -> (
        id: String, name: String, severity: String, summary: String, fix: String, markdown: String
    ) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let title = lines.first.map { $0.dropFirst(2).split(separator: " ") } ?? []
        func field(_ name: String) -> String? {
            let marker = "- **\(name):** "
            return lines.first { $0.hasPrefix(marker) }.map { String($0.dropFirst(marker.count)) }
        }
        guard lines.first?.hasPrefix("# ") == true, title.count == 2, let severity = field("Severity"),
            let summary = field("Summary")
        else {
            throw GenerationError(
                description:
                    "Rules/\(fileName): the page must start with '# EPnnn name' and give '- **Severity:**' and '- **Summary:**'"
            )
        }
        // The binary's one severity policy trusts every page to give one it knows.
        guard ["note", "warning", "error"].contains(severity) else {
            throw GenerationError(
                description: "Rules/\(fileName): severity must be note, warning or error, not '\(severity)'")
        }
        // `- **Fix:** safe…`, `unsafe…` or `none…` (a page without the line: none, as the server-side rules).
        let fixLine = field("Fix") ?? "none"
        guard
            let fix = ["unsafe", "safe", "none"].first(where: {
                fixLine.hasPrefix($0 + ":") || fixLine.hasPrefix($0 + ",") || fixLine == $0
            })
        else {
            throw GenerationError(
                description: "Rules/\(fileName): '- **Fix:**' must start with safe, unsafe or none, not '\(fixLine)'")
        }
        return (String(title[0]), String(title[1]), severity, summary, fix, text)
    }

    /// `Rules/regions.plist` as its format (version 1) defines it.
    private struct RegionsFile: Decodable {
        var formatVersion: Int
        var isoCodes: [String]
        var allowedRegions: [String: [String]]
        var linkMaximum: Int
        var musicStreamingLinkMaximum: [String: Int]
        var retiredRegions: [String: [RetiredRegion]]?
        var tokenTypes: [String: TokenType]?
        var notificationSubtypes: [String: [String]]?
        var minimumOS: [String: [String: String]]?
        var entitlementRegions: [String: [String]]?

        struct TokenType: Decodable {
            var regions: [String], expires: Bool?, duplicateTokenStatus: Bool?
            enum CodingKeys: String, CodingKey {
                case regions = "Regions"
                case expires = "Expires"
                case duplicateTokenStatus = "DuplicateTokenStatus"
            }
        }

        struct RetiredRegion: Decodable {
            var region: String, since: String, reason: String
            enum CodingKeys: String, CodingKey {
                case region = "Region"
                case since = "Since"
                case reason = "Reason"
            }
        }

        enum CodingKeys: String, CodingKey {
            case formatVersion = "FormatVersion"
            case isoCodes = "ISO3166Alpha2"
            case allowedRegions = "AllowedRegions"
            case linkMaximum = "LinkMaximum"
            case musicStreamingLinkMaximum = "MusicStreamingLinkMaximum"
            case retiredRegions = "RetiredRegions"
            case tokenTypes = "TokenTypes"
            case notificationSubtypes = "NotificationSubtypes"
            case minimumOS = "MinimumOS"
            case entitlementRegions = "EntitlementRegions"
        }
    }

    /// Swift literals for the region tables, so the binary does not parse the plist at
    /// start-up (that was a third of a small file's run). A test checks them against the plist.
    private static func regionTables(_ plist: String) throws -> String {
        let file: RegionsFile
        do { file = try PropertyListDecoder().decode(RegionsFile.self, from: Data(plist.utf8)) } catch {
            throw GenerationError(description: "Rules/regions.plist does not have the format of version 1: \(error)")
        }
        // Codes one after another ("atbebg…"): RegionCodes reads them without building strings.
        func packed(_ codes: [String]) throws -> String {
            for code in codes where code.utf8.count != 2 || !code.utf8.allSatisfy({ (0x61...0x7A).contains($0) }) {
                throw GenerationError(
                    description: "Rules/regions.plist: \"\(code)\" is not a lowercase two-letter region code")
            }
            return "\"" + codes.joined() + "\""
        }
        var swift = "    package static let regionCodes: StaticString = \(try packed(file.isoCodes))\n"
        swift += "    package static func allowedRegions(forKey key: String) -> StaticString {\n"
        swift += "        switch key {\n"
        for key in file.allowedRegions.keys.sorted() {
            swift += "        case \"\(key)\": \(try packed(file.allowedRegions[key]!))\n"
        }
        swift += "        default: \"\"\n"
        swift += "        }\n"
        swift += "    }\n"
        swift +=
            "    package static func retiredRegions(forKey key: String) -> [(region: String, since: String, reason: String)] {\n"
        swift += "        switch key {\n"
        for (key, retired) in (file.retiredRegions ?? [:]).sorted(by: { $0.key < $1.key }) {
            _ = try packed(retired.map(\.region))
            swift +=
                "        case \"\(key)\": ["
                + retired.map { "(\"\($0.region)\", \($0.since.debugDescription), \($0.reason.debugDescription))" }
                .joined(separator: ", ") + "]\n"
        }
        swift += "        default: []\n"
        swift += "        }\n"
        swift += "    }\n"
        swift += "    package static let linkMaximum = \(file.linkMaximum)\n"
        swift += "    package static let musicStreamingLinkMaximum: [String: Int] = [\n"
        for region in file.musicStreamingLinkMaximum.keys.sorted() {
            swift += "        \"\(region)\": \(file.musicStreamingLinkMaximum[region]!),\n"
        }
        swift += "    ]\n\n"
        swift += appleFactsTables(file)
        return swift
    }

    /// Swift literals for the optional sections `AppleFacts` reads, so that the first rule
    /// that asks for a minimum OS does not parse the plist (a quarter of a small file's run).
    private static func appleFactsTables(_ file: RegionsFile) -> String {
        func strings(_ items: [String]) -> String { "[" + items.map(\.debugDescription).joined(separator: ", ") + "]" }
        var swift =
            "    package static let tokenTypes: [(name: String, regions: [String], expires: Bool?, duplicateTokenStatus: Bool)] = [\n"
        for (name, type) in (file.tokenTypes ?? [:]).sorted(by: { $0.key < $1.key }) {
            let expires = type.expires.map { "\($0)" } ?? "nil"
            swift +=
                "        (\(name.debugDescription), \(strings(type.regions)), \(expires), \(type.duplicateTokenStatus ?? false)),\n"
        }
        swift += "    ]\n"
        func lists(_ name: String, _ table: [String: [String]]?) -> String {
            var swift = "    package static let \(name): [(String, [String])] = [\n"
            for (key, items) in (table ?? [:]).sorted(by: { $0.key < $1.key }) {
                swift += "        (\(key.debugDescription), \(strings(items))),\n"
            }
            return swift + "    ]\n"
        }
        swift += lists("notificationSubtypes", file.notificationSubtypes)
        swift += lists("entitlementRegions", file.entitlementRegions)
        swift += "    package static let minimumOS: [(String, [(platform: String, version: String)])] = [\n"
        for (key, versions) in (file.minimumOS ?? [:]).sorted(by: { $0.key < $1.key }) {
            let pairs = versions.sorted(by: { $0.key < $1.key }).map {
                "(\($0.key.debugDescription), \($0.value.debugDescription))"
            }
            swift += "        (\(key.debugDescription), [\(pairs.joined(separator: ", "))]),\n"
        }
        swift += "    ]\n\n"
        return swift
    }

    /// A raw string literal whose delimiter cannot occur in `text`.
    private static func rawLiteral(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains(hashes + "\"") { hashes += "#" }
        return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
    }
}

/// `EP001.md` … in `Rules/`, in ID order.
func rulePageNames(in rules: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: rules)
        .filter { $0.hasPrefix("EP") && $0.hasSuffix(".md") && $0.count == "EP000.md".count }
        .sorted()
}

func read(_ path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        throw GenerationError(description: "cannot read \(path) as UTF-8")
    }
    return text
}
