import EplintBase
import LintEngine
import LintRun

struct RulesCommand: PrintingCommand {
    static var usesFiles: Bool { false }

    static let spec = CommandSpec.declared(
        name: "rules", abstract: "List every rule: ID, name, default severity, fix (none, safe, unsafe), summary.",
        by: RulesCommand.init)

    enum Format: String, CaseIterable { case text, json }

    var format: Format

    init(_ options: inout OptionReader) throws(UsageError) {
        format = try options.choice("format", "FORMAT", help: "text or json.", default: Format.text)
    }

    func run() throws(RunFailure) {
        switch format {
        case .text:
            let nameWidth = RuleCatalog.all.map(\.name.count).max() ?? 0
            var output = ""
            for rule in RuleCatalog.all {
                let name = rule.name + String(repeating: " ", count: nameWidth - rule.name.count)
                let severity =
                    rule.defaultSeverity.rawValue
                    + String(repeating: " ", count: 7 - rule.defaultSeverity.rawValue.count)
                let fix = rule.fixName + String(repeating: " ", count: 6 - rule.fixName.count)
                output += "\(rule.id)  \(name)  \(severity)  \(fix)  \(rule.summary)\n"
            }
            try writeStandardOutput(output)
        case .json:
            try writeStandardOutput(
                JSONValue.object([
                    ("version", .integer(1)),
                    (
                        "rules",
                        .array(
                            RuleCatalog.all.map { rule in
                                .object([
                                    ("id", .string(rule.id.rawValue)), ("name", .string(rule.name)),
                                    ("severity", .string(rule.defaultSeverity.rawValue)),
                                    ("fix", .string(rule.fixName)),
                                    ("summary", .string(rule.summary)),
                                ])
                            })
                    ),
                ]).serialized())
        }
    }
}

struct ExplainCommand: PrintingCommand {
    static var usesFiles: Bool { false }

    static let spec = CommandSpec.declared(
        name: "explain", abstract: "Print a rule's documentation page.", by: ExplainCommand.init)

    var rule: String

    init(_ options: inout OptionReader) throws(UsageError) {
        rule = try options.positional(
            "RULE", help: "A rule ID such as EP203, or a rule name such as url-has-query.",
            missing: "explain needs a rule ID or name, e.g. 'eplint explain EP203'")
    }

    func run() throws(RunFailure) {
        let wanted = rule.uppercased()
        guard let metadata = RuleCatalog.all.first(where: { $0.id.rawValue == wanted || $0.name == rule }) else {
            throw RunFailure(message: "unknown rule '\(rule)'; 'eplint rules' lists them")
        }
        try writeStandardOutput(metadata.documentation)
    }
}

struct RegionsCommand: PrintingCommand {
    static var usesFiles: Bool { false }

    static let spec = CommandSpec.declared(
        name: "regions", abstract: "Print the built-in region data as the XML property list that --regions loads.",
        by: RegionsCommand.init)

    init(_ options: inout OptionReader) {}

    func run() throws(RunFailure) {
        try writeStandardOutput(RegionData.builtInPlist)
    }
}
