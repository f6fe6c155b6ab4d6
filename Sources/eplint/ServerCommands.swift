import Configuration
import EplintBase
import LintEngine
import PlistSyntax
import Reporters
import ServerSide

/// `eplint token`, `eplint report`, `eplint notification`: the server side of external purchase
/// (EP6xx, EP7xx). Reporting, configuration and baselines are lint's (`LintCommand.finish`).
struct ServerCommand {
    /// The options shared with lint, with lint's help text.
    private static let sharedOptions = [
        "format", "output", "report", "srcroot", "color", "config", "baseline", "write-baseline",
        "stdin-filename", "strict", "verbose", "error-on-empty",
    ]

    static let tokenSpec = CommandSpec.declared(
        name: "token", abstract: "Decode external purchase tokens (Base64URL JSON), print them and check their fields.",
        by: { (options: inout OptionReader) throws(UsageError) in try ServerCommand(&options, kind: .token) })
    static let reportSpec = CommandSpec.declared(
        name: "report", abstract: "Lint ExternalPurchaseReport request bodies (JSON: one body or an array of them).",
        by: { (options: inout OptionReader) throws(UsageError) in try ServerCommand(&options, kind: .report) })
    static let notificationSpec = CommandSpec.declared(
        name: "notification",
        abstract: "Lint App Store Server Notification V2 payloads (decoded, or signedPayload: decoded, not verified).",
        by: { (options: inout OptionReader) throws(UsageError) in try ServerCommand(&options, kind: .notification) })

    var kind: ServerDocumentKind
    /// Output, configuration and baselines, as lint reads them (`LintCommand.finish` reports).
    var common: LintCommand
    var bundleID: String?
    var appAppleID: Int64?
    var environment: ServerOptions.Environment?
    var tokens: [String] = []
    var include: [Glob] = []
    var inputs: [String]

    init(_ options: inout OptionReader, kind: ServerDocumentKind) throws(UsageError) {
        self.kind = kind
        options.share(Self.sharedOptions, of: LintCommand.spec)
        common = try options.read(as: LintCommand.init)
        // A notification's externalPurchaseToken is checked as a token, against the same app and environment.
        if kind != .report {
            let tokens = kind == .token ? "tokens" : "externalPurchaseToken members"
            bundleID = options.value(
                "bundle-id", "ID", help: "The app's bundle ID; \(tokens) for another app are reported (EP608).")
            if let number = options.value(
                "app-apple-id", "ID",
                help: "The app's Apple ID; production \(kind.rawValue)s for another app are reported (EP610).")
            {
                guard let known = Int64(number), known > 0 else {
                    throw UsageError(
                        "--app-apple-id takes the app's Apple ID, a positive integer, got \(number.quotedForMessage)")
                }
                appAppleID = known
            }
            let environment = options.value(
                "environment", "ENV", help: "production or sandbox; \(tokens) from the other are reported (EP609).")
            if let environment {
                guard let known = ServerOptions.Environment(rawValue: environment) else {
                    throw UsageError(
                        "--environment takes one of production, sandbox, got \(environment.quotedForMessage)")
                }
                self.environment = known
            }
        }
        switch kind {
        case .token:
            inputs = options.positionals("TOKEN", help: "Tokens; '-' (or none) reads one per line from standard input.")
        case .report, .notification:
            if kind == .report {
                tokens = options.values(
                    "token", "TOKEN",
                    help: "A token the reports are about, for DUPLICATE_TOKEN and line-item dates (repeatable)."
                )
            }
            include = options.values(
                "include", "GLOB",
                help: "Which JSON files a directory walk picks up, e.g. '**/*.json' (repeatable; else config include)."
            ).map(Glob.init)
            inputs = options.positionals("FILE", help: "JSON files or directories; '-' reads standard input.")
        }
    }

    func execute() -> ExitStatus {
        InterruptCleanup.install()
        let project: ConfigurationFile?
        let acceptedFindings: Baseline?
        var options = ServerOptions(bundleID: bundleID, appAppleID: appAppleID, environment: environment)
        do throws(RunFailure) {
            project = try ProjectConfiguration.load(explicit: common.config, verbose: common.verbose)
            acceptedFindings = try common.baseline.map { path throws(RunFailure) in
                try ProjectConfiguration.loadBaseline(path)
            }
            if options.bundleID == nil { options.bundleID = project?.bundleID }
            if options.appAppleID == nil { options.appAppleID = project?.appAppleID }
            // Line items dated in the future (EP723): EPLINT_NOW as for expired profiles, else the clock.
            let now = BuiltAppLint.now()
            guard let seconds = AbsoluteDate.unixSeconds(now) else {
                throw RunFailure(
                    message: "EPLINT_NOW \(now.quotedForMessage) is not a date such as 2026-01-01T00:00:00Z")
            }
            options.now = seconds * 1000
            if options.environment == nil {
                options.environment = project?.environment.flatMap(ServerOptions.Environment.init)
            }
            for (index, text) in tokens.enumerated() {
                switch ServerLinter.decodeToken(Substring(text)) {
                case .success(let token): options.tokens.append(token)
                case .failure(let failure): throw RunFailure(message: "--token \(index + 1): \(failure.message)")
                }
            }
        } catch {
            writeStandardError("error: eplint: \(error.message)\n")
            return .failure
        }
        let linter = ServerLinter(options: options)
        return kind == .token
            ? lintTokens(linter, project: project, acceptedFindings: acceptedFindings)
            : lintFiles(linter, project: project, acceptedFindings: acceptedFindings)
    }

    /// Tokens as arguments (`<argument N>`, line 1) or one per line of standard input.
    private func lintTokens(_ linter: ServerLinter, project: ConfigurationFile?, acceptedFindings: Baseline?)
        -> ExitStatus
    {
        var sources: [(file: String, text: Substring, range: SourceRange)] = []
        var standardInput: (path: String, bytes: [UInt8])?
        for (index, argument) in (inputs.isEmpty ? ["-"] : inputs).enumerated() {
            guard argument == "-" else {
                sources.append(
                    (
                        "<argument \(index + 1)>", Substring(argument),
                        ServerLinter.range(of: Substring(argument), line: 1, column: 1, offset: 0)
                    ))
                continue
            }
            let name = common.stdinFilename ?? "<stdin>"
            let bytes = standardInput?.bytes ?? readStandardInput()
            standardInput = (name, bytes)
            sources += ServerLinter.tokenLines(String(decoding: bytes, as: UTF8.self)).map { (name, $0.text, $0.range) }
        }
        var diagnostics: [Diagnostic] = []
        var decoded: [JSONValue] = []
        var text = ""
        for source in sources {
            let result = linter.lintToken(source.text, file: source.file, range: source.range)
            diagnostics += result.diagnostics
            guard let token = result.token else { continue }
            text +=
                "\(source.file):\(source.range.start.line): decoded token\n"
                + token.summaryLines.map { "  " + $0 + "\n" }.joined()
            decoded.append(
                .object([
                    ("file", .string(source.file)), ("line", .integer(source.range.start.line)),
                    ("environment", .string(token.environment.rawValue)), ("payload", Self.jsonValue(token.payload)),
                ]))
        }
        if common.format == .gcc && common.output == nil {
            do throws(RunFailure) { try writeStandardOutput(text, "the decoded tokens") } catch {
                writeStandardError("error: eplint: \(error.message)\n")
                return .failure
            }
        }
        return common.finish(
            diagnostics, linted: sources.count, failures: [], project: project, acceptedFindings: acceptedFindings,
            excerptText: { $0 == standardInput?.path ? standardInput?.bytes : nil },
            extraJSON: [("tokens", .array(decoded))])
    }

    private func lintFiles(_ linter: ServerLinter, project: ConfigurationFile?, acceptedFindings: Baseline?)
        -> ExitStatus
    {
        var collector = InputCollector()
        collector.suffixes = [".json"]
        for path in inputs { collector.add(path, standardInputName: common.stdinFilename) }
        collector.files.removeAll { file in
            guard !file.isStandardInput else { return false }
            // A walk picks up JSON only when asked: --include, else the configuration's include.
            let path = PathArithmetic.relative(absolute(file.path), to: currentDirectory())
            let asked = !include.isEmpty ? include.contains { $0.matches(path) } : !(project?.include.isEmpty ?? true)
            guard !file.foundByWalk || asked, project?.admits(absolute(file.path)) ?? true else {
                if common.verbose {
                    writeStandardError(
                        "eplint: skipped \(file.path) (\(file.foundByWalk ? "not asked for with --include or include:" : "excluded"))\n"
                    )
                }
                return true
            }
            return false
        }
        var failures = collector.failures
        var diagnostics: [Diagnostic] = []
        var standardInput: (path: String, bytes: [UInt8])?
        // The text of each file with findings, for excerpts (never read twice).
        var texts: [String: [UInt8]] = [:]
        for file in collector.files {
            let bytes: [UInt8]
            if file.isStandardInput {
                bytes = standardInput?.bytes ?? readStandardInput()
                standardInput = (file.path, bytes)
            } else {
                switch RegularFile.contents(file.path) {
                case .success(let read): bytes = read
                case .failure(let failure):
                    failures.append("cannot read \(file.path.quotedForMessage): \(failure.reason)")
                    continue
                }
            }
            let found = linter.lintDocument(bytes, file: file.path, kind: kind).sorted(by: Diagnostic.inReportOrder)
            if !found.isEmpty && common.wantsExcerpts { texts[file.path] = bytes }
            diagnostics += found
        }
        return common.finish(
            diagnostics, linted: collector.files.count, failures: failures, project: project,
            acceptedFindings: acceptedFindings, excerptText: { texts[$0] }, named: inputs)
    }

    private func readStandardInput() -> [UInt8] {
        var source = FileDescriptorSource(descriptor: 0)
        return (try? RegularFile.readAll(&source).get()) ?? []
    }

    /// The decoded payload for `--format json` (numbers beyond 64 bits or with fractions stay text).
    private static func jsonValue(_ node: JSONNode) -> JSONValue {
        switch node.value {
        case .object(let members): .object(members.map { ($0.key, jsonValue($0.value)) })
        case .array(let items): .array(items.map(jsonValue))
        case .string(let text): .string(text)
        case .number(let text): node.integer.flatMap { Int(exactly: $0) }.map(JSONValue.integer) ?? .string(text)
        case .bool(let flag): .bool(flag)
        case .null: .null
        }
    }
}
