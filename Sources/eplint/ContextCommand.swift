import LintRun

/// `eplint context PATH`: the plan's contexts (`ContextReport`), printed.
struct ContextCommand: PrintingCommand {
    /// Lint's options that decide the contexts, shared with lint's help text.
    private static let planOptions = [
        LintOption.config, LintOption.xcconfig, LintOption.xcconfigCondition, LintOption.entitlements,
        LintOption.deploymentTarget, LintOption.regions, LintOption.define, LintOption.preprocess,
        LintOption.preprocessorFlag, LintOption.prefixHeader, LintOption.platform, LintOption.xcodeVersion,
        LintOption.musicStreaming, LintOption.project, LintOption.target, LintOption.configuration,
        LintOption.xcodeEnvironment, LintOption.stdinFilename,
    ]

    static let spec = CommandSpec.declared(
        name: "context",
        abstract:
            "Show the context eplint resolves from Xcode projects: Info.plist, entitlements, deployment targets, preprocessing.",
        by: ContextCommand.init)

    var format: ContextReport.Format
    /// The run's options as lint reads them; its paths are the projects to show.
    var lint: LintOptions

    init(_ options: inout OptionReader) throws(UsageError) {
        format = try options.choice("format", "FORMAT", help: "text or json.", default: ContextReport.Format.text)
        options.share(Self.planOptions, of: LintCommand.spec)
        lint = try options.read(as: LintCommand.init, ignoring: [LintOption.format.name]).options
        let given = options.positionals(
            "PATH",
            help:
                "An .xcodeproj, an .xcworkspace, a directory (its projects and Info.plists) or an Info.plist (default: .); '-' shows standard input's context."
        )
        // A Run Script phase's context is the environment's: no project need be named or found.
        lint.plan.paths = given.isEmpty ? (lint.plan.xcodeEnvironment ? [] : ["."]) : given
    }

    func run() throws(RunFailure) {
        try writeStandardOutput(ContextReport.render(lint, as: format, host: ProcessHost()))
    }
}
