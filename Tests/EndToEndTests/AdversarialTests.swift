import Foundation
import TestSupport
import Testing

/// Hostile inputs through the built binary: each ends with exit 0 or 1 and a clear
/// diagnostic, never reading other files, never leaving partial files. How fast the big ones
/// run is the benchmark script's business (scripts/benchmarks/adversarial.sh), not a test's.
@Suite struct AdversarialTests {
    func write(_ text: String, _ name: String = "Info.plist") throws -> URL {
        let file = try Eplint.temporaryDirectory().appendingPathComponent(name)
        try text.write(to: file, atomically: false, encoding: .utf8)
        return file
    }

    /// A run that finished with findings or none, not a failure of the run itself.
    func linted(_ arguments: [String]) throws -> EplintRun {
        let run = try Eplint.run(arguments)
        #expect(run.status == 0 || run.status == 1, "\(run.standardError)")
        return run
    }

    @Test func externalEntitiesNeverLeakAFile() throws {
        let secret = "EPLINT-SECRET-\(UUID().uuidString)"
        let secretFile = try write(secret, "secret.txt")
        let attacks = [
            "<!DOCTYPE plist [<!ENTITY xxe SYSTEM \"file://\(secretFile.path)\">]>\n<plist><dict><key>SKExternalPurchaseLink</key><dict><key>nl</key><string>&xxe;</string></dict></dict></plist>",
            "<!DOCTYPE plist [<!ENTITY xxe PUBLIC \"-//X//Y\" \"\(secretFile.path)\">]>\n<plist><dict><key>SKExternalPurchase</key><array><string>&xxe;</string></array></dict></plist>",
            "<!DOCTYPE plist [<!ENTITY % xxe SYSTEM \"file://\(secretFile.path)\"> %xxe;]>\n<plist><dict><key>SKExternalPurchase</key><array><string>eu</string></array></dict></plist>",
            "<!DOCTYPE plist SYSTEM \"file://\(secretFile.path)\">\n<plist><dict><key>SKExternalPurchase</key><array><string>eu</string></array></dict></plist>",
            "<!DOCTYPE plist [<!ENTITY xxe SYSTEM \"http://127.0.0.1:9/x\">]>\n<plist><dict><key>SKExternalPurchase</key><array><string>&xxe;</string></array></dict></plist>",
        ]
        for attack in attacks {
            let file = try write(attack)
            for format in ["gcc", "json", "sarif", "github"] {
                let run = try linted(["--format", format, file.path])
                #expect(!run.standardOutput.contains(secret) && !run.standardError.contains(secret))
                #expect(run.status == 1)
            }
        }
    }

    /// Text that libxml2 would take for another encoding (a NUL after the first `<`): one
    /// EP001 on standard output, nothing from libxml2 on standard error.
    @Test func encodingErrorsStayOffStandardError() throws {
        let run = try linted(["Tests/Fuzz/Regressions/nul-after-first-character.plist"])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("[EP001]"))
        #expect(run.standardError.isEmpty, "\(run.standardError)")
    }

    @Test func expansionBombsStopAtTheFirstReference() throws {
        var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            laughs +=
                "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10)
                + "\">\n"
        }
        laughs +=
            "]>\n<plist><dict><key>SKExternalPurchase</key><array><string>&lol9;</string></array></dict></plist>\n"
        #expect(try linted([try write(laughs).path]).standardOutput.contains("[EP001]"))
        let quadratic =
            "<!DOCTYPE plist [<!ENTITY a \"" + String(repeating: "a", count: 50_000) + "\">]>\n<plist><array><string>"
            + String(repeating: "&a;", count: 50_000) + "</string></array></plist>"
        #expect(try linted([try write(quadratic).path]).standardOutput.contains("[EP001]"))
    }

    // Four huge shapes, four tests: run in parallel, the run waits for the slowest alone
    // (together they took 75 s, 48 of them the two million keys, in a debug build).
    @Test func aHundredThousandNestedArrays() throws {
        let deep =
            "<plist>" + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000)
            + "</plist>"
        let nested = try linted([try write(deep).path])
        #expect(nested.standardOutput.contains("nesting deeper than 256 elements [EP002]"))
    }

    @Test func aFiftyMegabyteString() throws {
        let bigString =
            "<plist><dict><key>SKExternalPurchaseLink</key><dict><key>nl</key><string>https://x.com/"
            + String(repeating: "a", count: 50_000_000) + "</string></dict></dict></plist>"
        #expect(try linted([try write(bigString).path]).standardOutput.contains("[EP204]"))
    }

    @Test func twoMillionKeys() throws {
        var keys = "<plist><dict><key>SKExternalPurchase</key><array><string>nl</string></array>\n"
        keys.reserveCapacity(60_000_000)
        for index in 0..<2_000_000 { keys += "<key>k\(index)</key><true/>\n" }
        keys += "<key>SKExternalPurchase</key><array/></dict></plist>\n"
        let manyKeys = try linted([try write(keys).path])
        #expect(manyKeys.standardOutput.contains("2000002:1: error: duplicate key 'SKExternalPurchase'"))
    }

    @Test func halfAMillionFindingsOnOneLine() throws {
        let longLine =
            "<plist><dict><key>SKExternalPurchase</key><array>"
            + String(repeating: "<string>nl</string>", count: 500_000) + "</array></dict></plist>"
        let line = try linted([try write(longLine).path])
        #expect(line.standardOutput.split(separator: "\n").count == 499_999)
        #expect(
            line.standardOutput.hasSuffix(
                "Info.plist:1:\(50 + 499_999 * 19): warning: [*] region 'nl' is listed more than once in SKExternalPurchase [EP104]\n"
            ))
    }

    /// 100,000 findings (two for each of 50,000 entries), every one reported, in order.
    @Test func aHundredThousandFindings() throws {
        var body = "<plist><dict><key>SKExternalPurchaseMultiLink</key><dict>\n"
        var expected = ""
        for index in 0..<50_000 {
            body += "<key>r\(index)</key><array><string>https://x.com/?\(index)</string></array>\n"
            let line = index + 2
            let column = "<key>r\(index)</key><array>".count + 1
            expected += "Info.plist:\(line):1: error: 'r\(index)' is not an ISO 3166-1 alpha-2 region code [EP102]\n"
            expected +=
                "Info.plist:\(line):\(column): error: link 'https://x.com/?\(index)' has a query ('?\(index)'); "
                + "destination URLs must not have query parameters [EP203]\n"
        }
        body += "</dict></dict></plist>\n"
        let run = try lintedInPlace(body)
        #expect(run.status == 1)
        #expect(run.standardOutput.split(separator: "\n").count == 100_000)
        #expect(run.standardOutput == expected)
    }

    /// 40,000 distinct links for one region across both keys (the one in SKExternalPurchaseLink
    /// is also in the list, so counted once): one finding with the exact count.
    @Test func fortyThousandLinksInOneRegion() throws {
        var body =
            "<plist><dict><key>SKExternalPurchase</key><array><string>nl</string></array>\n"
            + "<key>SKExternalPurchaseLink</key><dict><key>nl</key><string>https://x.com/7</string></dict>\n"
            + "<key>SKExternalPurchaseMultiLink</key><dict><key>nl</key><array>\n"
        for index in 0..<40_000 { body += "<string>https://x.com/\(index)</string>\n" }
        body += "</array></dict></dict></plist>\n"
        let run = try lintedInPlace(body)
        #expect(run.status == 1)
        #expect(
            run.standardOutput == """
                Info.plist:2:40: error: region 'nl' has 40000 different links in SKExternalPurchaseLink and SKExternalPurchaseMultiLink; \
                both keys need to specify the same link, as the maximum is 1 because the app is not declared as qualifying for EEA music \
                streaming; if it does, pass --music-streaming true or set music-streaming: true in .eplint.yml [EP302]
                Info.plist:3:45: note: the SKExternalPurchaseMultiLink entry for 'nl' is here

                """)
    }

    /// 20,000 directives, each suppressing the two findings of the entry after it; the last
    /// names EP201 instead of EP203, so its EP203 stays and its EP201 suppresses nothing.
    @Test func twentyThousandSuppressions() throws {
        var body =
            "<plist><dict><key>SKExternalPurchase</key><array><string>nl</string></array>\n"
            + "<key>SKExternalPurchaseMultiLink</key><dict>\n"
        for index in 0..<20_000 {
            body +=
                "<!-- eplint:disable-next EP102 \(index == 19_999 ? "EP201" : "EP203") -->\n"
                + "<key>r\(index)</key><array><string>https://x.com/?\(index)</string></array>\n"
        }
        body += "</dict></dict></plist>\n"
        let run = try lintedInPlace(body)
        #expect(run.status == 1)
        #expect(
            run.standardOutput == """
                Info.plist:40001:1: warning: eplint suppression of EP201 suppresses nothing; remove it [EP008]
                Info.plist:40002:25: error: link 'https://x.com/?19999' has a query ('?19999'); destination URLs must not have query parameters [EP203]

                """)
    }

    /// Lints `text` as Info.plist in a fresh directory, so reports name it `Info.plist`.
    func lintedInPlace(_ text: String) throws -> EplintRun {
        let directory = try Eplint.temporaryDirectory()
        try text.write(to: directory.appendingPathComponent("Info.plist"), atomically: false, encoding: .utf8)
        return try Eplint.run(["Info.plist"], in: directory)
    }
    /// 3,000 Info.plists in one folder, each named on the command line as pre-commit names them,
    /// with one entitlements file beside them: every one is paired with it and reported in order
    /// (the folder is read once for its entitlements and once for Xcode projects, not per file).
    @Test func thousandsOfFilesNamedInOneFolder() throws {
        let directory = try Eplint.temporaryDirectory()
        let text = "<plist><dict><key>SKExternalPurchase</key><array><string>NL</string></array></dict></plist>\n"
        let names = (0..<3_000).map { String(format: "f%05d.plist", $0) }
        for name in names {
            try text.write(to: directory.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        try "<plist><dict/></plist>\n".write(
            to: directory.appendingPathComponent("App.entitlements"), atomically: false, encoding: .utf8)
        let run = try Eplint.run(["--format", "json"] + names, in: directory)
        #expect(run.status == 1)
        let diagnostics =
            try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])[
                "diagnostics"] as? [[String: Any]]
        let found = (diagnostics ?? []).map { "\($0["file"] ?? "") \($0["rule"] ?? "")" }
        #expect(found == names.flatMap { ["\($0) EP401", "\($0) EP101"] })
    }

    /// Comments longer than libxml2 would ever hold: over its 10,000,000-byte limit, EP002 at
    /// the comment's start, in any characters; under it, the findings after the comment at
    /// their exact place; a directive too long to keep, EP009.
    @Test func hugeComments() throws {
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        let storeKit = "<key>SKExternalPurchase</key><array><string>NL</string></array>\n</dict>\n</plist>\n"
        let overLimit = try lintedInPlace(
            head + "\t<!-- " + String(repeating: "\u{E9}\u{20AC}x", count: 1_700_000) + " -->\n" + storeKit)
        #expect(
            overLimit.standardOutput == "Info.plist:4:2: error: a limit was exceeded: Comment too big found [EP002]\n")
        let unterminated = try lintedInPlace(head + "\t<!-- " + String(repeating: "x-y\n", count: 2_600_000))
        #expect(
            unterminated.standardOutput
                == "Info.plist:4:2: error: a limit was exceeded: Comment too big found [EP002]\n")
        let underLimit = try lintedInPlace(
            head + "\t<!-- " + String(repeating: "\u{E9}\n", count: 3_000_000) + "\u{1D11E}-->\t" + storeKit)
        #expect(
            underLimit.standardOutput
                == "Info.plist:3000004:42: error: [*] region 'NL' must be lowercase: 'nl' [EP101]\n")
        let directive = try lintedInPlace(
            head + "\t<!-- eplint:disable EP101 " + String(repeating: "EP101 ", count: 12_000) + "-->\n" + storeKit)
        #expect(
            directive.standardOutput == """
                Info.plist:4:2: warning: eplint:disable directive is longer than 65536 bytes and is not read; a directive names rule IDs only [EP009]
                Info.plist:5:37: error: [*] region 'NL' must be lowercase: 'nl' [EP101]

                """)
    }

    @Test func inputsAreNeverModifiedAndNothingPartialIsLeft() throws {
        let directory = try Eplint.temporaryDirectory()
        let input = directory.appendingPathComponent("Info.plist")
        let text = try String(
            contentsOf: Eplint.packageRoot.appendingPathComponent("Examples/BrokenApp/Info.plist"), encoding: .utf8)
        try text.write(to: input, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: input.path)
        let report = directory.appendingPathComponent("report.sarif").path
        let baseline = directory.appendingPathComponent("baseline.json").path
        _ = try Eplint.run([
            "--output", directory.appendingPathComponent("out.txt").path, "--report", "sarif=\(report)",
            "--write-baseline", baseline, input.path,
        ])
        #expect(try String(contentsOf: input, encoding: .utf8) == text)
        let attributes = try FileManager.default.attributesOfItem(atPath: input.path)
        #expect((attributes[.modificationDate] as? Date) == Date(timeIntervalSince1970: 1_000_000_000))
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == [
                "Info.plist", "out.txt", "report.sarif", "baseline.json",
            ])
    }

    @Test func interruptedRunLeavesNoPartialReport() throws {
        // A big input keeps eplint busy; the signal arrives before the report is complete.
        let (directory, _) = try bigInfoPlist(entries: 600_000) { "<key>k\($0)</key><string>value \($0)</string>\n" }
        for signal in [SIGINT, SIGTERM] {
            let process = try ChildProcess.start(
                Eplint.executable.path, ["--output", "out.txt", "--report", "sarif=report.sarif", "Info.plist"],
                in: directory)
            usleep(150_000)
            process.signal(signal)
            // It died of the signal (it unblocks SIGINT/SIGTERM even if spawned with them blocked).
            #expect(process.wait().signaled, "signal \(signal)")
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(left.allSatisfy { $0 == "Info.plist" || $0 == "out.txt" || $0 == "report.sarif" }, "\(left)")
            for name in ["out.txt", "report.sarif"] where left.contains(name) {
                // If it got that far, the file is whole.
                let written = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                #expect(written.isEmpty || written.hasSuffix("\n"))
            }
        }
    }

    @Test func filesThatAreNotFilesFailTheRunClearly() throws {
        let directory = try Eplint.temporaryDirectory()
        let missing = try failed([directory.appendingPathComponent("nope.plist").path])
        #expect(missing.standardError.contains("No such file or directory"))
        let device = try failed(["/dev/zero"])
        #expect(device.standardError.contains("not a regular file"))
    }

    @Test func aFileThatGrowsWhileItIsRead() throws {
        let (_, input) = try bigInfoPlist(entries: 200_000) { "<key>k\($0)</key><true/>\n" }
        // A writer keeps appending (comments after the root are still XML) while eplint reads.
        // Bounded, and killed with SIGKILL: children of test threads inherit blocked signals.
        let writer = try ChildProcess.start(
            "/bin/sh",
            ["-c", "i=0; while [ $i -lt 200000 ]; do echo '<!-- more -->' >> '\(input.path)'; i=$((i+1)); done"],
            output: .inherited, error: .inherited)
        defer {
            writer.signal(SIGKILL)
            _ = writer.wait()
        }
        let run = try linted([input.path])
        #expect(run.standardOutput == "" || run.standardOutput.contains("[EP"))
    }

    /// An Info.plist in a fresh directory: a StoreKit key, then `entries` lines made by `entry`.
    func bigInfoPlist(entries: Int, _ entry: (Int) -> String) throws -> (directory: URL, input: URL) {
        let directory = try Eplint.temporaryDirectory()
        let input = directory.appendingPathComponent("Info.plist")
        var text = "<plist><dict><key>SKExternalPurchase</key><array><string>nl</string></array>\n"
        for index in 0..<entries { text += entry(index) }
        try (text + "</dict></plist>\n").write(to: input, atomically: true, encoding: .utf8)
        return (directory, input)
    }

    func failed(_ arguments: [String]) throws -> EplintRun {
        let run = try Eplint.run(arguments)
        #expect(run.status == 2 && run.standardError.hasPrefix("error: eplint: "))
        return run
    }
}
