import Foundation
import LintEngine
import ServerSide
import Testing

/// Cases the rule pages do not show: which bodies, payloads and tokens pass, and where findings go.
@Suite struct ServerSemanticsTests {
    func findings(_ kind: ServerDocumentKind, _ text: String, options: ServerOptions = ServerOptions()) -> [String] {
        ServerLinter(options: options).lintDocument(Array(text.utf8), file: "f.json", kind: kind)
            .sorted(by: Diagnostic.inReportOrder).map {
                "\($0.range.start.line):\($0.range.start.column) \($0.rule) \($0.keyPath)"
            }
    }

    func token(_ json: String) -> String {
        Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
            of: "/", with: "_")
    }

    func tokenFindings(_ json: String, options: ServerOptions = ServerOptions()) -> [String] {
        let text = Substring(token(json))
        return ServerLinter(options: options).lintToken(
            text, file: "t", range: ServerLinter.range(of: text, line: 1, column: 1, offset: 0)
        )
        .diagnostics.map { "\($0.rule) \($0.keyPath)" }
    }

    let base =
        #""appAppleId": 1234567890, "bundleId": "com.example", "tokenCreationDate": 1706169600000, "externalPurchaseId": "00000000-0000-0000-0000-000000000000""#

    @Test func customLinkTokens() {
        #expect(
            tokenFindings("{\(base), \"tokenType\": \"ACQUISITION\", \"tokenExpirationDate\": 1708761600000}") == [])
        #expect(tokenFindings("{\(base), \"tokenType\": \"SERVICES\"}") == ["EP603 tokenType"])
        #expect(tokenFindings("{\(base), \"tokenExpirationDate\": 1708761600000}") == ["EP603 tokenExpirationDate"])
        #expect(
            tokenFindings("{\(base), \"tokenType\": \"SERVICES\", \"tokenExpirationDate\": 1708761600000000}") == [
                "EP606 tokenExpirationDate"
            ])
        #expect(
            tokenFindings("{\(base), \"tokenType\": 1, \"tokenExpirationDate\": 1.7e12}") == [
                "EP604 tokenType", "EP604 tokenExpirationDate",
            ])
        #expect(tokenFindings("[1]") == ["EP602 "])  // decoding stops it before the field rules
    }

    /// Japan's and Brazil's token types (Apple's token(for:) page, issue 47): no EP605, and no
    /// EP603 for a missing tokenExpirationDate Apple does not document, only EP611's note.
    @Test func japaneseAndBrazilianTokens() {
        for type in ["IN_APP", "LINK_OUT"] {
            #expect(
                tokenFindings("{\(base), \"tokenType\": \"\(type)\", \"tokenExpirationDate\": 1708761600000}") == [])
            #expect(tokenFindings("{\(base), \"tokenType\": \"\(type)\"}") == ["EP611 tokenType"])
        }
        #expect(
            tokenFindings("{\(base), \"tokenType\": \"IN_APP\", \"tokenExpirationDate\": 1}") == [
                "EP606 tokenExpirationDate", "EP607 tokenExpirationDate",
            ])
        #expect(tokenFindings("{\(base), \"tokenType\": \"in_app\"}") == ["EP603 tokenType", "EP605 tokenType"])
        #expect(tokenFindings("{\(base), \"tokenExpirationDate\": 1708761600000}") == ["EP603 tokenExpirationDate"])
    }

    @Test func tokenEnvironmentAndBundle() {
        let sandbox =
            #"{"appAppleId": 1, "bundleId": "com.example", "tokenCreationDate": 1706169600000, "externalPurchaseId": "SANDBOX_00000000-0000-0000-0000-000000000000"}"#
        #expect(tokenFindings(sandbox, options: ServerOptions(bundleID: "com.example", environment: .sandbox)) == [])
        #expect(
            tokenFindings(sandbox, options: ServerOptions(environment: .production)) == ["EP609 externalPurchaseId"])
        #expect(
            tokenFindings("{\(base)}", options: ServerOptions(environment: .sandbox)) == ["EP609 externalPurchaseId"])
        #expect(tokenFindings("{\(base)}", options: ServerOptions(bundleID: "com.other")) == ["EP608 bundleId"])
        #expect(
            tokenFindings(
                #"{"appAppleId": 99999999999999999999, "bundleId": "", "tokenCreationDate": -5, "externalPurchaseId": "x"}"#
            )
                == ["EP604 appAppleId", "EP604 bundleId", "EP606 tokenCreationDate", "EP705 externalPurchaseId"])
    }

    /// A token's externalPurchaseId is a UUID, `SANDBOX_`-prefixed in the sandbox (seed 000), in either case.
    @Test func tokenIdentifierIsAUUID() {
        func id(_ text: String) -> [String] {
            tokenFindings(
                #"{"appAppleId": 1, "bundleId": "com.example", "tokenCreationDate": 1706169600000, "externalPurchaseId": "\#(text)"}"#
            )
        }
        #expect(id("B2158121-7af9-49d4-9561-1f588205523e") == [])
        #expect(id("SANDBOX_b2158121-7af9-49d4-9561-1f588205523e") == [])
        for wrong in [
            "SANDBOX", "SANDBOX_", "SANDBOXb2158121-7af9-49d4-9561-1f588205523e",
            "sandbox_b2158121-7af9-49d4-9561-1f588205523e",
            "b2158121-7af9-49d4-9561-1f588205523", "b2158121-7af9-49d4-9561-1f588205523g",
        ] {
            #expect(id(wrong) == ["EP705 externalPurchaseId"], "\(wrong)")
        }
    }

    @Test func tokenDecodingFailures() {
        let linter = ServerLinter(options: ServerOptions())
        func rule(_ text: String) -> [String] {
            linter.lintToken(
                Substring(text), file: "t",
                range: ServerLinter.range(of: Substring(text), line: 3, column: 5, offset: 0)
            ).diagnostics
                .map { "\($0.range.start.line):\($0.range.start.column) \($0.rule) \($0.message)" }
        }
        #expect(rule("abc$") == ["3:8 EP601 token is not Base64URL: '$' is not a Base64URL character"])
        #expect(rule(token("{\"a\": 1, \"a\": 2}")) == ["3:5 EP602 decoded token has the key 'a' twice"])
        #expect(rule(token("\"text\"")) == ["3:5 EP602 decoded token is a string, not a JSON object"])
        #expect(
            rule(token("{\"a\": \u{1}}")) == [
                "3:5 EP602 decoded token is not JSON: unexpected byte 0x01: expected a JSON value (decoded line 1, column 7)"
            ])
    }

    @Test func reportBodies() {
        let id = #""requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad", "externalPurchaseId": "x""#
        // An empty line item lacks the ten fields all three line-item objects require.
        #expect(
            findings(.report, "{\(id), \"status\": \"LINE_ITEM\", \"lineItems\": [{}]}")
                == Array(repeating: "1:127 EP716 lineItems[0]", count: 10))
        #expect(findings(.report, "{\(id), \"status\": \"LINE_ITEM\"}") == ["1:100 EP707 status"])
        #expect(
            findings(.report, "{\(id), \"status\": \"UNRECOGNIZED_TOKEN\", \"lineItems\": null}") == [
                "1:135 EP704 lineItems", "1:135 EP707 lineItems",
            ])
        #expect(findings(.report, "[{\(id), \"status\": \"NO_LINE_ITEM\"}, 3]") == ["1:118 EP704 [1]"])
        #expect(findings(.report, "[]") == ["1:1 EP703 "])
        #expect(findings(.report, "\"x\"") == ["1:1 EP704 "])
        #expect(
            findings(.report, "{\(id), \"status\": 7, \"lineItems\": {}}") == [
                "1:100 EP704 status", "1:116 EP704 lineItems",
            ])
    }

    @Test func requestIdentifiersAreUniqueAcrossFilesOfARun() {
        let linter = ServerLinter(options: ServerOptions())
        let body = Array(
            #"{"requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad", "externalPurchaseId": "x", "status": "NO_LINE_ITEM"}"#
                .utf8)
        #expect(linter.lintDocument(body, file: "a.json", kind: .report).isEmpty)
        let second = linter.lintDocument(body, file: "b.json", kind: .report)
        #expect(
            second.map { "\($0.file) \($0.rule) \($0.related.map { "\($0.file):\($0.range.start.column)" })" } == [
                "b.json EP709 [\"a.json:23\"]"
            ])
    }

    let header =
        #""notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20", "version": "2.0", "signedDate": 1706169600000"#

    /// Subtypes per notification type from Rules/regions.plist (issue 47): EXTERNAL_PURCHASE_TOKEN's
    /// three, in capitals; no subtype is fine; types without a list are not checked.
    @Test func externalPurchaseTokenSubtypes() {
        let token =
            #""externalPurchaseToken": {"externalPurchaseId": "00000000-0000-0000-0000-000000000000", "tokenCreationDate": 1706169600000, "appAppleId": 1, "bundleId": "com.example"}"#
        func subtype(_ text: String?) -> [String] {
            let member = text.map { "\"subtype\": \"\($0)\", " } ?? ""
            return findings(
                .notification, "{\"notificationType\": \"EXTERNAL_PURCHASE_TOKEN\", \(member)\(header), \(token)}"
            ).map { String($0.split(separator: " ", maxSplits: 1)[1]) }
        }
        for known in ["UNREPORTED", "CREATED", "ACTIVE_TOKEN_REMINDER", nil] {
            #expect(subtype(known) == [], "\(known ?? "none")")
        }
        for unknown in ["NOT_A_SUBTYPE", "created", "SUMMARY"] {
            #expect(subtype(unknown) == ["EP744 subtype"], "\(unknown)")
        }
        #expect(
            findings(
                .notification,
                "{\"notificationType\": \"SUBSCRIBED\", \"subtype\": \"NEW_ONE\", \(header), \"data\": {}}")
                == [])
    }

    @Test func notificationPayloadFieldsGoWithTheirTypes() {
        #expect(
            findings(
                .notification,
                "{\"notificationType\": \"RENEWAL_EXTENSION\", \"subtype\": \"SUMMARY\", \(header), \"summary\": {}}")
                == [])
        #expect(
            findings(.notification, "{\"notificationType\": \"RESCIND_CONSENT\", \(header), \"appData\": {}}") == [])
        #expect(
            findings(
                .notification,
                "{\"notificationType\": \"SUBSCRIBED\", \"subtype\": \"INITIAL_BUY\", \(header), \"data\": {}}") == [])
        #expect(
            findings(
                .notification,
                "{\"notificationType\": \"RENEWAL_EXTENSION\", \"subtype\": \"FAILURE\", \(header), \"summary\": {}}")
                == ["1:183 EP711 summary"])
        #expect(
            findings(.notification, "{\"notificationType\": \"EXTERNAL_PURCHASE_TOKEN\", \(header)}") == ["1:1 EP710 "])
        #expect(
            findings(.notification, "{\"notificationType\": \"TEST\", \(header), \"data\": {}, \"appData\": {}}")
                == ["1:160 EP710 appData", "1:160 EP711 appData"])
        #expect(
            findings(
                .notification,
                #"{"notificationType": "TEST", "notificationUUID": "1", "version": 2, "signedDate": "1706169600000", "data": {}}"#
            )
                == ["1:50 EP705 notificationUUID", "1:66 EP704 version", "1:83 EP704 signedDate"])
    }

    @Test func signedNotificationsAreDecodedAndCheckedAtTheirSignedPayload() {
        func jws(_ payload: String) -> String { token("{\"alg\":\"ES256\"}") + "." + token(payload) + ".c2ln" }
        let good = "{\"notificationType\": \"TEST\", \(header), \"data\": {}}"
        #expect(findings(.notification, "{\"signedPayload\": \"\(jws(good))\"}") == ["1:19 EP735 signedPayload"])
        let bad =
            "{\"notificationType\": \"TEST\", \"notificationUUID\": \"u\", \"version\": \"1.0\", \"signedDate\": 1706169600000}"
        #expect(
            findings(.notification, "{\"signedPayload\": \"\(jws(bad))\"}")
                == [
                    "1:19 EP705 signedPayload.notificationUUID", "1:19 EP710 signedPayload",
                    "1:19 EP712 signedPayload.version", "1:19 EP735 signedPayload",
                ])
        #expect(findings(.notification, "{\"signedPayload\": \"a.b\"}") == ["1:19 EP714 signedPayload"])
        #expect(
            findings(.notification, "{\"signedPayload\": \"\(token("{}")).\(token("[")).x\"}") == [
                "1:19 EP714 signedPayload"
            ])
    }

    /// A notification's externalPurchaseToken gets the token rules at its members; signed, at the JWS.
    @Test func notificationTokenIsLintedAsAToken() {
        func notification(_ token: String) -> String {
            #"{"notificationType": "EXTERNAL_PURCHASE_TOKEN", "subtype": "UNREPORTED", "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20", "version": "2.0", "signedDate": 1698148900000,"#
                + "\n\"externalPurchaseToken\": {\(token)}}"
        }
        #expect(findings(.notification, notification(base)) == [])
        #expect(
            findings(.notification, notification(base.replacingOccurrences(of: "1706169600000", with: "1706169600")))
                == ["2:101 EP606 externalPurchaseToken.tokenCreationDate"])
        #expect(
            findings(
                .notification,
                notification(
                    #""appAppleId": 1, "tokenCreationDate": 1706169600000, "externalPurchaseId": "SANDBOX_00000000-0000-0000-0000-000000000000""#
                ),
                options: ServerOptions(environment: .production))
                == ["2:26 EP603 externalPurchaseToken", "2:102 EP609 externalPurchaseToken.externalPurchaseId"])
        let signed = token(#"{"alg":"ES256"}"#) + "." + token(notification(#""appAppleId": "1""#)) + ".c2ln"
        #expect(
            findings(.notification, "{\"signedPayload\": \"\(signed)\"}") == [
                "1:19 EP603 signedPayload.externalPurchaseToken", "1:19 EP603 signedPayload.externalPurchaseToken",
                "1:19 EP603 signedPayload.externalPurchaseToken",
                "1:19 EP604 signedPayload.externalPurchaseToken.appAppleId", "1:19 EP735 signedPayload",
            ])
        // Alone in a file, the JWS is a signed payload; anything else that is not JSON stays EP701.
        #expect(findings(.notification, "\n" + signed + "\n").count == 5)
        #expect(findings(.notification, signed + ".x") == ["1:1 EP701 "])  // four parts: not a JWS
        #expect(findings(.notification, "abc") == ["1:1 EP701 "])
        #expect(findings(.report, signed) == ["1:1 EP701 "])
    }

    /// A hostile bare JWS ends in one EP714 (and its header's missing alg, EP734), in time linear in
    /// its size: 4 MB of Base64URL, a payload naming a transaction with 10,000 long member names
    /// (the message keeps six, cut).
    @Test func hostileBareJWS() {
        let huge = String(repeating: "A", count: 4_000_000)
        #expect(findings(.notification, huge + "." + huge + ".x").map { $0.hasSuffix("EP714 ") } == [true])
        let members = (0..<10_000).map { "\"\(String(repeating: "k", count: 200))\($0)\": 1" }.joined(separator: ", ")
        let payload = token("{\"transactionId\": \"1\", \(members)}")
        let diagnostics = ServerLinter(options: ServerOptions()).lintDocument(
            Array((token("{}") + "." + payload + ".x").utf8), file: "f", kind: .notification)
        #expect(diagnostics.map(\.rule.rawValue) == ["EP714", "EP734"])
        #expect(diagnostics.first.map { $0.message.count < 600 } == true)
    }

    /// EP610 compares appAppleId as Apple's verifier does: in production only, a missing one in a
    /// notification's data counts, a sandbox token, a Sandbox notification or --environment sandbox is left alone.
    @Test func appAppleIdOnlyInProduction() {
        let app = ServerOptions(appAppleID: 42)
        #expect(tokenFindings("{\(base)}", options: app) == ["EP610 appAppleId"])
        #expect(tokenFindings("{\(base)}", options: ServerOptions(appAppleID: 1_234_567_890)) == [])
        #expect(
            tokenFindings("{\(base)}", options: ServerOptions(appAppleID: 42, environment: .sandbox)).contains {
                $0.hasPrefix("EP610")
            } == false)
        let sandbox = base.replacingOccurrences(of: "\"00000000-", with: "\"SANDBOX_00000000-")
        #expect(tokenFindings("{\(sandbox)}", options: app) == [])
        let head =
            #""notificationType": "TEST", "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20", "version": "2.0", "signedDate": 1698148900000"#
        func notification(_ data: String) -> String { "{\(head), \"data\": {\(data)}}" }
        #expect(
            findings(.notification, notification(#""environment": "Production", "appAppleId": 7"#), options: app) == [
                "1:189 EP610 data.appAppleId"
            ])
        #expect(
            findings(.notification, notification(#""environment": "Production""#), options: app) == ["1:145 EP610 data"]
        )
        #expect(
            findings(.notification, notification(#""environment": "Sandbox", "appAppleId": 7"#), options: app) == [])
        #expect(
            findings(.notification, notification(#""environment": "Production", "appAppleId": 42"#), options: app) == []
        )
        #expect(findings(.notification, notification(#""environment": "Production""#)) == [])
    }
}
