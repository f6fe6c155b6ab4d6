import Configuration
import EplintBase
import LintEngine
import ServerSide

/// What `eplint token`, `eplint report` and `eplint notification` are asked to do.
package struct ServerRunOptions: Sendable {
    package var kind: ServerDocumentKind
    /// Output, configuration and baselines, as lint reads them.
    package var common: LintOptions
    package var bundleID: String?
    package var appAppleID: Int64?
    package var environment: ServerOptions.Environment?
    package var tokens: [String] = []
    /// Files of tokens (`--tokens`): one a line, or JSON.
    package var tokenFiles: [String] = []
    /// The reports Apple already accepted (`--history`): files or folders, in this order.
    package var history: [String] = []
    /// Root certificate files (`--root-certificate`), DER or PEM, trusted besides Apple Root CA - G3.
    package var rootCertificates: [String] = []
    package var include: [Glob] = []
    package var inputs: [String] = []

    package init(kind: ServerDocumentKind, common: LintOptions) {
        self.kind = kind
        self.common = common
    }
}

/// The server side of external purchase (EP6xx, EP7xx): tokens, report bodies and
/// notifications linted, through lint's findings policy (`FindingsPolicy.finish`).
package struct ServerRun {
    /// What the run found, and for tokens what they decode to.
    package struct Outcome {
        package var run: RunOutcome
        /// `eplint token`'s decoded tokens, for standard output beside a gcc report.
        package var decodedText: String?
    }

    let options: ServerRunOptions
    var common: LintOptions { options.common }
    var kind: ServerDocumentKind { options.kind }
    var inputs: [String] { options.inputs }
    var include: [Glob] { options.include }

    package init(_ options: ServerRunOptions) { self.options = options }

    package func run(host: some RunHost) throws(RunFailure) -> Outcome {
        var options = ServerOptions(
            bundleID: self.options.bundleID, appAppleID: self.options.appAppleID,
            environment: self.options.environment)
        let project = try ProjectConfiguration.load(explicit: common.config, verbose: common.plan.verbose, host: host)
        let policy = try FindingsPolicy(project: project, baselinePath: common.baseline, fileSystem: host.fileSystem)
        do {
            if options.bundleID == nil { options.bundleID = project?.bundleID }
            if options.appAppleID == nil { options.appAppleID = project?.appAppleID }
            // Line items dated in the future (EP723): EPLINT_NOW as for expired profiles, else the clock.
            let now = host.now
            guard let seconds = AbsoluteDate.unixSeconds(now) else {
                throw RunFailure(
                    message: "EPLINT_NOW \(now.quotedForMessage) is not a date such as 2026-01-01T00:00:00Z")
            }
            options.now = seconds * 1000
            // What weakens verification (skipping it, more trusted roots) comes from the command
            // line or a configuration named with --config: a `.eplint.yml` found in the checkout
            // is written by whoever opened the pull request.
            let trusted = common.config != nil
            if options.environment == nil,
                let environment = project?.environment.flatMap(ServerOptions.Environment.init)
            {
                if environment.signsWithXcode && !trusted {
                    host.note(
                        "eplint: environment: \(environment.rawValue) in \(project?.path ?? "") is ignored: skipping signature verification is asked only with --environment or a configuration named with --config\n"
                    )
                } else {
                    options.environment = environment
                }
            }
            if let project, !project.rootCertificates.isEmpty, !trusted {
                host.note(
                    "eplint: root-certificates: in \(project.path) is ignored: roots are trusted only from --root-certificate or a configuration named with --config\n"
                )
            }
            // The option's files as given (relative to here), then the configuration's (relative to it).
            let roots =
                self.options.rootCertificates.map { ($0, "--root-certificate") }
                + (project.map { project in
                    trusted ? project.rootCertificates.map { (project.resolve($0), "root-certificates:") } : []
                }
                    ?? [])
            // The configuration's files go through the run's lock (docs/untrusted-input.md).
            let reads = self.options.common.planner(host).reads
            if let project { reads.admit(project.directory) }
            for (path, source) in roots {
                // The configuration's, made absolute: named relative to here (a Mac's long
                // /private/var/folders/… path was cut in the message before its file's name).
                let named = (source == "root-certificates:" ? host.fileSystem.shown(path) : path).quotedForMessage
                let bytes: [UInt8]
                switch source == "--root-certificate"
                    ? host.fileSystem.contents(of: path, limit: .max) : reads.contents(path)
                {
                case .success(let read): bytes = read
                case .failure(let failure):
                    throw RunFailure(message: "\(source) \(named): cannot read it: \(failure.reason)")
                }
                switch RootCertificateFile.roots(bytes, name: path) {
                case .success(let read): options.rootCertificates += read
                case .failure(let problem): throw RunFailure(message: "\(source) \(named) \(problem)")
                }
            }
            for (index, text) in self.options.tokens.enumerated() {
                switch ServerLinter.decodeToken(Substring(text)) {
                case .success(let token): options.tokens.append(token)
                case .failure(let failure): throw RunFailure(message: "--token \(index + 1): \(failure.message)")
                }
            }
            for path in self.options.tokenFiles {
                let bytes: [UInt8]
                switch host.fileSystem.contents(of: path, limit: ReportHistory.Limits().fileBytes) {
                case .success(let read): bytes = read
                case .failure(let failure):
                    throw RunFailure(message: "--tokens \(path.quotedForMessage): cannot read it: \(failure.reason)")
                }
                switch TokenFile.tokens(bytes) {
                case .success(let read): options.tokens += read
                case .failure(let failure):
                    throw RunFailure(message: "--tokens \(path.quotedForMessage):\(failure.line): \(failure.message)")
                }
            }
        }
        // The history: the option's paths as given (relative to here), then the configuration's (relative to it).
        let historyPaths =
            self.options.history.map { ($0, "--history") }
            + (project.map { project in project.reportHistory.map { (project.resolve($0), "report-history:") } } ?? [])
        var history: ReportHistory?
        var historyFindings: [Diagnostic] = []
        if kind == .report, !historyPaths.isEmpty {
            let read = ReportHistory()
            // The configuration's paths go through the run's lock, its folder a root.
            let lock = self.options.common.planner(host).reads
            if let project { lock.admit(project.directory) }
            historyFindings = try ReportHistoryFiles.read(
                historyPaths, into: read, fileSystem: host.fileSystem, lock: lock)
            history = read
        }
        let linter = ServerLinter(options: options, history: history)
        return kind == .token
            ? lintTokens(linter, project: project, policy: policy, host: host)
            : lintFiles(linter, project: project, policy: policy, host: host, historyFindings: historyFindings)
    }

    /// Tokens as arguments (`<argument N>`, line 1) or one per line of standard input.
    private func lintTokens(
        _ linter: ServerLinter, project: ConfigurationFile?, policy: FindingsPolicy, host: some RunHost
    ) -> Outcome {
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
            let name = common.plan.standardInputName ?? "<stdin>"
            let bytes = standardInput?.bytes ?? host.readStandardInput()
            standardInput = (name, bytes)
            sources += ServerLinter.tokenLines(String(decoding: bytes, as: UTF8.self)).map { (name, $0.text, $0.range) }
        }
        var found = FoundFindings(fileSystem: host.fileSystem)
        var decoded: [JSONValue] = []
        var text = ""
        for source in sources {
            let result = linter.lintToken(source.text, file: source.file, range: source.range)
            found.append(contentsOf: result.diagnostics)
            if found.lintedFiles.last != source.file { found.lintedFiles.append(source.file) }
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
        found.linted = sources.count
        var run = policy.finish(
            found, options: common, named: common.plan.paths, host: host,
            excerptText: { $0 == standardInput?.path ? standardInput?.bytes : nil })
        run.report.extraJSON = [("tokens", .array(decoded))]
        return Outcome(run: run, decodedText: common.writesTerminalReport ? text : nil)
    }

    private func lintFiles(
        _ linter: ServerLinter, project: ConfigurationFile?, policy: FindingsPolicy, host: some RunHost,
        historyFindings: [Diagnostic]
    ) -> Outcome {
        let fileSystem = host.fileSystem
        var collector = InputCollector(fileSystem: fileSystem)
        collector.suffixes = [".json"]
        for path in inputs { collector.add(path, standardInputName: common.plan.standardInputName) }
        collector.files.removeAll { file in
            guard !file.isStandardInput else { return false }
            // A walk picks up JSON only when asked: --include, else the configuration's include.
            let path = PathArithmetic.relative(fileSystem.canonical(file.path), to: fileSystem.workingDirectory)
            let asked = !include.isEmpty ? include.contains { $0.matches(path) } : !(project?.include.isEmpty ?? true)
            guard !file.foundByWalk || asked, project?.admits(fileSystem.canonical(file.path)) ?? true else {
                if common.plan.verbose {
                    host.note(
                        "eplint: skipped \(file.path) (\(file.foundByWalk ? "not asked for with --include or include:" : "excluded"))\n"
                    )
                }
                return true
            }
            return false
        }
        var findings = FoundFindings(fileSystem: fileSystem)
        findings.failures = collector.failures
        findings.append(contentsOf: historyFindings)
        var standardInput: (path: String, bytes: [UInt8])?
        // The text of each file with findings, for excerpts (never read twice).
        var texts: [String: [UInt8]] = [:]
        for file in collector.files {
            let bytes: [UInt8]
            if file.isStandardInput {
                bytes = standardInput?.bytes ?? host.readStandardInput()
                standardInput = (file.path, bytes)
            } else {
                switch fileSystem.contents(of: file.path, limit: .max) {
                case .success(let read): bytes = read
                case .failure(let failure):
                    findings.failures.append("cannot read \(file.path.quotedForMessage): \(failure.reason)")
                    continue
                }
            }
            let diagnostics = linter.lintDocument(bytes, file: file.path, kind: kind).sorted(
                by: Diagnostic.inReportOrder)
            findings.lintedFiles.append(file.path)
            if !diagnostics.isEmpty && common.wantsExcerpts { texts[file.path] = bytes }
            findings.append(contentsOf: diagnostics)
        }
        findings.linted = collector.files.count
        return Outcome(
            run: policy.finish(findings, options: common, named: inputs, host: host, excerptText: { texts[$0] }))
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
