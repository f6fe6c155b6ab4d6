import LintRun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Usage errors and failed runs are exit 2 with `error: eplint: …` (docs/usage.md, "Exit status").
let status: ExitStatus
do throws(UsageError) {
    let command = try Eplint.parse(Array(CommandLine.arguments.dropFirst()))
    if case .failure(let failure) = workingDirectory, type(of: command).usesFiles {
        writeStandardError("error: eplint: \(failure.message)\n")
        exit(ExitStatus.failure.rawValue)
    }
    status = command.execute()
} catch {
    writeStandardError("error: eplint: \(error.message)\n")
    status = .failure
}
exit(status.rawValue)
