import LintRun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Usage errors and failed runs are exit 2 with `error: eplint: …` (docs/usage.md, "Exit status").
let status: ExitStatus
do throws(UsageError) {
    let invocation = try Eplint.parse(Array(CommandLine.arguments.dropFirst()))
    if case .failure(let failure) = workingDirectory, invocation.usesFiles {
        writeStandardError("error: eplint: \(failure.message)\n")
        exit(ExitStatus.failure.rawValue)
    }
    switch invocation {
    case .lint(let lint):
        status = lint.execute()
    case .text(let text):
        status = run { () throws(RunFailure) in try writeStandardOutput(text) }
    case .rules(let command):
        status = run(command.run)
    case .explain(let command):
        status = run(command.run)
    case .regions(let command):
        status = run(command.run)
    case .context(let command):
        status = run(command.run)
    case .server(let command):
        status = command.execute()
    case .lsp(let command):
        exit(command.execute())
    }
} catch {
    writeStandardError("error: eplint: \(error.message)\n")
    status = .failure
}
exit(status.rawValue)

func run(_ command: () throws(RunFailure) -> Void) -> ExitStatus {
    do throws(RunFailure) {
        try command()
        return .clean
    } catch {
        writeStandardError("error: eplint: \(error.message)\n")
        return .failure
    }
}
