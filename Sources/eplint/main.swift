import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Parse errors are exit 2 with `error: eplint: …` (SPEC §5), not ArgumentParser's 64.
let command: ParsableCommand
do {
    command = try Eplint.parseAsRoot()
} catch {
    if Eplint.exitCode(for: error) == .success {
        // --help and --version: ArgumentParser prints them and exits 0.
        Eplint.exit(withError: error)
    }
    writeStandardError("error: eplint: \(Eplint.message(for: error))\n")
    exit(ExitStatus.failure.rawValue)
}
if let lint = command as? LintCommand {
    exit(lint.execute().rawValue)
}
do {
    var other = command
    try other.run()
} catch let failure as RunFailure {
    writeStandardError("error: eplint: \(failure.message)\n")
    exit(ExitStatus.failure.rawValue)
} catch {
    // `eplint --help` runs ArgumentParser's own help command, which ends this way.
    if Eplint.exitCode(for: error) == .success { Eplint.exit(withError: error) }
    writeStandardError("error: eplint: \(Eplint.message(for: error))\n")
    exit(ExitStatus.failure.rawValue)
}
