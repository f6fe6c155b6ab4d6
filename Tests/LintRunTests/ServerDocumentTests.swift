import EplintBase
import Foundation
import TestSupport
import Testing

/// `eplint token|report|notification` in-process: the configuration, baselines, directory walks
/// and hostile input (the end-to-end ServerCommandTests keep the formats, options and streams).
@Suite struct ServerDocumentTests {
    @Test func configurationAndBaselinesApply() throws {
        let body = #"{"requestIdentifier": "r", "externalPurchaseId": "x", "status": "NO_LINE_ITEM", "lineItems": []}"#
        let folder = try FixRunTests.folder(with: [
            "reports/a.json": body, ".eplint.yml": "disable: [EP705]\nseverity: {EP707: warning}\n",
        ])
        let warned = try FolderRun(server: .report, ["reports/a.json"], in: folder)
        #expect(warned.status == .clean)
        #expect(
            warned.gcc
                == "reports/a.json:1:94: warning: a NO_LINE_ITEM report must not have a 'lineItems' field [EP707]\n")
        try "ignore:\n  - {path: 'reports/*.json', rule: EP707, keyPath: lineItems}\n".write(
            to: folder.appendingPathComponent(".eplint.yml"), atomically: true, encoding: .utf8)
        let ignored = try FolderRun(server: .report, ["reports/a.json"], in: folder)
        #expect(
            ignored.gcc
                == "reports/a.json:1:23: error: requestIdentifier 'r' is not a UUID (8-4-4-4-12 hexadecimal digits) [EP705]\n"
        )
        let baseline = folder.appendingPathComponent("baseline.json").path
        let written = try FolderRun(server: .report, ["reports/a.json"], in: folder) {
            $0.common.writeBaseline = baseline
        }
        #expect(written.status == .findings && written.host.writes.map(\.path) == [baseline])
        try written.applyWrites()
        let baselined = try FolderRun(server: .report, ["reports/a.json"], in: folder) { $0.common.baseline = baseline }
        #expect(baselined.status == .clean && baselined.gcc.isEmpty)
        try "environment: sandbox\nbundle-id: com.example\n".write(
            to: folder.appendingPathComponent(".eplint.yml"), atomically: true, encoding: .utf8)
        #expect(try FolderRun(server: .token, [SeedTokens.sandbox], in: folder).status == .clean)
        #expect(try FolderRun(server: .token, [SeedTokens.production], in: folder).status == .findings)
    }

    @Test func directoryWalksTakeJSONOnlyWhenAsked() throws {
        let folder = try FixRunTests.folder(with: ["fixtures/bad.json": "{}"])
        #expect(try FolderRun(server: .report, ["fixtures"], in: folder).gcc == "")
        #expect(try FolderRun(["fixtures"], in: folder).status == .clean)
        let asked = try FolderRun(server: .report, ["fixtures"], in: folder) { $0.include = [Glob("**/*.json")] }
        #expect(asked.status == .findings)
        #expect(asked.gcc.contains("fixtures/bad.json:1:1: error: report has no 'requestIdentifier'"), "\(asked.gcc)")
        try "include: ['fixtures/**']\n".write(
            to: folder.appendingPathComponent(".eplint.yml"), atomically: true, encoding: .utf8)
        #expect(try FolderRun(server: .report, ["fixtures"], in: folder).status == .findings)
    }

    /// Hostile JSON and tokens end in findings with a diagnostic, never a crash.
    @Test func hostileInputGetsADiagnostic() throws {
        let folder = try TestScratch.folder("lintrun")
        let cases: [(String, Data, String)] = [
            (
                "deep.json", Data(String(repeating: "[", count: 1_000_000).utf8),
                "1:257: error: not valid JSON: nesting deeper than 256 levels [EP701]"
            ),
            (
                "huge.json", Data(("{\"requestIdentifier\": " + String(repeating: "7", count: 5_000_000) + "}").utf8),
                "1:23: error: 'requestIdentifier' must be a string, not an integer beyond 64 bits [EP704]"
            ),
            (
                "utf8.json", Data([0x7B, 0x22, 0x61, 0xE9, 0x22, 0x3A, 0x31, 0x7D]),
                "1:4: error: not valid JSON: invalid UTF-8 (byte 0xE9 not followed by a continuation byte) [EP701]"
            ),
            (
                "cut.json", Data("{\"requestIdentifier\": \"87e7d6d1-b98d".utf8),
                "1:37: error: not valid JSON: unexpected end of input: unterminated string [EP701]"
            ),
            ("empty.json", Data(), "1:1: error: not valid JSON: empty document: expected a JSON value [EP701]"),
        ]
        for (name, bytes, expected) in cases {
            try bytes.write(to: folder.appendingPathComponent(name))
            let run = try FolderRun(server: .report, [name], in: folder)
            #expect(run.status == .findings && run.failures.isEmpty, "\(name): \(run.failures)")
            #expect(run.gcc.contains(name + ":" + expected), "\(name): \(run.gcc.prefix(300))")
        }
        let deepToken = Data(String(repeating: "[", count: 100_000).utf8).base64EncodedString()
        let token = try FolderRun(
            server: .token, [], in: folder,
            input: Array((deepToken + "\n" + String(repeating: "A", count: 1_000_001) + "\n").utf8))
        #expect(token.status == .findings)
        #expect(token.gcc.contains("<stdin>:1:1: error: decoded token is not JSON: nesting deeper than 256 levels"))
        #expect(
            token.gcc.contains(
                "<stdin>:2:1000001: error: token is not Base64URL: 1000001 characters cannot be Base64URL"))
    }
}
