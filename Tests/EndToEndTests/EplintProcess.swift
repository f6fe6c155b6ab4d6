import Foundation
import TestSupport

/// Runs the built `eplint` binary the way a user does.
struct EplintRun {
    var status: Int32
    var standardOutput: String
    var standardError: String
    /// Standard output as bytes (`--diff` of a file that is not UTF-8).
    var standardOutputData = Data()
}

enum Eplint {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `eplint` built beside the test bundle.
    static let executable: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("eplint")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/eplint")
    }()

    @discardableResult
    static func run(
        _ arguments: [String], in directory: URL = packageRoot, input: Data? = nil, environment: [String: String?] = [:]
    ) throws -> EplintRun {
        var processEnvironment = ProcessInfo.processInfo.environment
        // A nil value removes the variable.
        for (name, value) in environment { processEnvironment[name] = value }
        // Standard input is a pipe even when nothing is written to it, as a shell's `|` gives.
        let outcome = try ChildProcess.run(
            executable.path, arguments, in: directory, environment: processEnvironment, input: input ?? Data(),
            output: .captured, error: .captured)
        return EplintRun(
            status: outcome.status,
            standardOutput: String(decoding: outcome.standardOutput, as: UTF8.self),
            standardError: String(decoding: outcome.standardError, as: UTF8.self),
            standardOutputData: outcome.standardOutput)
    }

    /// Runs eplint as `nobody` when the tests run as root (for whom a file's permissions never
    /// deny a read), else as `run` does.
    static func runUnprivileged(_ arguments: [String], in directory: URL) throws -> EplintRun {
        guard getuid() == 0 else { return try run(arguments, in: directory) }
        let setpriv = try RequiredTool.setpriv.require()
        // Without a preloaded library (.ci/run's 512 KiB stack shim): the loader refuses one in a
        // process that changed its user, and says so on standard error.
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = nil
        let outcome = try ChildProcess.run(
            setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments,
            in: directory, environment: environment, output: .captured, error: .captured)
        return EplintRun(
            status: outcome.status, standardOutput: String(decoding: outcome.standardOutput, as: UTF8.self),
            standardError: String(decoding: outcome.standardError, as: UTF8.self))
    }

    /// The tools a `--diff` must apply with, as found on this machine (each with its arguments
    /// for `fix.patch`).
    static let patchTools = [
        ["/usr/bin/patch", "-s", "-p0", "-i", "fix.patch"], ["/usr/bin/git", "apply", "-p0", "fix.patch"],
    ]
    .filter { FileManager.default.isExecutableFile(atPath: $0[0]) }

    /// Runs `tool` (a path, then its arguments) in `directory`; its exit status.
    static func runTool(_ tool: [String], in directory: URL) throws -> Int32 {
        try ChildProcess.run(tool[0], Array(tool.dropFirst()), in: directory, output: .inherited, error: .inherited)
            .status
    }

    static func temporaryDirectory() throws -> URL {
        try TestScratch.folder("eplint-e2e")
    }
}
