import LintRun

/// What a command line asks for, once parsed: it runs and says the exit status.
protocol Command {
    /// Whether it reads or writes files, so needs the working directory: help, the version and
    /// the rule catalog are printed wherever the run is.
    static var usesFiles: Bool { get }
    func execute() -> ExitStatus
}

extension Command {
    static var usesFiles: Bool { true }
}

/// A command whose only failure is the run's: `error: eplint: …` on standard error, exit 2.
protocol PrintingCommand: Command {
    func run() throws(RunFailure)
}

extension PrintingCommand {
    func execute() -> ExitStatus {
        do throws(RunFailure) {
            try run()
            return .clean
        } catch {
            writeStandardError("error: eplint: \(error.message)\n")
            return .failure
        }
    }
}

/// One row of the command table (`Eplint.subcommands`): the subcommand's options and help,
/// and how its arguments become a command. Parsing, help, the usage errors and the completions
/// are all made from the table, so a subcommand is declared once.
/// A row names its subcommand beside the spec so that a run builds only the spec it runs (all
/// ten specs are a twelfth of a small file's run); debug builds check the name is the spec's.
struct Subcommand: Sendable {
    let name: String
    private let makeSpec: @Sendable () -> CommandSpec
    var usesFiles: Bool
    var read: @Sendable (inout OptionReader) throws(UsageError) -> any Command

    init<Read: Command & Sendable>(
        _ name: String, _ spec: @autoclosure @escaping @Sendable () -> CommandSpec,
        _ read: @escaping @Sendable (inout OptionReader) throws(UsageError) -> Read
    ) {
        self.name = name
        self.makeSpec = spec
        self.usesFiles = Read.usesFiles
        self.read = { (options: inout OptionReader) throws(UsageError) in try read(&options) }
    }

    var spec: CommandSpec {
        let spec = makeSpec()
        assert(spec.name == name, "the command table names \(name) for the spec of \(spec.name ?? "nothing")")
        return spec
    }
}

/// Help or the version: printed wherever the run is, exit 0.
struct TextCommand: PrintingCommand {
    static var usesFiles: Bool { false }
    var text: String
    func run() throws(RunFailure) { try writeStandardOutput(text) }
}
