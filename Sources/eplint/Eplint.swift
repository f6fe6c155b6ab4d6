import LintEngine
import LintRun

/// The root command: `eplint [lint] PATH…`, `eplint rules`, `eplint explain ID`, `eplint regions`,
/// `eplint help [SUBCOMMAND]`.
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

    /// What the command line asks for.
    enum Invocation {
        case lint(LintCommand)
        case rules(RulesCommand)
        case explain(ExplainCommand)
        case regions(RegionsCommand)
        case context(ContextCommand)
        case server(ServerCommand)
        case lsp(LanguageServerCommand)
        /// Help or the version: print it, exit 0.
        case text(String)

        /// Whether it reads or writes files, so needs the working directory: help, the version
        /// and the rule catalog are printed wherever the run is.
        var usesFiles: Bool {
            switch self {
            case .lint, .context, .server, .lsp: true
            case .rules, .explain, .regions, .text: false
            }
        }
    }

    static let subcommands: [CommandSpec] = [
        LintCommand.spec, RulesCommand.spec, ExplainCommand.spec, RegionsCommand.spec, ContextCommand.spec,
        ServerCommand.tokenSpec, ServerCommand.reportSpec, ServerCommand.notificationSpec,
        LanguageServerCommand.spec,
    ]

    /// `arguments` without the program name. A first word naming a subcommand selects it;
    /// anything else is the arguments of `lint`.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        if arguments.first == "help" {
            let topic = arguments.dropFirst().first
            guard let topic else { return .text(rootHelp) }
            guard let spec = subcommands.first(where: { $0.name == topic }) else {
                throw UsageError(
                    "no help for '\(topic)'; subcommands: lint, rules, explain, regions, context, token, report, notification, lsp"
                )
            }
            return .text(help(for: spec))
        }
        let named = subcommands.first { $0.name == arguments.first }
        let spec = named ?? LintCommand.spec
        let parsed = try ParsedArguments(arguments.dropFirst(named == nil ? 0 : 1), spec: spec)
        if parsed.wantsHelp { return .text(named == nil ? rootHelp : help(for: spec)) }
        if parsed.wantsVersion { return .text(version + "\n") }
        var options = OptionReader(parsed)
        switch spec.name {
        case "rules": return .rules(try RulesCommand(&options))
        case "explain": return .explain(try ExplainCommand(&options))
        case "regions": return .regions(RegionsCommand(&options))
        case "context": return .context(try ContextCommand(&options))
        case "token": return .server(try ServerCommand(&options, kind: .token))
        case "report": return .server(try ServerCommand(&options, kind: .report))
        case "notification": return .server(try ServerCommand(&options, kind: .notification))
        case "lsp": return .lsp(try LanguageServerCommand(&options))
        default: return .lint(try LintCommand(&options))
        }
    }

    /// The root page: lint's arguments and options (it is the default) and the subcommands.
    static var rootHelp: String {
        var root = LintCommand.spec
        root.abstract = abstract
        root.discussion = discussion
        return HelpText.render(
            root, usage: "eplint [lint] [<options>] [<PATH> ...]\n       eplint <subcommand>",
            subcommands: subcommands.map { spec in
                (spec.name! + (spec.name == "lint" ? " (default)" : ""), spec.abstract)
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
