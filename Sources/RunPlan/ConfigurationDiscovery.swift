import Configuration
import EplintBase
import LintEngine

extension PlanFileSystem {
    /// The run's configuration file: `explicit` (`--config FILE`), else `.eplint.yml` in the
    /// working directory or the nearest parent; its path as shown and its text, nil when there
    /// is none. Only a file that is not there is passed over: one that is there but cannot be
    /// read (a Run Script phase under Xcode's user-script sandboxing) stops the run, rather
    /// than linting as if it did not exist.
    package func configurationFile(explicit: String?) throws(PlanFailure) -> (path: String, text: String)? {
        if let explicit {
            switch contents(of: explicit, limit: .max) {
            case .success(let bytes): return (explicit, String(decoding: bytes, as: UTF8.self))
            case .failure(let failure): throw PlanFailure.cannotRead("configuration file", explicit, failure)
            }
        }
        var directory = PathArithmetic.normalized(workingDirectory)
        while true {
            let candidate = (directory == "/" ? "" : directory) + "/" + ConfigurationFile.fileName
            let shownPath = shown(candidate)
            // `../../.eplint.yml` where the absolute path is longer: a working directory deeper
            // than PATH_MAX has no absolute path open(2) accepts.
            let opened = shownPath.utf8.count < candidate.utf8.count ? shownPath : candidate
            switch contents(of: opened, limit: .max) {
            case .success(let bytes):
                return (shownPath, String(decoding: bytes, as: UTF8.self))
            case .failure(let failure) where failure.cause != .absent:
                throw PlanFailure.cannotRead("configuration file", shownPath, failure)
            case .failure:
                if directory == "/" { return nil }
                directory = PathArithmetic.normalized(directory + "/..")
            }
        }
    }
}

extension PlanFailure {
    /// A file the run needs cannot be read. Permission denied is, on macOS, most often Xcode's
    /// user-script sandboxing (on by default for new projects): the message says what to declare.
    /// `origin` says who named the file (`INFOPLIST_PREFIX_HEADER of App/Debug`).
    static func cannotRead(_ what: String, _ path: String, _ failure: ReadFailure, origin: String? = nil)
        -> PlanFailure
    {
        var message =
            "cannot read \(what) \(path.quotedForMessage)\(origin.map { " (\($0))" } ?? ""): \(failure.reason)"
        if failure.cause == .denied {
            let declared = path.hasPrefix("/") ? path : "$(SRCROOT)/" + path
            message +=
                " (in an Xcode Run Script phase, user-script sandboxing lets the script read only its input"
                + " files: add \(declared) to the phase's Input Files)"
        }
        return PlanFailure(message: message)
    }
}
