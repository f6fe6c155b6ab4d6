import Foundation
import LintEngine
import ServerSide
import TestSupport
import Testing

/// Apple's App Store Server Library test data (`shared/corpus/server-apple-library`, MIT): every
/// decoded model passes, alone, as a `signedPayload` and as a bare JWS; variants with one member
/// broken fail with the right rule at that member; the mock signed data gets what its page says.
@Suite struct AppleLibraryCorpusTests {
    static let corpus: URL? = SharedData.Item.serverAppleLibrary.present.flatMap { corpus in
        FileManager.default.fileExists(atPath: corpus.appendingPathComponent("models").path) ? corpus : nil
    }

    static var models: [String] {
        guard let corpus else { return [] }
        return
            ((try? FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent("models").path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    func model(_ name: String) throws -> String {
        try String(contentsOf: try #require(Self.corpus).appendingPathComponent("models/\(name)"), encoding: .utf8)
    }

    /// "LINE:COLUMN RULE keyPath" of each finding.
    func findings(_ text: String, options: ServerOptions = ServerOptions()) -> [String] {
        ServerLinter(options: options).lintDocument(Array(text.utf8), file: "n.json", kind: .notification)
            .sorted(by: Diagnostic.inReportOrder).map {
                "\($0.range.start.line):\($0.range.start.column) \($0.rule) \($0.keyPath)"
            }
    }

    /// A compact JWS of `payload`, its header without `x5c` (EP735), its signature not a signature.
    func jws(_ payload: String) -> String {
        func base64URL(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
                of: "/", with: "_"
            )
            .replacingOccurrences(of: "=", with: "")
        }
        return base64URL(#"{"alg":"ES256","typ":"JWT"}"#) + "." + base64URL(payload) + ".c2lnbmF0dXJl"
    }

    /// Where `needle` starts in `text` (its first occurrence after `after`), as "LINE:COLUMN".
    func position(of needle: String, after: String = "", in text: String) throws -> String {
        let from = after.isEmpty ? text.startIndex : try #require(text.range(of: after)).upperBound
        let start = try #require(text.range(of: needle, range: from..<text.endIndex)).lowerBound
        let before = text[..<start]
        let line = before.count { $0 == "\n" } + 1
        let column = before.reversed().prefixCount(while: { $0 != "\n" }) + 1
        return "\(line):\(column)"
    }

    @Test(.requires(.serverAppleLibrary)) func theCorpusIsThere() {
        #expect(Self.models.count == 6)
    }

    @Test(.requires(.serverAppleLibrary), arguments: models)
    func everyModelPassesDecodedSignedAndBare(_ name: String) throws {
        let text = try model(name)
        #expect(findings(text) == [])
        // Its header has no x5c (EP735), LocalTesting's too: only --environment skips verification (issue 46).
        let signature = "EP735"
        #expect(findings("{\"signedPayload\": \"\(jws(text))\"}") == ["1:19 \(signature) signedPayload"])
        #expect(findings("\n  " + jws(text) + "\n") == ["2:3 \(signature) "])
        // Every model's signedDate in seconds is EP713 at that member.
        let seconds = text.replacingOccurrences(of: "\"signedDate\": 1698148900000", with: "\"signedDate\": 1698148900")
        #expect(
            findings(seconds) == [
                "\(try position(of: "1698148900", after: "\"signedDate\": ", in: seconds)) EP713 signedDate"
            ])
    }

    /// The externalPurchaseToken member is linted as a token, at its own members.
    @Test(.requires(.serverAppleLibrary)) func brokenExternalPurchaseTokensFailAtTheMember() throws {
        let production = try model("signedExternalPurchaseTokenNotification.json")
        let sandbox = try model("signedExternalPurchaseTokenSandboxNotification.json")
        let token = "\"externalPurchaseToken\": "
        let mutations: [(replace: String, with: String, expected: (String) throws -> String)] = [
            (
                "\"tokenCreationDate\": 1698148950000", "\"tokenCreationDate\": 1698148950",
                {
                    "\(try position(of: "1698148950", after: "\"tokenCreationDate\": ", in: $0)) EP606 externalPurchaseToken.tokenCreationDate"
                }
            ),
            (
                ",\n      \"bundleId\": \"com.example\"", "",
                { "\(try position(of: "{", after: token, in: $0)) EP603 externalPurchaseToken" }
            ),
            (
                "\"bundleId\": \"com.example\"", "\"bundleId\": \"\"",
                { "\(try position(of: "\"\"", after: "\"bundleId\": ", in: $0)) EP604 externalPurchaseToken.bundleId" }
            ),
            (
                "\"appAppleId\": 55555", "\"appAppleId\": \"55555\"",
                { "\(try position(of: "\"55555\"", in: $0)) EP604 externalPurchaseToken.appAppleId" }
            ),
            (
                "\"externalPurchaseId\": \"b2158121-7af9-49d4-9561-1f588205523e\"",
                "\"externalPurchaseId\": \"b2158121\"",
                { "\(try position(of: "\"b2158121\"", in: $0)) EP705 externalPurchaseToken.externalPurchaseId" }
            ),
            (
                "\"appAppleId\": 55555", "\"appAppleId\": 55555, \"tokenType\": \"SERVICES\"",
                { "\(try position(of: "{", after: token, in: $0)) EP603 externalPurchaseToken.tokenType" }
            ),
        ]
        for mutation in mutations {
            let mutated = production.replacingOccurrences(of: mutation.replace, with: mutation.with)
            #expect(mutated != production, "\(mutation.replace) is not in the model")
            #expect(findings(mutated) == [try mutation.expected(mutated)], "\(mutation.replace)")
        }
        // The environment is checked when given, in both directions.
        let identifier = "\"externalPurchaseId\": "
        #expect(findings(production, options: ServerOptions(environment: .production)) == [])
        #expect(findings(sandbox, options: ServerOptions(environment: .sandbox)) == [])
        #expect(
            findings(sandbox, options: ServerOptions(environment: .production))
                == [
                    "\(try position(of: "\"SANDBOX_", after: identifier, in: sandbox)) EP609 externalPurchaseToken.externalPurchaseId"
                ])
        #expect(
            findings(production, options: ServerOptions(environment: .sandbox))
                == [
                    "\(try position(of: "\"b2158121", after: identifier, in: production)) EP609 externalPurchaseToken.externalPurchaseId"
                ])
        #expect(
            findings(production, options: ServerOptions(bundleID: "com.other")).map {
                $0.split(separator: " ").dropFirst().joined(separator: " ")
            }
                == ["EP608 externalPurchaseToken.bundleId"])
        // Inside a signedPayload (as a member or alone in the file) the finding is placed on the JWS.
        let seconds = production.replacingOccurrences(
            of: "\"tokenCreationDate\": 1698148950000", with: "\"tokenCreationDate\": 1698148950")
        #expect(
            findings("{\"signedPayload\": \"\(jws(seconds))\"}")
                == ["1:19 EP606 signedPayload.externalPurchaseToken.tokenCreationDate", "1:19 EP735 signedPayload"])
        #expect(findings(jws(seconds)) == ["1:1 EP606 externalPurchaseToken.tokenCreationDate", "1:1 EP735 "])
    }

    /// Apple's signed mock data, each as the file the server would hold: notifications are read
    /// as signed payloads (Apple's mocks lack `version`, and two `signedDate`: EP703, see
    /// Rules/EP703.md), a transaction or renewal info JWS is named as what it is.
    @Test(.requires(.serverAppleLibrary)) func mockSignedDataIsReadAsSignedPayloads() throws {
        let folder = try #require(Self.corpus).appendingPathComponent("mock_signed_data")
        func lint(_ name: String) throws -> [Diagnostic] {
            ServerLinter(options: ServerOptions()).lintDocument(
                Array(try Data(contentsOf: folder.appendingPathComponent(name))), file: name, kind: .notification
            )
            .sorted(by: Diagnostic.inReportOrder)
        }
        func rules(_ name: String) throws -> [String] { try lint(name).map { "\($0.rule) \($0.keyPath)" } }
        // Signed under Apple's test root, not Apple Root CA - G3 (SignatureVerificationTests gives the root).
        let untrusted = ServerRulePageTests.verificationRuns ? "EP731 " : "EP742 "
        #expect(try rules("testNotification") == ["EP703 ", untrusted])
        #expect(try lint("testNotification").first?.message == "notification has no 'version' (a string)")
        #expect(try rules("missingX5CHeaderClaim") == ["EP703 ", "EP703 ", "EP735 "])
        #expect(try rules("wrongBundleId") == ["EP703 ", "EP703 ", untrusted])
        #expect(
            try lint("transactionInfo").prefix(1).map(\.message) == [
                "the signed payload in this file is not a notification: its JWS payload (environment, bundleId, signedDate) is a signed transaction (JWSTransaction), which a notification carries in data.signedTransactionInfo"
            ])
        #expect(
            try lint("renewalInfo").prefix(1).map(\.message) == [
                "the signed payload in this file is not a notification: its JWS payload (environment, signedDate) is signed renewal info (JWSRenewalInfo), which a notification carries in data.signedRenewalInfo"
            ])
        #expect(try rules("transactionInfo") == ["EP714 ", untrusted])
        // Not a JWS: Apple's legacy receipt stays not JSON.
        #expect(try rules("legacyTransaction") == ["EP701 "])
    }
}

extension Sequence {
    fileprivate func prefixCount(while predicate: (Element) -> Bool) -> Int {
        var count = 0
        for element in self {
            guard predicate(element) else { break }
            count += 1
        }
        return count
    }
}
