import EplintBase
import RunPlan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a run needs of the world beyond reading files: the executable's host is the process
/// (standard streams, environment, clock, atomic writes); a long-lived process (a language
/// server) or a test gives its own. Files are read through `fileSystem` and `RegularFile`, and
/// `LintOptions.unsavedTexts` stands in for a file's bytes.
package protocol RunHost {
    /// The run plan's file system.
    var fileSystem: any PlanFileSystem { get }
    /// A line said beside the report (standard error): `--verbose`'s notes, "no files to lint".
    func note(_ text: String)
    /// Standard input, read whole; asked once, when a run names `-`.
    func readStandardInput() -> [UInt8]
    /// The whole environment, NAME → value (`--xcode-environment`).
    func environment() -> [String: String]
    /// One variable of the environment (EPLINT_NOW), nil when unset.
    func variable(_ name: String) -> String?
    /// Now, as seconds since 1970 (line items dated in the future, expired profiles).
    func unixTime() -> Int64
    /// Writes every file whole or none (a fixed file, a moved pair, a baseline, a report).
    func write(_ files: [(contents: [UInt8], path: String, mode: mode_t)]) throws(RunFailure)
}

extension RunHost {
    /// Now, as plists write dates: `EPLINT_NOW` when set (reproducible runs and tests), else the clock.
    package var now: String {
        if let fixed = variable("EPLINT_NOW"), !fixed.isEmpty { return fixed }
        return AbsoluteDate.text(unixSeconds: unixTime())
    }

    package func write(_ text: String, to path: String) throws(RunFailure) {
        try write([(Array(text.utf8), path, 0o644)])
    }
}

/// A failure of the run itself: exit 2 with this message.
package struct RunFailure: Error {
    package var message: String
    /// The plan's failure was a path not followed (`PlanFailure.isNotFollowed`).
    package var isNotFollowed = false

    package init(message: String, isNotFollowed: Bool = false) {
        self.message = message
        self.isNotFollowed = isNotFollowed
    }
}

/// A step of the run plan, its failure a failure of the run.
func planned<Value>(_ step: () throws(PlanFailure) -> Value) throws(RunFailure) -> Value {
    do throws(PlanFailure) { return try step() } catch {
        throw RunFailure(message: error.message, isNotFollowed: error.isNotFollowed)
    }
}

/// Lines said while linting on several threads, kept per input and said in input order: the
/// order of `--verbose` is the same from run to run.
final class NoteBuffer {
    private(set) var lines: [String] = []

    init() {}

    func add(_ line: String) { lines.append(line) }
}
