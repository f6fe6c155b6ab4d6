import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let command: LintCommand
do {
    command = try LintCommand.parse()
} catch {
    let code = LintCommand.exitCode(for: error)
    if code == .success {
        writeStandardOutput(LintCommand.fullMessage(for: error) + "\n")
        exit(0)
    }
    writeStandardError("error: eplint: \(LintCommand.message(for: error))\n")
    exit(ExitStatus.failure.rawValue)
}
exit(command.execute().rawValue)
