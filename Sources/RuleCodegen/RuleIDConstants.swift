import Foundation

/// `Sources/LintEngine/Generated/RuleIDs.swift`: a constant for every rule page
/// (`Rules/EP001.md`, `# EP001 malformed-plist` → `RuleID.ep001MalformedPlist`), so code that
/// reports a rule without a rule type of its own (the parser's verdicts, directive checks, the
/// server reader's) names an ID that is sure to have a page, and no hand-written code spells
/// `RuleID("EP…")`.
enum RuleIDConstants {
    static let output = "Sources/LintEngine/Generated/RuleIDs.swift"

    static func generate(packageDirectory: String) throws -> GeneratedFile {
        let rules = packageDirectory + "/Rules"
        let pageNames = try rulePageNames(in: rules)
        var swift = "// Generated from the headers of Rules/EPnnn.md by \(regenerationCommand). Do not edit.\n\n"
        swift += "extension RuleID {\n"
        for pageName in pageNames {
            let header = try read(rules + "/" + pageName).prefix { $0 != "\n" }
            let words = header.dropFirst(2).split(separator: " ")
            guard header.hasPrefix("# "), words.count == 2, words[0] + ".md" == pageName else {
                throw GenerationError(description: "Rules/\(pageName): the page must start with '# EPnnn name'")
            }
            let parts = words[1].split(separator: "-")
            let name = words[0].lowercased() + parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            swift += "    /// `\(words[1])`\n"
            swift += "    package static let \(name) = RuleID(\"\(words[0])\")\n"
        }
        swift += "}\n"
        return GeneratedFile(path: output, contents: swift)
    }
}
