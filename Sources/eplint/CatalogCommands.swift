import LintEngine
import Reporters

struct RulesCommand {
    static let spec = CommandSpec(
        name: "rules", abstract: "List every rule: ID, name, default severity, summary.",
        options: [OptionSpec(name: "format", valueName: "FORMAT", help: "text or json.", defaultValue: "text")])

    enum Format: String, CaseIterable { case text, json }

    var format: Format

    init(_ arguments: ParsedArguments) throws(UsageError) {
        format = try arguments.choice("format", default: Format.text)
    }

    func run() throws(RunFailure) {
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

struct ExplainCommand {
    static let spec = CommandSpec(
        name: "explain", abstract: "Print a rule's documentation page.", options: [],
        positional: PositionalSpec(valueName: "RULE", help: "A rule ID such as EP203, or a rule name such as url-has-query.", repeating: false))

    var rule: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let rule = arguments.positionals.first else { throw UsageError("explain needs a rule ID or name, e.g. 'eplint explain EP203'") }
        self.rule = rule
    }

    func run() throws(RunFailure) {
        let wanted = rule.uppercased()
        guard let metadata = RuleCatalog.all.first(where: { $0.id.rawValue == wanted || $0.name == rule }) else {
            throw RunFailure(message: "unknown rule '\(rule)'; 'eplint rules' lists them")
        }
        writeStandardOutput(metadata.documentation)
    }
}

struct RegionsCommand {
    static let spec = CommandSpec(
        name: "regions", abstract: "Print the built-in region data as the XML property list that --regions loads.", options: [])

    init(_ arguments: ParsedArguments) {}

    func run() throws(RunFailure) {
        writeStandardOutput(RegionData.builtInPlist)
    }
}
