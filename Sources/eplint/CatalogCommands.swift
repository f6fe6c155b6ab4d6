import ArgumentParser
import LintEngine
import Reporters

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rules", abstract: "List every rule: ID, name, default severity, summary.")

    enum Format: String, ExpressibleByArgument { case text, json }

    @Option(help: "text or json.")
    var format: Format = .text

    func run() throws {
        switch format {
        case .text:
            let nameWidth = RuleCatalog.all.map(\.name.count).max() ?? 0
            var output = ""
            for rule in RuleCatalog.all {
                let name = rule.name + String(repeating: " ", count: nameWidth - rule.name.count)
                let severity = rule.defaultSeverity.rawValue + String(repeating: " ", count: 7 - rule.defaultSeverity.rawValue.count)
                output += "\(rule.id)  \(name)  \(severity)  \(rule.summary)\n"
            }
            writeStandardOutput(output)
        case .json:
            writeStandardOutput(JSONValue.object([
                ("version", .integer(1)),
                ("rules", .array(RuleCatalog.all.map { rule in
                    .object([("id", .string(rule.id.rawValue)), ("name", .string(rule.name)),
                             ("severity", .string(rule.defaultSeverity.rawValue)), ("summary", .string(rule.summary))])
                })),
            ]).serialized())
        }
    }
}

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "explain", abstract: "Print a rule's documentation page.")

    @Argument(help: "A rule ID such as EP203, or a rule name such as url-has-query.")
    var rule: String

    func run() throws {
        let wanted = rule.uppercased()
        guard let metadata = RuleCatalog.all.first(where: { $0.id.rawValue == wanted || $0.name == rule }) else {
            throw RunFailure(message: "unknown rule '\(rule)'; 'eplint rules' lists them")
        }
        writeStandardOutput(metadata.documentation)
    }
}

struct RegionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regions",
        abstract: "Print the built-in region data as the XML property list that --regions loads.")

    func run() throws {
        writeStandardOutput(RegionData.builtInPlist)
    }
}
