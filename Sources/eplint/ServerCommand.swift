import EplintBase
import LintRun
import ServerSide

/// `eplint token`, `eplint report`, `eplint notification`: the server side of external purchase
/// (EP6xx, EP7xx), run by `ServerRun`; reporting, configuration and baselines are lint's.
struct ServerCommand: Command {
    /// The options shared with lint, with lint's help text.
    private static let sharedOptions = [
        LintOption.format, LintOption.output, LintOption.report, LintOption.srcroot, LintOption.color,
        LintOption.config, LintOption.baseline, LintOption.writeBaseline, LintOption.stdinFilename,
        LintOption.strict, LintOption.verbose, LintOption.errorOnEmpty,
    ]

    static let tokenSpec = CommandSpec.declared(
        name: "token", abstract: "Decode external purchase tokens (Base64URL JSON), print them and check their fields.",
        by: { (options: inout OptionReader) throws(UsageError) in try ServerCommand(&options, kind: .token) })
    static let reportSpec = CommandSpec.declared(
        name: "report", abstract: "Lint ExternalPurchaseReport request bodies (JSON: one body or an array of them).",
        by: { (options: inout OptionReader) throws(UsageError) in try ServerCommand(&options, kind: .report) })
    static let notificationSpec = CommandSpec.declared(
        name: "notification",
        abstract: "Lint App Store Server Notification V2 payloads (decoded, or signedPayload: decoded and verified).",
        by: { (options: inout OptionReader) throws(UsageError) in try ServerCommand(&options, kind: .notification) })

    var run: ServerRunOptions

    init(_ options: inout OptionReader, kind: ServerDocumentKind) throws(UsageError) {
        options.share(Self.sharedOptions, of: LintCommand.spec)
        run = ServerRunOptions(kind: kind, common: try options.read(as: LintCommand.init).options)
        // A notification's externalPurchaseToken is checked as a token, against the same app and environment.
        if kind != .report {
            let tokens = kind == .token ? "tokens" : "externalPurchaseToken members"
            run.bundleID = options.value(
                "bundle-id", "ID", help: "The app's bundle ID; \(tokens) for another app are reported (EP608).")
            if let number = options.value(
                "app-apple-id", "ID",
                help: "The app's Apple ID; production \(kind.rawValue)s for another app are reported (EP610).")
            {
                guard let known = Int64(number), known > 0 else {
                    throw UsageError(
                        "--app-apple-id takes the app's Apple ID, a positive integer, got \(number.quotedForMessage)")
                }
                run.appAppleID = known
            }
            let environment = options.value(
                "environment", "ENV",
                help: kind == .token
                    ? "production or sandbox; \(tokens) from the other are reported (EP609)."
                    : "production, sandbox, xcode or local-testing: where payloads are expected from. Signatures are verified unless it is xcode or local-testing (EP715); a payload of another environment is reported (EP743) and verified; \(tokens) from the other of production and sandbox too (EP609)."
            )
            if let environment {
                guard let known = ServerOptions.Environment(rawValue: environment) else {
                    let names = ServerOptions.Environment.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("--environment takes one of \(names), got \(environment.quotedForMessage)")
                }
                run.environment = known
            }
        }
        switch kind {
        case .token:
            run.inputs = options.positionals(
                "TOKEN", help: "Tokens; '-' (or none) reads one per line from standard input.")
        case .report, .notification:
            if kind == .notification {
                run.rootCertificates = options.values(
                    "root-certificate", "FILE",
                    help:
                        "A root certificate (DER or PEM) signed payloads may chain to besides Apple Root CA - G3 (repeatable)."
                )
            }
            if kind == .report {
                run.tokens = options.values(
                    "token", "TOKEN",
                    help: "A token the reports are about, for DUPLICATE_TOKEN and line-item dates (repeatable)."
                )
                run.tokenFiles = options.values(
                    "tokens", "FILE",
                    help:
                        "A file of tokens, one per line or JSON (strings or decoded objects), as --token (repeatable)."
                )
                run.history = options.values(
                    "history", "PATH",
                    help:
                        "Reports Apple accepted: a JSON file (body, array or JSON Lines) or a folder of .json/.jsonl files read by name (repeatable, in order)."
                )
            }
            run.include = options.values(
                "include", "GLOB",
                help: "Which JSON files a directory walk picks up, e.g. '**/*.json' (repeatable; else config include)."
            ).map(Glob.init)
            run.inputs = options.positionals("FILE", help: "JSON files or directories; '-' reads standard input.")
        }
    }

    func execute() -> ExitStatus {
        InterruptCleanup.install()
        var options = run
        options.common.showsSourceLines = ReportWriter.showsSourceLines(options.common)
        let outcome: ServerRun.Outcome
        do throws(RunFailure) { outcome = try ServerRun(options).run(host: ProcessHost()) } catch {
            writeStandardError("error: eplint: \(error.message)\n")
            return .failure
        }
        if let decoded = outcome.decodedText {
            do throws(RunFailure) { try writeStandardOutput(decoded, "the decoded tokens") } catch {
                writeStandardError("error: eplint: \(error.message)\n")
                return .failure
            }
        }
        return ReportWriter.write(outcome.run, options: options.common)
    }
}
