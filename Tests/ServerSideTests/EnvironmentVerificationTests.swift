import Foundation
import LintEngine
import Testing

@testable import ServerSide

/// The environment that decides verification is the one the user expects (`--environment`),
/// never the payload's claim (issue 46: `"environment": "Xcode"` in the payload skipped
/// verification, so an `alg: none` payload passed with a note).
@Suite struct EnvironmentVerificationTests {
    func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// A notification claiming `environment`, under an `alg: none` header with an empty signature.
    func unsigned(_ environment: String) -> String {
        let payload =
            #"{"notificationType":"TEST","notificationUUID":"002e14d5-51f5-4503-b5a8-c3a1af68eb20","version":"2.0","signedDate":1706169600000,"data":{"environment":"\#(environment)","bundleId":"com.example"}}"#
        return #"{"signedPayload":"\#(base64URL(#"{"alg":"none"}"#)).\#(base64URL(payload))."}"#
    }

    func findings(_ text: String, _ environment: ServerOptions.Environment?, unavailable: String? = nil)
        -> [Diagnostic]
    {
        var options = ServerOptions(environment: environment)
        options.verificationUnavailable = unavailable
        return ServerLinter(options: options).lintDocument(Array(text.utf8), file: "n.json", kind: .notification)
    }

    func rules(_ text: String, _ environment: ServerOptions.Environment?, unavailable: String? = nil) -> [String] {
        findings(text, environment, unavailable: unavailable).map { "\($0.rule)" }.sorted()
    }

    @Test func thePayloadsClaimSkipsNothing() {
        for claim in ["Xcode", "LocalTesting"] {
            #expect(rules(unsigned(claim), .production) == ["EP734", "EP743"], "\(claim)")
            #expect(rules(unsigned(claim), .sandbox) == ["EP734", "EP743"], "\(claim)")
            #expect(rules(unsigned(claim), nil) == ["EP734"], "\(claim)")
        }
        #expect(rules(unsigned("Sandbox"), .sandbox) == ["EP734"])
        #expect(rules(unsigned("Production"), .sandbox) == ["EP734", "EP743"])
    }

    @Test func theUsersEnvironmentSkipsVerification() {
        #expect(rules(unsigned("Xcode"), .xcode) == ["EP715"])
        #expect(rules(unsigned("LocalTesting"), .localTesting) == ["EP715"])
        // Skipped as asked, and the payload's other claim still named.
        #expect(rules(unsigned("Production"), .xcode) == ["EP715", "EP743"])
        let message = findings(unsigned("Production"), .xcode).first {
            $0.rule == .ep743SignedPayloadEnvironmentMismatch
        }
        #expect(
            message?.message
                == "signedPayload says environment 'Production', but --environment xcode expects Xcode; its signature is verified as xcode's"
        )
        #expect(findings(unsigned("Xcode"), .xcode).map(\.severity) == [.note])
    }

    /// Where verification cannot run: a warning (so `--strict` fails) unless the user skipped it.
    @Test func couldNotVerifyIsAWarning() {
        let es256 =
            #"{"signedPayload":"\#(base64URL(#"{"alg":"ES256","x5c":["MA==","MA==","MA=="]}"#)).\#(base64URL(#"{"notificationType":"TEST","notificationUUID":"002e14d5-51f5-4503-b5a8-c3a1af68eb20","version":"2.0","signedDate":1706169600000,"data":{"environment":"Sandbox","bundleId":"com.example"}}"#)).c2ln"}"#
        for environment in [nil, ServerOptions.Environment.production, .sandbox] {
            let found = findings(es256, environment, unavailable: "no libcrypto here")
                .filter { $0.rule == .ep742SignatureCouldNotBeVerified }
            #expect(found.map(\.severity) == [.warning], "\(String(describing: environment))")
            #expect(
                found.first?.message
                    == "signedPayload decoded but its signature could not be verified: no libcrypto here")
        }
        #expect(rules(es256, .xcode, unavailable: "no libcrypto here") == ["EP715", "EP743"])
        // What needs no cryptography is still judged.
        #expect(rules(unsigned("Sandbox"), .sandbox, unavailable: "no libcrypto here") == ["EP734"])
    }

    /// Tokens carry no Xcode environment: EP609 compares production and sandbox only.
    @Test func tokensUnderXcodesEnvironments() throws {
        let token = base64URL(
            #"{"appAppleId":1234,"bundleId":"com.example","tokenCreationDate":1706169600000,"externalPurchaseId":"SANDBOX_00000000-0000-0000-0000-000000000000"}"#
        )
        func rules(_ environment: ServerOptions.Environment) -> [String] {
            ServerLinter(options: ServerOptions(environment: environment)).lintToken(
                Substring(token), file: "t",
                range: ServerLinter.range(of: Substring(token), line: 1, column: 1, offset: 0)
            ).diagnostics.map { "\($0.rule)" }
        }
        #expect(rules(.production) == ["EP609"])
        #expect(rules(.xcode) == [])
        #expect(rules(.localTesting) == [])
    }
}
