import Foundation
import LintEngine
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One finding as the CI formats show it, in report order.
private struct Finding: Equatable, CustomStringConvertible {
    var file: String, line: Int, column: Int, rule: String, severity: String
    var description: String { "\(file):\(line):\(column) \(rule) \(severity)" }
}

/// `junit`, `checkstyle` and `gitlab` report the same findings in the same order as gcc and
/// exit as gcc does, on the Examples and on every rule page's failing examples; each is read
/// back as its consumers read it (JUnit against Jenkins' schema and with junitparser).
@Suite struct CIReportFormatTests {
    /// Every rule page's failing plist examples, each in its own folder (with its entitlements).
    static func rulePageExamples() throws -> URL {
        let root = try Eplint.temporaryDirectory()
        var written = 0
        for rule in RuleCatalog.all {
            let page = RulePage(rule)
            for suffix in page.failingSuffixes {
                guard let failing = page.block("xml failing\(suffix)") else { continue }
                let folder = root.appendingPathComponent(
                    rule.id.rawValue + suffix.replacingOccurrences(of: " ", with: "-"))
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try failing.write(to: folder.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
                if let entitlements = page.block("xml entitlements\(suffix)") {
                    try entitlements.write(
                        to: folder.appendingPathComponent("App.entitlements"), atomically: true, encoding: .utf8)
                }
                written += 1
            }
        }
        #expect(written >= 40, "rule pages' failing examples: \(written)")
        return root
    }

    /// Inputs, each as (arguments, working directory).
    static func inputs() throws -> [([String], URL)] {
        [
            (["Examples/BrokenApp", "Examples/CorrectApp"], Eplint.packageRoot),
            (["everything-at-once.plist"], GoldenTests.directory),
            (["."], try rulePageExamples()),
        ]
    }

    private static func gccFindings(_ output: String) -> [Finding] {
        output.split(separator: "\n").compactMap { line -> Finding? in
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            let parts = line.split(separator: ":", maxSplits: 4)
            return Finding(
                file: String(parts[0]), line: Int(parts[1])!, column: Int(parts[2])!,
                rule: String(line[line.index(after: open)..<line.index(before: line.endIndex)]),
                severity: parts[3].trimmingCharacters(in: .whitespaces))
        }
    }

    /// The CI formats name files relative to the root (the working directory here), without `./`.
    private static func rootRelative(_ findings: [Finding]) -> [Finding] {
        findings.map { finding in
            var relative = finding
            if relative.file.hasPrefix("./") { relative.file.removeFirst(2) }
            return relative
        }
    }

    @Test func everyCIFormatReportsGCCsFindingsInOrder() throws {
        for (arguments, directory) in try Self.inputs() {
            let gcc = try Eplint.run(["--format", "gcc"] + arguments, in: directory)
            let expected = Self.rootRelative(Self.gccFindings(gcc.standardOutput))
            #expect(!expected.isEmpty, "\(arguments)")

            let junit = try Eplint.run(["--format", "junit"] + arguments, in: directory)
            let junitRead = try JUnitRead(junit.standardOutput)
            #expect(junitRead.findings == expected, "junit \(arguments)")
            #expect(junitRead.failing == expected.filter { $0.severity == "error" }, "junit \(arguments)")
            let checkstyle = try Eplint.run(["--format", "checkstyle"] + arguments, in: directory)
            #expect(try CheckstyleRead(checkstyle.standardOutput).findings == expected, "checkstyle \(arguments)")
            let gitlab = try Eplint.run(["--format", "gitlab"] + arguments, in: directory)
            #expect(try Self.gitlabFindings(gitlab.standardOutput) == expected, "gitlab \(arguments)")

            let markdown = try Eplint.run(["--format", "markdown"] + arguments, in: directory)
            #expect(Self.markdownFindings(markdown.standardOutput) == expected, "markdown \(arguments)")

            for run in [junit, checkstyle, gitlab, markdown] {
                #expect(run.status == gcc.status && run.standardError == gcc.standardError, "\(arguments)")
            }
        }
    }

    /// The markdown summary's rows under each `### FILE` heading (the rule table above them
    /// counts by rule).
    private static func markdownFindings(_ output: String) -> [Finding] {
        var file = ""
        var findings: [Finding] = []
        for line in output.split(separator: "\n") {
            if line.hasPrefix("### ") {
                file = String(line.dropFirst(4)).trimmingCharacters(in: CharacterSet(charactersIn: "` "))
                continue
            }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !file.isEmpty, cells.count >= 4, let colon = cells[0].firstIndex(of: ":"),
                let row = Int(cells[0][..<colon]), let column = Int(cells[0][cells[0].index(after: colon)...])
            else { continue }
            findings.append(Finding(file: file, line: row, column: column, rule: cells[2], severity: cells[1]))
        }
        return findings
    }

    /// GitLab's fields, its severities, and fingerprints unique in the report (the same
    /// finding in two files, or twice in one, still gets its own).
    private static func gitlabFindings(_ output: String) throws -> [Finding] {
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        #expect(fingerprints.count == issues.count && Set(fingerprints).count == fingerprints.count)
        let severities = ["major": "error", "minor": "warning", "info": "note"]
        return try issues.map { issue in
            #expect(!(issue["description"] as? String ?? "").isEmpty)
            let location = try #require(issue["location"] as? [String: Any])
            let begin = try #require((location["positions"] as? [String: Any])?["begin"] as? [String: Int])
            return Finding(
                file: try #require(location["path"] as? String), line: try #require(begin["line"]),
                column: try #require(begin["column"]), rule: try #require(issue["check_name"] as? String),
                severity: try #require(severities[issue["severity"] as? String ?? ""]))
        }
    }

    @Test func gitlabFingerprintsAreUniqueAcrossFilesAndSurviveALineShift() throws {
        let directory = try Eplint.temporaryDirectory()
        let original = try String(
            contentsOf: GoldenTests.directory.appendingPathComponent("everything-at-once.plist"), encoding: .utf8)
        for name in ["A", "B"] {
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try original.write(to: directory.appendingPathComponent("A/Info.plist"), atomically: true, encoding: .utf8)
        try original.replacingOccurrences(of: "<plist version=\"1.0\">", with: "\n\n<plist version=\"1.0\">")
            .write(to: directory.appendingPathComponent("B/Info.plist"), atomically: true, encoding: .utf8)
        let run = try Eplint.run(["--format", "gitlab", "A", "B"], in: directory)
        let issues = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        func fingerprints(_ file: String) -> [String] {
            issues.filter { ($0["location"] as? [String: Any])?["path"] as? String == file }.map {
                $0["fingerprint"] as! String
            }
        }
        let a = fingerprints("A/Info.plist")
        let b = fingerprints("B/Info.plist")
        #expect(a.count == 16 && b.count == 16)
        #expect(Set(a + b).count == 32)
        // Moved lines keep a finding's fingerprint within its file: B's are A's with B's path.
        let shifted = try Eplint.run(["--format", "gitlab", "Info.plist"], in: directory.appendingPathComponent("B"))
        let plain = try Eplint.run(["--format", "gitlab", "Info.plist"], in: directory.appendingPathComponent("A"))
        func all(_ output: String) throws -> [String] {
            try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]).map {
                $0["fingerprint"] as! String
            }
        }
        #expect(try all(shifted.standardOutput) == all(plain.standardOutput))
    }

    /// Jenkins' xunit schema, then junitparser reading the failures back as CI systems do.
    @Test(.requires(.junitPython)) func junitValidatesAndReadsBack() throws {
        let python = try RequiredTool.junitPython.require()
        let schema = Eplint.packageRoot.appendingPathComponent("Tests/EndToEndTests/Schemas/junit-10.xsd")
        let script = """
            import sys, xmlschema
            from junitparser import JUnitXml, Failure
            xmlschema.XMLSchema(sys.argv[1]).validate(sys.argv[2])
            for suite in JUnitXml.fromfile(sys.argv[2]):
                for case in suite:
                    for result in case.result:
                        if isinstance(result, Failure):
                            print(case.classname + "\\t" + case.name + "\\t" + result.type)
            """
        let scratch = try Eplint.temporaryDirectory()
        for (arguments, directory) in try Self.inputs() {
            let report = scratch.appendingPathComponent("junit.xml")
            let run = try Eplint.run(["--format", "junit", "--output", report.path] + arguments, in: directory)
            let gcc = Self.rootRelative(Self.gccFindings(try Eplint.run(arguments, in: directory).standardOutput))
            #expect(run.status == (gcc.contains { $0.severity == "error" } ? 1 : 0))
            let read = try ChildProcess.run(
                python, ["-c", script, schema.path, report.path], output: .captured, error: .captured)
            let text = String(decoding: read.standardOutput, as: UTF8.self)
            #expect(read.status == 0, "\(String(decoding: read.standardError, as: UTF8.self))")
            let findings = text.split(separator: "\n").map { line -> Finding in
                let fields = line.split(separator: "\t").map(String.init)
                return JUnitRead.finding(file: fields[0], name: fields[1], type: fields[2])
            }
            // junitparser sees a failure for each error; a warning's or a note's case passes.
            #expect(findings == gcc.filter { $0.severity == "error" }, "\(arguments)")
        }
        // The schema rejects what it should: a suite without its counts.
        try "<testsuites><testsuite name=\"x\"/></testsuites>".write(
            to: scratch.appendingPathComponent("bad.xml"), atomically: true, encoding: .utf8)
        let rejected = try ChildProcess.run(
            python, ["-c", script, schema.path, scratch.appendingPathComponent("bad.xml").path], output: .captured,
            error: .captured)
        #expect(rejected.status != 0)
    }

    /// Characters XML cannot hold raw, in a message and a path, survive the round trip.
    @Test func xmlFormatsEscapeWhatTheyQuote() throws {
        let directory = try Eplint.temporaryDirectory()
        let folder = directory.appendingPathComponent("a&b <c>")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>SKExternalPurchase</key>
        \t<array><string>"F&amp;R"</string></array>
        </dict>
        </plist>

        """.write(to: folder.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let gcc = Self.gccFindings(try Eplint.run(["a&b <c>/Info.plist"], in: directory).standardOutput)
        #expect(!gcc.isEmpty)
        let junit = try JUnitRead(
            try Eplint.run(["--format", "junit", "a&b <c>/Info.plist"], in: directory).standardOutput)
        #expect(junit.findings == gcc)
        #expect(junit.messages.contains { $0.contains("\"F&R\"") }, "\(junit.messages)")
        let checkstyle = try CheckstyleRead(
            try Eplint.run(["--format", "checkstyle", "a&b <c>/Info.plist"], in: directory).standardOutput)
        #expect(checkstyle.findings == gcc)
    }

    /// Each Info.plist's regions with their links and whether the paired entitlements grant the
    /// key's entitlement (the facts EP401 reports on), also when nothing is found.
    @Test func markdownTablesTheDeclaredRegions() throws {
        let correct = try Eplint.run(["--format", "markdown", "Examples/CorrectApp"]).standardOutput
        #expect(
            correct.contains(
                "### Regions in ` Examples/CorrectApp/Info.plist `\n\nEntitlements: ` Examples/CorrectApp/CorrectApp.entitlements `\n"
            ))
        #expect(
            correct.contains(
                "| SKExternalPurchaseMultiLink | ` it ` | [https://shop.example.com/it/app](<https://shop.example.com/it/app>) | com.apple.developer.storekit.external-purchase-link: granted |\n"
            ), "\(correct)")
        let broken = try Eplint.run(["--format", "markdown", "Examples/BrokenApp"]).standardOutput
        #expect(
            broken.contains(
                "| SKExternalPurchase | ` eu ` |  | com.apple.developer.storekit.external-purchase: **not granted** |\n"
            ),
            "\(broken)")
        let directory = try Eplint.temporaryDirectory()
        try FileManager.default.copyItem(
            at: Eplint.packageRoot.appendingPathComponent("Examples/CorrectApp/Info.plist"),
            to: directory.appendingPathComponent("Info.plist"))
        let alone = try Eplint.run(["--format", "markdown", "Info.plist"], in: directory).standardOutput
        #expect(alone.contains("No entitlements file paired.\n\n| Key | Region | Links | Entitlement |\n"), "\(alone)")
        #expect(
            alone.contains(
                "| SKExternalPurchase | ` nl ` |  | com.apple.developer.storekit.external-purchase: not checked |\n"),
            "\(alone)")
    }

    /// A warning does not fail the job, so it fails no test case: a passing case with its gcc
    /// line in `system-out`; with `--strict`, which makes it fail the job, a failing one.
    @Test func junitFailsACaseOnlyForWhatFailsTheRun() throws {
        let directory = try Eplint.temporaryDirectory()
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <key>SKExternalPurchaseLinkStreamingRegion</key>
          <array/>
        </dict>
        </plist>

        """.write(to: directory.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let line =
            "Info.plist:4:3: warning: 'SKExternalPurchaseLinkStreamingRegion' is not a StoreKit key and the OS ignores it;"
            + " did you mean 'SKExternalPurchaseLinkStreamingRegions'? [EP005]\n"
        func report(failures: Int, body: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="eplint" tests="1" failures="\(failures)" errors="0">
              <testsuite name="Info.plist" tests="1" failures="\(failures)" errors="0" skipped="0">
                <testcase classname="Info.plist" name="EP005 unknown-storekit-key at 4:3">
                  \(body)
                </testcase>
              </testsuite>
            </testsuites>

            """
        }
        let plain = try Eplint.run(["--format", "junit", "Info.plist"], in: directory)
        #expect(plain.status == 0)
        #expect(plain.standardOutput == report(failures: 0, body: "<system-out>\(line)</system-out>"))
        let strict = try Eplint.run(["--strict", "--format", "junit", "Info.plist"], in: directory)
        #expect(strict.status == 1)
        let message =
            "'SKExternalPurchaseLinkStreamingRegion' is not a StoreKit key and the OS ignores it; did you mean 'SKExternalPurchaseLinkStreamingRegions'?"
        #expect(
            strict.standardOutput
                == report(failures: 1, body: "<failure type=\"warning\" message=\"\(message)\">\(line)</failure>"))
    }

    /// A clean file is a passing test case in JUnit and an empty `<file>` in Checkstyle.
    @Test func cleanFilesAreListed() throws {
        let junit = try JUnitRead(try Eplint.run(["--format", "junit", "Examples/CorrectApp"]).standardOutput)
        #expect(junit.findings.isEmpty && junit.passing.count == 2, "\(junit.passing)")
        #expect(junit.passing.contains("Examples/CorrectApp/Info.plist"), "\(junit.passing)")
        let checkstyle = try CheckstyleRead(
            try Eplint.run(["--format", "checkstyle", "Examples/CorrectApp"]).standardOutput)
        #expect(checkstyle.findings.isEmpty && checkstyle.files.count == junit.passing.count)
    }
}

/// `--format junit` parsed: a case per finding, named `RULE NAME at LINE:COLUMN`, failing
/// (`<failure type>`) or passing with its gcc line in `<system-out>`.
private final class JUnitRead: NSObject, XMLParserDelegate {
    /// Every finding's case, failing or not, in order.
    var findings: [Finding] = []
    /// The failing ones.
    var failing: [Finding] = []
    var messages: [String] = []
    var passing: [String] = []
    private var testCase: (classname: String, name: String)?
    private var failed = false
    private var output: String?

    init(_ text: String) throws {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    }

    static func finding(file: String, name: String, type: String) -> Finding {
        let words = name.split(separator: " ")
        let position = words.last?.split(separator: ":").compactMap { Int($0) } ?? []
        return Finding(
            file: file, line: position.first ?? 0, column: position.last ?? 0, rule: String(words.first ?? ""),
            severity: type)
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch element {
        case "testcase":
            testCase = (attributes["classname"] ?? "", attributes["name"] ?? "")
            failed = false
        case "failure":
            guard let testCase else { return }
            failed = true
            let finding = Self.finding(file: testCase.classname, name: testCase.name, type: attributes["type"] ?? "")
            findings.append(finding)
            failing.append(finding)
            messages.append(attributes["message"] ?? "")
        case "system-out": output = ""
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { output? += string }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if element == "system-out", let testCase, let text = output {
            // The gcc line: `FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE]`.
            let severity = text.split(separator: ":", maxSplits: 4).dropFirst(3).first ?? ""
            findings.append(
                Self.finding(
                    file: testCase.classname, name: testCase.name,
                    type: severity.trimmingCharacters(in: .whitespaces)))
            output = nil
        }
        if element == "testcase", let testCase, !failed, !testCase.name.hasPrefix("EP") {
            passing.append(testCase.classname)
        }
    }
}

/// `--format checkstyle` parsed: `<file name>` holding `<error line column severity message source>`.
private final class CheckstyleRead: NSObject, XMLParserDelegate {
    var findings: [Finding] = []
    var files: [String] = []
    private var version: String?

    init(_ text: String) throws {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(version?.isEmpty == false)
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch element {
        case "checkstyle": version = attributes["version"]
        case "file": files.append(attributes["name"] ?? "")
        case "error":
            let severity = attributes["severity"] == "info" ? "note" : attributes["severity"] ?? ""
            let source = attributes["source"] ?? ""
            #expect(source.hasPrefix("eplint.") && !(attributes["message"] ?? "").isEmpty)
            findings.append(
                Finding(
                    file: files.last ?? "", line: Int(attributes["line"] ?? "") ?? 0,
                    column: Int(attributes["column"] ?? "") ?? 0, rule: String(source.dropFirst("eplint.".count)),
                    severity: severity))
        default: break
        }
    }
}
