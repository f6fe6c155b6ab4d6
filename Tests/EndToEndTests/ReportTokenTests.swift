import Foundation
import Testing

/// `eplint report --token TOKEN` (repeatable): the tokens the reports are about, for
/// DUPLICATE_TOKEN (EP708), matched by `externalPurchaseId` or the only one given.
@Suite struct ReportTokenTests {
    static let id = "00000000-0000-0000-0000-000000000000"
    static let report = """
        {
          "requestIdentifier": "e1db8b5e-cbd2-4fe6-ae2b-d92ba5b12c41",
          "externalPurchaseId": "\(id)",
          "status": "DUPLICATE_TOKEN"
        }
        """

    /// A token as the App Store sends one: base64 of its JSON.
    static func token(_ externalPurchaseId: String, type: String?) throws -> String {
        var fields: [String: Any] = [
            "appAppleId": 1_234_567_890, "bundleId": "com.example", "tokenCreationDate": 1_706_169_600_000,
            "externalPurchaseId": externalPurchaseId,
        ]
        fields["tokenType"] = type
        return try JSONSerialization.data(withJSONObject: fields, options: .sortedKeys).base64EncodedString()
    }

    static let misused =
        "report.json:4:13: error: DUPLICATE_TOKEN applies to SERVICES and ACQUISITION tokens only; token '\(id)' has no tokenType [EP708]\n"

    @Test func tokensGivenToReports() throws {
        let root = try Eplint.temporaryDirectory()
        try Self.report.write(to: root.appendingPathComponent("report.json"), atomically: true, encoding: .utf8)
        func run(_ tokens: [String], format: [String] = []) throws -> EplintRun {
            try Eplint.run(["report"] + format + tokens.flatMap { ["--token", $0] } + ["report.json"], in: root)
        }
        /// Linted and clean: JUnit lists the file as a passing case (empty output would also be
        /// what a run that read nothing prints: issue 46).
        func passes(_ tokens: [String]) throws -> Bool {
            let run = try run(tokens, format: ["--format", "junit"])
            return run.status == 0
                && run.standardOutput.contains(#"<testsuite name="report.json" tests="1" failures="0" errors="0""#)
        }
        // No token given: nothing to check the status against.
        #expect(try passes([]))

        let untyped = try run([try Self.token(Self.id, type: nil)])
        #expect(untyped.standardOutput == Self.misused, "\(untyped.standardOutput)")
        #expect(untyped.status == 1)
        #expect(try passes([try Self.token(Self.id, type: "SERVICES")]))

        // Several tokens: the report's is found by its externalPurchaseId.
        let other = "11111111-1111-1111-1111-111111111111"
        let matched = try run([try Self.token(other, type: "SERVICES"), try Self.token(Self.id, type: nil)])
        #expect(matched.standardOutput == Self.misused, "\(matched.standardOutput)")
        #expect(try passes([try Self.token(other, type: nil), try Self.token(Self.id, type: "ACQUISITION")]))

        // A token that does not decode stops the run, naming which.
        let bad = try run([try Self.token(Self.id, type: nil), "not a token"])
        #expect(bad.status == 2 && bad.standardOutput.isEmpty, "\(bad.standardOutput)")
        // (Empty because the run stopped: standard error names why, below.)
        #expect(bad.standardError.hasPrefix("error: eplint: --token 2: "), "\(bad.standardError)")
    }
}
