import EplintBase
import LintEngine
import PlistSyntax
import RunPlan

/// Expo's `app.json` / `app.config.json`: `expo.ios.infoPlist` is linted as the Info.plist
/// and `expo.ios.entitlements` as its entitlements, located where the JSON writes them
/// (`ios.…` in an app.config.json that is the expo object itself).
/// JSON values become plist values as Expo's prebuild writes them: strings, booleans, arrays
/// and objects as such, numbers as integers or reals; `null` members are left out (prebuild
/// writes nothing for them).
struct ExpoConfig {
    let linter: Linter
    let verbose: Bool
    let fileSystem: any PlanFileSystem

    static let fileNames: Set<String> = ["app.json", "app.config.json"]
    /// Dynamic configurations: they must be run to be read.
    static func isDynamic(_ name: String) -> Bool {
        name.hasPrefix("app.config.") && [".js", ".ts", ".mjs", ".cjs"].contains { name.hasSuffix($0) }
    }

    /// Whether `ios` holds what `expo prebuild` writes: `Name.xcodeproj` with `Name/Info.plist`.
    /// A folder holding only entitlements (kept by hand) is no project: app.json is linted then.
    func holdsPrebuiltProject(_ ios: String) -> Bool {
        let entries = fileSystem.entries(of: ios) ?? []
        // Names compare case-insensitively, as on macOS.
        return entries.contains { name in
            let lowered = name.lowercased()
            guard lowered.hasSuffix(".xcodeproj"), lowered.count > ".xcodeproj".count else { return false }
            let project = String(name.dropLast(".xcodeproj".count))
            return fileSystem.entries(of: ios + "/" + project)?.contains { $0.lowercased() == "info.plist" } == true
        }
    }

    static func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    typealias Outcome = FoundFindings

    /// `foundByWalk`: an app.json beside the `ios/` project prebuild wrote from it is left to
    /// that project (what Xcode builds), so that no key is reported twice.
    /// `notes`: `--verbose`'s lines about the file. `unsaved`: an editor's text in place of the file's.
    func lint(_ path: String, foundByWalk: Bool, unsaved: [UInt8]? = nil, notes: NoteBuffer) -> Outcome {
        var outcome = Outcome(fileSystem: fileSystem)
        let bytes: [UInt8]
        switch unsaved.map({ .success($0) }) ?? fileSystem.contents(of: path, limit: 16 << 20) {
        case .success(let read): bytes = read
        case .failure(let failure):
            outcome.failures.append("cannot read \(path.quotedForMessage): \(failure.reason)")
            return outcome
        }
        let read = JSONReader.read(bytes)
        guard let root = read.root else {
            if foundByWalk { return outcome }
            let position = read.error?.position ?? .start
            outcome.append(
                Diagnostic(
                    file: path, rule: .ep001MalformedPlist,
                    message: "malformed JSON: \(read.error?.message ?? "no value")", range: SourceRange(at: position)))
            return outcome
        }
        // Expo reads app.config.json's top level as the expo object when it has no `expo` member.
        let wrapped = root.member("expo")?.value
        let expo = wrapped ?? (Self.fileName(path) == "app.config.json" ? root : nil)
        let prefix = wrapped == nil ? "ios" : "expo.ios"
        guard let ios = expo?.member("ios")?.value, ios.isObject else {
            if verbose { notes.add("eplint: skipped \(path) (no expo.ios object)\n") }
            return outcome
        }
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        if foundByWalk, holdsPrebuiltProject(folder + "/ios") {
            if verbose {
                notes.add(
                    "eplint: skipped \(path) (expo.ios: \(folder)/ios holds the project expo prebuild wrote from it, linted instead)\n"
                )
            }
            return outcome
        }
        let info = ios.member("infoPlist")?.value
        let entitlements = ios.member("entitlements")?.value
        let infoRoot = info.flatMap(Self.plistNode) ?? PlistNode(content: .dictionary([]), range: ios.range)
        guard case .dictionary = infoRoot.content else {
            outcome.append(
                Diagnostic(
                    file: path, rule: .ep004WrongType,
                    message: "\(prefix).infoPlist must be an object, found \(info!.typeName)", range: info!.range,
                    keyPath: "\(prefix).infoPlist"))
            return outcome
        }
        var pairing = EntitlementsPairing.none
        if let entitlements, let entries = Self.plistNode(entitlements)?.dictionaryEntries {
            pairing = .paired(PairedEntitlements(path: path, entries: entries))
        }
        let result = linter.lint(root: infoRoot, path: path, pairing: pairing)
        outcome.append(contentsOf: result.diagnostics)
        outcome.failures = result.failures
        outcome.linted = 1
        return outcome
    }

    /// The plist value Expo's prebuild writes for a JSON value; nil for `null`.
    static func plistNode(_ json: JSONNode) -> PlistNode? {
        let content: PlistNode.Content
        switch json.value {
        case .null: return nil
        case .string(let text): content = .string(text)
        case .bool(let flag): content = .boolean(flag)
        case .number(let text):
            content = text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? .real(text) : .integer(text)
        case .array(let items): content = .array(items.compactMap(plistNode))
        case .object(let members):
            content = .dictionary(
                members.compactMap { member in
                    plistNode(member.value).map { PlistEntry(key: member.key, keyRange: member.keyRange, value: $0) }
                })
        }
        return PlistNode(content: content, range: json.range)
    }
}
