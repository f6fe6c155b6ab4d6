import LintEngine

/// The plan could not be made: a file the user named cannot be read or is wrong. The message
/// is printed as it is.
package struct PlanFailure: Error, Sendable, Equatable {
    package var message: String
    /// A path a file of the repository names that the run's lock does not follow
    /// (`PlanFailure.notFollowed`): the language server shows it under its own code.
    package var isNotFollowed = false
    package init(message: String, isNotFollowed: Bool = false) {
        self.message = message
        self.isNotFollowed = isNotFollowed
    }
}

/// The options of a run that shape its plan (lint's flags of the same names; `eplint context`
/// takes the same). Checked by the command line before they get here.
package struct PlanOptions: Sendable {
    package var xcconfig: [String] = []
    /// `KEY=VALUE`, for xcconfig files and projects alike.
    package var xcconfigCondition: [String] = []
    package var entitlements: String?
    /// `PLATFORM=VERSION`.
    package var deploymentTargets: [String] = []
    package var regions: String?
    /// `NAME=VALUE` or `NAME`.
    package var definitions: [String] = []
    package var preprocess = false
    package var preprocessorFlags: [String] = []
    package var prefixHeader: String?
    /// `--platform`: a `TargetPlatform` name or Xcode's `PLATFORM_NAME` for it.
    package var platform: String?
    /// `--xcode-version`: the Xcode that builds (`16.2`), which decides whether its clang
    /// predefines the `TARGET_OS_*` macros (`XcodeVersion`).
    package var xcodeVersion: String?
    /// `true` or `false`.
    package var musicStreaming: String?
    package var projects: [String] = []
    package var targets: [String] = []
    package var configurations: [String] = []
    package var xcodeEnvironment = false
    /// The files and directories to lint; `-` is standard input.
    package var paths: [String] = []
    /// The name standard input is reported as (`--stdin-filename`), `<stdin>` when not given.
    package var standardInputName: String?
    package var verbose = false
    /// Whether the folder of each path is a root that quoted includes may read (the command
    /// line's paths are the user's). The language server clears it for a document outside
    /// every workspace folder, whose folder the user never gave.
    package var pathsAreIncludeRoots = true
    /// Folders the caller adds to the run's roots (the language server's workspace folders).
    package var readRoots: [String] = []
    /// Budgets of repository-named reads lower than the defaults (`RepositoryReads.Budget`).
    var readBudgets: [RepositoryReads.Budget: Int] = [:]

    package init() {}

    /// `--xcconfig-condition KEY=VALUE`s as a map.
    var xcconfigConditions: [String: String] {
        var conditions: [String: String] = [:]
        for condition in xcconfigCondition {
            let parts = condition.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { conditions[String(parts[0])] = String(parts[1]) }
        }
        return conditions
    }

    /// `PLATFORM=VERSION` given by `source` (`--deployment-target`, `deployment-target in FILE`).
    package static func deploymentTarget(_ text: String, source: String) throws(PlanFailure) -> DeploymentTarget {
        let parts = text.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else {
            throw PlanFailure(message: "\(source) needs PLATFORM=VERSION, got \(text.quotedForMessage)")
        }
        guard let platform = Platform(name: String(parts[0])) else {
            let known = Platform.allCases.map(\.rawValue).joined(separator: ", ")
            throw PlanFailure(
                message: "unknown platform \(String(parts[0]).quotedForMessage) in \(source) (known: \(known))")
        }
        guard let version = Version(String(parts[1])) else {
            throw PlanFailure(
                message: "\(source) needs a dotted version such as 17.5, got \(String(parts[1]).quotedForMessage)")
        }
        return DeploymentTarget(platform: platform, version: version, source: source)
    }
}
