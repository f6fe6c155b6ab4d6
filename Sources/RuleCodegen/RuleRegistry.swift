import Foundation

/// The lists of rules, from the rule files' names (`EP203UrlHasQuery.swift` declares
/// `struct EP203UrlHasQuery: LintRule`), so adding a rule never edits a central registry by
/// hand: `Sources/EplintRules/Generated/AllRules.swift` for the plist rules and
/// `Sources/ServerSide/Generated/AllServerRules.swift` for the server-side ones. Each file also
/// gives every rule type its `id`, the constant of the page its name begins with (no reflection
/// on the type's name at run time, and a rule file without a page is refused here).
enum RuleRegistry {
    static let output = "Sources/EplintRules/Generated/AllRules.swift"
    static let serverOutput = "Sources/ServerSide/Generated/AllServerRules.swift"

    static func generate(packageDirectory: String) throws -> GeneratedFile {
        let directory = "Sources/EplintRules"
        let types = try ruleTypes(in: packageDirectory + "/" + directory)
        var swift = "// Generated from the rule files' names and Rules/ by \(regenerationCommand). Do not edit.\n"
        swift += "import LintEngine\n\n"
        swift += "/// Every rule of this module, in ID order.\n"
        swift += "package let allRules: [any LintRule] = [\n"
        for type in types { swift += "    \(type)(),\n" }
        swift += "]\n"
        swift += try identifiers(of: types, in: directory, packageDirectory: packageDirectory)
        return GeneratedFile(path: output, contents: swift)
    }

    /// The server-side list; nil where the package has no ServerSide module.
    static func generateServer(packageDirectory: String) throws -> GeneratedFile? {
        let directory = "Sources/ServerSide"
        guard FileManager.default.fileExists(atPath: packageDirectory + "/" + directory) else { return nil }
        let types = try ruleTypes(in: packageDirectory + "/" + directory)
        var swift = "// Generated from the rule files' names and Rules/ by \(regenerationCommand). Do not edit.\n"
        swift += "import LintEngine\n\n"
        swift += "/// Every server-side rule, in ID order. EP601, EP602, EP701, EP702, EP714, EP715, EP737 and the\n"
        swift += "/// signature rules EP730–EP736, EP742, EP743 are reported by `ServerLinter` and `ReportHistory`\n"
        swift += "/// (a document or history could not be read, or its signature is judged: `SignatureCheck`).\n"
        swift += "package let allServerRules: [any ServerRule] = [\n"
        for type in types { swift += "    \(type)(),\n" }
        swift += "]\n"
        swift += try identifiers(of: types, in: directory, packageDirectory: packageDirectory)
        return GeneratedFile(path: serverOutput, contents: swift)
    }

    /// `extension EP203UrlHasQuery { var id: RuleID { .ep203UrlHasQuery } }` for each rule type.
    private static func identifiers(of types: [String], in directory: String, packageDirectory: String) throws
        -> String
    {
        let constants = Dictionary(
            uniqueKeysWithValues: try RuleIDConstants.constants(packageDirectory: packageDirectory).map {
                ($0.id, $0.constant)
            })
        var swift = "\n// Each rule type's ID: the constant of the page its name begins with.\n"
        for type in types {
            let id = String(type.prefix(5))
            guard let constant = constants[id] else {
                throw GenerationError(description: "\(directory)/\(type).swift: no page Rules/\(id).md for the rule")
            }
            swift += "extension \(type) { var id: RuleID { .\(constant) } }\n"
        }
        return swift
    }

    private static func ruleTypes(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".swift") }
            .map { String($0.dropLast(".swift".count)) }
            .filter { $0.count > 5 && $0.hasPrefix("EP") && $0.dropFirst(2).prefix(3).allSatisfy(\.isNumber) }
            .sorted()
    }
}
