import EplintBase
import LintEngine
import Preprocessor

/// `.eplint.yml` (docs/configuration.md). Every key is optional; paths are relative to the file's folder.
/// An unknown key, a wrong type or an unknown rule ID is an error naming file, line and key.
package struct ConfigurationFile: Sendable {
    /// The keys this reader accepts (the JSON Schema in Rules/ must list the same).
    static let knownKeys = [
        "disable", "severity", "include", "exclude", "ignore", "entitlements", "music-streaming",
        "deployment-target", "define", "xcconfig", "regions", "project",
        "preprocess", "preprocessor-flags", "prefix-header", "platform", "xcode-version", "bundle-id", "app-apple-id",
        "environment", "root-certificates", "report-history",
        "required-version",
    ]
    package static let fileName = ".eplint.yml"

    struct IgnoreEntry: Sendable, Equatable {
        var path: Glob
        var rule: RuleID
        var keyPath: String?
    }

    /// The file as it was named or found, and its folder (absolute).
    package var path: String
    package var directory: String
    /// Whether the file system of `directory` ignores case (APFS): globs then do too.
    package var namesIgnoreCase = false
    package var disable: Set<RuleID> = []
    package var severity: [RuleID: Severity] = [:]
    package var include: [Glob] = []
    var exclude: [Glob] = []
    var ignore: [IgnoreEntry] = []
    /// Info.plist → entitlements file, both relative to `directory`.
    package var entitlements: [String: String] = [:]
    package var musicStreaming: Bool?
    /// Platform name → version, as written (checked by the caller).
    package var deploymentTargets: [(platform: String, version: String, line: Int)] = []
    package var define: [String: String] = [:]
    package var xcconfig: [String] = []
    package var regions: String?
    /// Xcode projects or workspaces whose targets give the context (relative to `directory`).
    package var project: [String] = []
    /// `INFOPLIST_PREPROCESS`: nil, preprocess a file that has directive lines.
    package var preprocess: Bool?
    /// `INFOPLIST_OTHER_PREPROCESSOR_FLAGS`, one argument each.
    package var preprocessorFlags: [String] = []
    /// `INFOPLIST_PREFIX_HEADER`, relative to `directory`.
    package var prefixHeader: String?
    /// The platform the Info.plists are built for: their `TARGET_OS_*` macros.
    package var platform: TargetPlatform?
    /// The Xcode that builds the Info.plists: whether its clang predefines `TARGET_OS_*`.
    package var xcodeVersion: XcodeVersion?
    /// The app's bundle ID and the environment (production or sandbox) tokens must belong to (`eplint token`).
    package var bundleID: String?
    /// The app's Apple ID, which production tokens and notifications carry as `appAppleId`.
    package var appAppleID: Int64?
    package var environment: String?
    /// Root certificate files signed payloads may chain to besides Apple Root CA - G3 (relative to `directory`).
    package var rootCertificates: [String] = []
    /// The reports Apple accepted (`eplint report`'s history): files or folders, relative to `directory`.
    package var reportHistory: [String] = []

    /// Reads `text` as the configuration at `path` (whose folder is `directory`).
    /// `toolVersion` is the running eplint's, checked against `required-version` first, so
    /// that an old eplint says it is too old before it stumbles on a key it does not know.
    package init(text: String, path: String, directory: String, toolVersion: String = ToolIdentity.version)
        throws(ConfigurationError)
    {
        self.path = path
        self.directory = directory
        let root: YAMLNode?
        do throws(YAMLNode.SyntaxError) { root = try YAMLNode.parse(text) } catch {
            throw ConfigurationError("\(path):\(error.line): not valid YAML: \(error.problem)")
        }
        guard let root else { return }
        guard let mapping = root.mapping else { throw error(root, nil, "must be a mapping of settings") }
        if let value = mapping.first(where: { $0.key.string == "required-version" })?.value {
            guard let required = RequiredVersion(try string(value, "required-version")) else {
                throw error(
                    value, "required-version", "must be a version such as \"1.2\" or clauses such as \">= 1.2, < 2\"")
            }
            guard required.admits(toolVersion) else {
                throw error(
                    value, "required-version",
                    "this configuration needs eplint \(required), and this eplint is \(toolVersion); update eplint")
            }
        }
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { throw error(keyNode, nil, "keys must be strings") }
            switch key {
            case "disable":
                for item in try list(value, key) { disable.insert(try rule(item, key)) }
            case "severity":
                for (ruleNode, levelNode) in try map(value, key) {
                    let id = try rule(ruleNode, key)
                    guard let name = levelNode.string, let level = Severity(rawValue: name) else {
                        throw error(levelNode, key, "must be error, warning or note")
                    }
                    severity[id] = level
                }
            case "include":
                for item in try list(value, key) { include.append(Glob(try string(item, key))) }
            case "exclude":
                for item in try list(value, key) { exclude.append(Glob(try string(item, key))) }
            case "ignore":
                for entry in try list(value, key) {
                    var path: String?
                    var rule: RuleID?
                    var keyPath: String?
                    for (fieldNode, fieldValue) in try map(entry, key) {
                        switch fieldNode.string {
                        case "path": path = try string(fieldValue, "ignore.path")
                        case "rule": rule = try self.rule(fieldValue, "ignore.rule")
                        case "keyPath": keyPath = try string(fieldValue, "ignore.keyPath")
                        default:
                            throw error(
                                fieldNode, key,
                                "unknown field \(fieldNode.string.map { "'\($0)'" } ?? ""); use path, rule and keyPath")
                        }
                    }
                    guard let path, let rule else { throw error(entry, key, "each entry needs path and rule") }
                    ignore.append(IgnoreEntry(path: Glob(path), rule: rule, keyPath: keyPath))
                }
            case "entitlements":
                for (plist, file) in try map(value, key) {
                    entitlements[try string(plist, key)] = try string(file, key)
                }
            case "music-streaming":
                guard let flag = value.string.flatMap({ ["true": true, "false": false][$0] }) else {
                    throw error(value, key, "must be true or false")
                }
                musicStreaming = flag
            case "deployment-target":
                for (platform, version) in try map(value, key) {
                    deploymentTargets.append((try string(platform, key), try string(version, key), version.line))
                }
            case "define":
                for (name, setting) in try map(value, key) { define[try string(name, key)] = try string(setting, key) }
            case "xcconfig":
                for item in try list(value, key) { xcconfig.append(try string(item, key)) }
            case "regions":
                regions = try string(value, key)
            case "preprocess":
                guard let flag = value.string.flatMap({ ["true": true, "false": false][$0] }) else {
                    throw error(value, key, "must be true or false")
                }
                preprocess = flag
            case "preprocessor-flags":
                for item in try list(value, key) { preprocessorFlags.append(try string(item, key)) }
            case "prefix-header":
                prefixHeader = try string(value, key)
            case "platform":
                let name = try string(value, key)
                guard let known = TargetPlatform(name: name) else {
                    throw error(value, key, "unknown platform '\(name)' (known: \(TargetPlatform.names))")
                }
                platform = known
            case "xcode-version":
                let text = try string(value, key)
                guard let version = XcodeVersion(text) else {
                    throw error(value, key, "'\(text)' is not an Xcode version such as 16.2")
                }
                xcodeVersion = version
            case "project":
                if let single = value.string {
                    project = [single]
                } else {
                    for item in try list(value, key) { project.append(try string(item, key)) }
                }
            case "bundle-id":
                bundleID = try string(value, key)
            case "app-apple-id":
                guard let number = value.string.flatMap({ Int64($0) }), number > 0 else {
                    throw error(value, key, "must be a positive integer (the app's Apple ID)")
                }
                appAppleID = number
            case "environment":
                let name = try string(value, key)
                // xcode and local-testing skip signature verification: ServerRun honours them
                // only from a configuration named with --config.
                guard ["production", "sandbox", "xcode", "local-testing"].contains(name) else {
                    throw error(value, key, "must be production, sandbox, xcode or local-testing")
                }
                environment = name
            case "root-certificates":
                if let single = value.string {
                    rootCertificates = [single]
                } else {
                    for item in try list(value, key) { rootCertificates.append(try string(item, key)) }
                }
            case "report-history":
                if let single = value.string {
                    reportHistory = [single]
                } else {
                    for item in try list(value, key) { reportHistory.append(try string(item, key)) }
                }
            case "required-version":
                break  // checked before the other keys
            default:
                throw error(keyNode, nil, "unknown key '\(key)' (known: \(Self.knownKeys.joined(separator: ", ")))")
            }
        }
    }

    // MARK: Typed reading

    private func error(_ node: YAMLNode, _ key: String?, _ message: String) -> ConfigurationError {
        ConfigurationError("\(path):\(node.line): \(key.map { "\($0): " } ?? "")\(message)")
    }

    private func string(_ node: YAMLNode, _ key: String) throws(ConfigurationError) -> String {
        guard let text = node.string else { throw error(node, key, "must be a string") }
        return text
    }

    private func list(_ node: YAMLNode, _ key: String) throws(ConfigurationError) -> [YAMLNode] {
        guard let sequence = node.sequence else { throw error(node, key, "must be a list") }
        return sequence
    }

    private func map(_ node: YAMLNode, _ key: String) throws(ConfigurationError) -> [(key: YAMLNode, value: YAMLNode)] {
        guard let mapping = node.mapping else { throw error(node, key, "must be a mapping") }
        return mapping
    }

    private func rule(_ node: YAMLNode, _ key: String) throws(ConfigurationError) -> RuleID {
        let text = try string(node, key)
        guard let id = RuleID(validating: text) else {
            throw error(node, key, "unknown rule '\(text)'; 'eplint rules' lists them")
        }
        return id
    }

    // MARK: Applying it

    /// Whether a file (absolute path) is linted: inside `include` (when given) and not in `exclude`.
    package func admits(_ absolutePath: String) -> Bool {
        let path = relative(absolutePath)
        if !include.isEmpty && !include.contains(where: { $0.matches(path, ignoringCase: namesIgnoreCase) }) {
            return false
        }
        return !exclude.contains { $0.matches(path, ignoringCase: namesIgnoreCase) }
    }

    /// `ignore` entries that cover a diagnostic of the file at `absolutePath`. A key path
    /// covers itself and everything inside it.
    package func ignores(_ diagnostic: Diagnostic, absolutePath: String) -> Bool {
        let path = relative(absolutePath)
        return ignore.contains { entry in
            guard entry.rule == diagnostic.rule, entry.path.matches(path, ignoringCase: namesIgnoreCase) else {
                return false
            }
            guard let keyPath = entry.keyPath else { return true }
            return diagnostic.keyPath == keyPath || diagnostic.keyPath.hasPrefix(keyPath + ".")
                || diagnostic.keyPath.hasPrefix(keyPath + "[")
        }
    }

    /// `absolutePath` relative to the configuration's folder (`..` when outside).
    package func relative(_ absolutePath: String) -> String {
        PathArithmetic.relative(absolutePath, to: directory)
    }

    /// A path of the file (relative to its folder) made absolute.
    package func resolve(_ path: String) -> String {
        PathArithmetic.normalized(path.hasPrefix("/") ? path : directory + "/" + path)
    }
}
