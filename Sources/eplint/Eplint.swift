import ArgumentParser

/// The root command: `eplint [lint] PATH…`, `eplint rules`, `eplint explain ID`, `eplint regions`.
struct Eplint: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "eplint",
        abstract: "Lint the StoreKit external-purchase configuration of Info.plist and .entitlements files.",
        discussion: """
            Exit status: 0 no errors (warnings and notes allowed), 1 at least one error \
            (or warning with --strict), 2 the run itself failed.
            """,
        version: version,
        subcommands: [LintCommand.self, RulesCommand.self, ExplainCommand.self, RegionsCommand.self],
        defaultSubcommand: LintCommand.self)
}

/// A failure of the run itself: exit 2 with this message.
struct RunFailure: Error {
    var message: String
}
