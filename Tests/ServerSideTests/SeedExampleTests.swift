import Foundation
import TestSupport
import Testing

@testable import ServerSide

/// Every example of Apple's pages (shared/seeds 000 and 003) decodes and passes. The examples are
/// copied here so that a clone without ../shared tests them too; when the seeds are present,
/// a test checks that the copies are still theirs.
@Suite struct SeedExampleTests {
    static let tokens = [SeedTokens.production, SeedTokens.sandbox]
    static let reportBodies = [
        "{\n\"requestIdentifier\": \"87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad\",\n\"externalPurchaseId\": \"<externalPurchaseId from notification>\",\n\"status\": \"NO_LINE_ITEM\"\n}",
        "{\n\"requestIdentifier\": \"94d0d7fb-c393-4813-92eb-9614e7540f6d\",\n\"externalPurchaseId\": \"<externalPurchaseId from notification>\",\n\"status\": \"UNRECOGNIZED_TOKEN\"\n}",
        "{\n\"requestIdentifier\": \"e1db8b5e-cbd2-4fe6-ae2b-d92ba5b12c41\",\n\"externalPurchaseId\": \"<externalPurchaseId from notification>\",\n\"status\": \"DUPLICATE_TOKEN\"\n}",
    ]
    static let seeds = SharedData.Item.seeds.url

    @Test(
        arguments: zip(
            tokens, ["00000000-0000-0000-0000-000000000000", "SANDBOX_00000000-0000-0000-0000-000000000000"]))
    func seedTokensDecodeAndPass(_ token: String, _ identifier: String) throws {
        let decoded = try ServerLinter.decodeToken(Substring(token)).get()
        #expect(decoded.externalPurchaseId == identifier)
        #expect(decoded.payload.member("appAppleId")?.value.integer == 1_234_567_890)
        #expect(decoded.payload.member("bundleId")?.value.string == "com.example")
        #expect(decoded.payload.member("tokenCreationDate")?.value.integer == 1_706_169_600_000)
        let environment: ServerOptions.Environment = identifier.hasPrefix("SANDBOX") ? .sandbox : .production
        #expect(decoded.environment == environment)
        let linter = ServerLinter(options: ServerOptions(bundleID: "com.example", environment: environment))
        #expect(
            linter.lintToken(
                Substring(token), file: "<argument 1>",
                range: ServerLinter.range(of: Substring(token), line: 1, column: 1, offset: 0)
            )
            .diagnostics.map(\.message) == [])
        #expect(decoded.summaryLines.contains("tokenCreationDate: 1706169600000 (2024-01-25T08:00:00Z)"))
    }

    @Test func seedReportBodiesPassOneByOneAndTogether() {
        let linter = ServerLinter(options: ServerOptions())
        for body in Self.reportBodies {
            #expect(linter.lintDocument(Array(body.utf8), file: "report.json", kind: .report).map(\.message) == [])
        }
        let array = "[" + Self.reportBodies.joined(separator: ",") + "]"
        #expect(
            ServerLinter(options: ServerOptions()).lintDocument(Array(array.utf8), file: "reports.json", kind: .report)
                .map(\.message) == [])
    }

    /// The DUPLICATE_TOKEN body passes for a custom-link token and fails for the seed's plain token.
    @Test func duplicateTokenBodyAgainstTokens() throws {
        let body = Array(Self.reportBodies[2].utf8)
        let plain = try ServerLinter.decodeToken(Substring(Self.tokens[0])).get()
        let failing = ServerLinter(options: ServerOptions(tokens: [plain])).lintDocument(
            body, file: "r.json", kind: .report)
        #expect(failing.map { "\($0.range.start.line):\($0.range.start.column) \($0.rule)" } == ["4:11 EP708"])
        let json =
            #"{"appAppleId":1234567890,"bundleId":"com.example","tokenCreationDate":1706169600000,"externalPurchaseId":"00000000-0000-0000-0000-000000000000","tokenType":"SERVICES","tokenExpirationDate":1708761600000}"#
        let services = try ServerLinter.decodeToken(Substring(Data(json.utf8).base64EncodedString())).get()
        #expect(
            ServerLinter(options: ServerOptions(tokens: [services])).lintDocument(body, file: "r.json", kind: .report)
                .isEmpty)
    }

    @Test(.requires(.seeds))
    func copiesAreTheSeeds() throws {
        let tokenPage = try String(
            contentsOf: Self.seeds.appendingPathComponent("000_8239b174342cfa13.txt"), encoding: .utf8)
        let quoted = tokenPage.split(separator: "`").filter { $0.count > 100 && !$0.contains(" ") }.map(String.init)
        #expect(quoted == Self.tokens)
        let reportPage = try String(
            contentsOf: Self.seeds.appendingPathComponent("003_48a2bee18b429fb1.txt"), encoding: .utf8)
        var bodies: [String] = []
        var rest = Substring(reportPage)
        while let start = rest.firstIndex(of: "{"), let end = rest[start...].firstIndex(of: "}") {
            bodies.append(String(rest[start...end]))
            rest = rest[rest.index(after: end)...]
        }
        #expect(bodies == Self.reportBodies)
    }
}
