import Foundation

/// `Sources/EplintRules/Generated/AllRules.swift`: the list of rules, from the rule files'
/// names (`EP203UrlHasQuery.swift` declares `struct EP203UrlHasQuery: LintRule`), so adding
/// a rule never edits a central registry by hand.
enum RuleRegistry {
    static let output = "Sources/EplintRules/Generated/AllRules.swift"

    static func generate(packageDirectory: String) throws -> GeneratedFile {
        let types = try FileManager.default.contentsOfDirectory(atPath: packageDirectory + "/Sources/EplintRules")
            .filter { $0.hasSuffix(".swift") }
            .map { String($0.dropLast(".swift".count)) }
            .filter { $0.count > 5 && $0.hasPrefix("EP") && $0.dropFirst(2).prefix(3).allSatisfy(\.isNumber) }
            .sorted()
        var swift = "// Generated from the rule files' names by \(regenerationCommand). Do not edit.\n"
        swift += "import LintEngine\n\n"
        swift += "/// Every rule of this module, in ID order.\n"
        swift += "public let allRules: [any LintRule] = [\n"
        for type in types { swift += "    \(type)(),\n" }
        swift += "]\n"
        return GeneratedFile(path: output, contents: swift)
    }
}
