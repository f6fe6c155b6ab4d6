import LintEngine

/// The root command: `eplint [lint] PATH…`, `eplint help [SUBCOMMAND]`, and the subcommands
/// of the command table.
enum Eplint {
    static let version = ToolIdentity.version

    static let abstract = "Lint the StoreKit external-purchase configuration of Info.plist and .entitlements files."
    static let discussion = """
        Exit status: 0 no errors (warnings and notes allowed), 1 at least one error \
        (or warning with --strict), 2 the run itself failed. Paths you type (arguments, \
        --config, --entitlements, --preprocessor-flag, --root-certificate, ...) are your own \
        and are read wherever they point; a path a file of the repository names is followed \
        only inside the repository and the folders named (docs/untrusted-input.md).
        """

    /// The command table: every subcommand, once. The first is the default (`eplint PATH…`).
    static let subcommands: [Subcommand] = [
        Subcommand("lint", LintCommand.spec, LintCommand.init),
        Subcommand("rules", RulesCommand.spec, RulesCommand.init),
        Subcommand("explain", ExplainCommand.spec, ExplainCommand.init),
        Subcommand("regions", RegionsCommand.spec, RegionsCommand.init),
        Subcommand("context", ContextCommand.spec, ContextCommand.init),
        Subcommand("token", ServerCommand.tokenSpec) { (options: inout OptionReader) throws(UsageError) in
            try ServerCommand(&options, kind: .token)
        },
        Subcommand("report", ServerCommand.reportSpec) { (options: inout OptionReader) throws(UsageError) in
            try ServerCommand(&options, kind: .report)
        },
        Subcommand("notification", ServerCommand.notificationSpec) { (options: inout OptionReader) throws(UsageError) in
            try ServerCommand(&options, kind: .notification)
        },
        Subcommand("lsp", LanguageServerCommand.spec, LanguageServerCommand.init),
        Subcommand("completions", CompletionsCommand.spec, CompletionsCommand.init),
    ]

    /// `arguments` without the program name. A first word naming a subcommand selects it;
    /// anything else is the arguments of `lint`.
    static func parse(_ arguments: [String]) throws(UsageError) -> any Command {
        if arguments.first == "help" {
            let topic = arguments.dropFirst().first
            guard let topic else { return TextCommand(text: rootHelp) }
            guard let subcommand = subcommands.first(where: { $0.name == topic }) else {
                throw UsageError(
                    "no help for '\(topic)'; subcommands: \(subcommands.map(\.name).joined(separator: ", "))")
            }
            return TextCommand(text: help(for: subcommand.spec))
        }
        let named = subcommands.first { $0.name == arguments.first }
        let subcommand = named ?? subcommands[0]
        let parsed = try ParsedArguments(arguments.dropFirst(named == nil ? 0 : 1), spec: subcommand.spec)
        if parsed.wantsHelp { return TextCommand(text: named == nil ? rootHelp : help(for: subcommand.spec)) }
        if parsed.wantsVersion { return TextCommand(text: version + "\n") }
        var options = OptionReader(parsed)
        return try subcommand.read(&options)
    }

    /// The root page: lint's arguments and options (it is the default) and the subcommands.
    static var rootHelp: String {
        var root = LintCommand.spec
        root.abstract = abstract
        root.discussion = discussion
        return HelpText.render(
            root, usage: "eplint [lint] [<options>] [<PATH> ...]\n       eplint <subcommand>",
            subcommands: subcommands.enumerated().map { index, subcommand in
                (subcommand.name + (index == 0 ? " (default)" : ""), subcommand.spec.abstract)
            })
    }

    static func help(for spec: CommandSpec) -> String {
        let name = spec.name!
        var usage = "eplint \(name)"
        if !spec.options.isEmpty { usage += " [<options>]" }
        if let positional = spec.positional {
            usage += positional.repeating ? " [<\(positional.valueName)> ...]" : " <\(positional.valueName)>"
        }
        return HelpText.render(spec, usage: usage)
    }
}
