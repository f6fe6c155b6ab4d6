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
struct Subcommand: Sendable {
    var spec: CommandSpec
    var usesFiles: Bool
    var read: @Sendable (inout OptionReader) throws(UsageError) -> any Command

    init<Read: Command & Sendable>(
        _ spec: CommandSpec, _ read: @escaping @Sendable (inout OptionReader) throws(UsageError) -> Read
    ) {
        self.spec = spec
        self.usesFiles = Read.usesFiles
        self.read = { (options: inout OptionReader) throws(UsageError) in try read(&options) }
    }

    var name: String { spec.name ?? "" }
}

/// Help or the version: printed wherever the run is, exit 0.
struct TextCommand: PrintingCommand {
    static var usesFiles: Bool { false }
    var text: String
    func run() throws(RunFailure) { try writeStandardOutput(text) }
}
