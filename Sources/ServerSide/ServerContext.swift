import EplintBase
import LintEngine
import Signatures

/// Which kind of server-side document a rule looks at.
package enum ServerDocumentKind: String, Sendable {
    case token, report, notification
}

/// What the run knows beyond the document: the app and environment tokens must belong to,
/// and the tokens given with `--token` (for reports).
package struct ServerOptions: Sendable {
    /// The environment the server expects payloads from, as the user names it (never the
    /// payload's claim): Xcode and local testing sign with Xcode's own certificate, so naming
    /// one of them is what skips verification (as Apple's `SignedDataVerifier` configured so).
    package enum Environment: String, Sendable, CaseIterable {
        case production, sandbox, xcode
        case localTesting = "local-testing"

        /// The `environment` value Apple's payloads carry for it.
        var payloadName: String {
            switch self {
            case .production: "Production"
            case .sandbox: "Sandbox"
            case .xcode: "Xcode"
            case .localTesting: "LocalTesting"
            }
        }

        /// Xcode's environments, whose payloads are not signed under Apple's root.
        package var signsWithXcode: Bool { self == .xcode || self == .localTesting }
    }

    package var bundleID: String?
    /// The app's Apple ID (`--app-apple-id`), which production tokens and payloads carry as `appAppleId`.
    package var appAppleID: Int64?
    package var environment: Environment?
    /// Decoded tokens (`--token`, `--tokens`).
    package var tokens: [DecodedToken]
    /// `tokens` by `externalPurchaseId` (the first of each), for runs with many tokens.
    private(set) var tokensByID: [String: Int] = [:]
    /// Now, UNIX time in milliseconds (`EPLINT_NOW` or the clock), for dates in the future; nil checks none.
    package var now: Int64?
    /// Roots signed payloads may chain to besides the embedded Apple Root CA - G3 (`--root-certificate`).
    package var rootCertificates: [TrustedRoot] = []
    /// Set, signatures are judged as where verification cannot run, for this reason: how the
    /// tests see EP742 (macOS, no libcrypto) on a machine that verifies.
    var verificationUnavailable: String?

    package init(
        bundleID: String? = nil, appAppleID: Int64? = nil, environment: Environment? = nil,
        tokens: [DecodedToken] = [], now: Int64? = nil
    ) {
        self.bundleID = bundleID
        self.appAppleID = appAppleID
        self.environment = environment
        self.tokens = tokens
        self.now = now
    }

    mutating func indexTokens() {
        tokensByID = [:]
        for (index, token) in tokens.enumerated() {
            if let id = token.externalPurchaseId, tokensByID[id] == nil { tokensByID[id] = index }
        }
    }
}

/// What a whole run has seen: a `requestIdentifier` used twice in one run is an error; the
/// history the team sent (`--history`), and the reports of the run checked so far.
final class ServerRunState {
    var requestIdentifiers: [String: (file: String, range: SourceRange)] = [:]
    let history: ReportHistory
    /// Whether the run was given a history: only then is a line item it does not hold "never sent".
    let historyGiven: Bool

    init(history: ReportHistory? = nil) {
        self.history = history ?? ReportHistory()
        historyGiven = history != nil
    }
}

/// One object to check (a token's payload, one report body, one notification payload), and
/// the one way rules report. For a token, every finding is placed on the token itself
/// (`anchor`): the decoded JSON has no place in the file.
package final class ServerContext {
    package let file: String
    package let kind: ServerDocumentKind
    package let object: JSONNode
    package let options: ServerOptions
    let run: ServerRunState
    /// Prefixed to key paths (`[2].` for the third body of an array, `signedPayload.`).
    let keyPathPrefix: String
    /// Where findings go when the JSON has no position of its own in the file.
    let anchor: SourceRange?
    private(set) var diagnostics: [Diagnostic] = []
    /// A report's line items and their index by `lineItemId`, shared by the line-item rules (LineItems.swift).
    private(set) lazy var lineItems: [LineItem] = kind == .report ? Self.lineItems(of: object) : []
    private(set) lazy var lineItemsByID: [String: LineItem] = Self.lineItemsByID(lineItems)

    init(
        file: String, kind: ServerDocumentKind, object: JSONNode, options: ServerOptions, run: ServerRunState,
        keyPathPrefix: String, anchor: SourceRange?
    ) {
        self.file = file
        self.kind = kind
        self.object = object
        self.options = options
        self.run = run
        self.keyPathPrefix = keyPathPrefix
        self.anchor = anchor
    }

    package func member(_ key: String) -> JSONMember? { object.member(key) }

    /// Reports `rule` at `node` (or at the object when nil), with its key path.
    package func report(
        _ rule: RuleID, _ message: String, at node: JSONNode? = nil, key: String = "", related: [RelatedLocation] = []
    ) {
        let path = keyPathPrefix + key
        diagnostics.append(
            Diagnostic(
                file: file, rule: rule, message: message, range: anchor ?? (node ?? object).range,
                keyPath: path.hasSuffix(".") ? String(path.dropLast()) : path, value: node?.excerpt ?? "",
                related: anchor == nil ? related : []))
    }

    /// A member's value when it has the type Apple documents for it (else nil: EP604/EP704 report that).
    package func field(_ key: String) -> JSONNode? {
        guard let node = member(key)?.value, let type = ServerFacts.fieldType(key, in: kind), type.admits(node) else {
            return nil
        }
        return node
    }
}

enum FieldType: Sendable, Equatable {
    case integer, milliseconds, string, nonEmptyString, object, array
    /// Line-item types: Apple's `int32`, `boolean`, and `double` (a JSON number, or text of digits:
    /// Apple gives `exchangeRate` a maximum length and a digit pattern too).
    case int32, boolean, decimal

    func admits(_ node: JSONNode) -> Bool {
        switch self {
        case .integer, .milliseconds: node.integer != nil
        case .int32: node.integer.map { Int32(exactly: $0) != nil } ?? false
        case .boolean: if case .bool = node.value { true } else { false }
        case .decimal: node.decimalText != nil
        case .string: node.string != nil
        case .nonEmptyString: !(node.string ?? "").isEmpty
        case .object: node.isObject
        case .array: if case .array = node.value { true } else { false }
        }
    }

    var description: String {
        switch self {
        case .integer: "an integer"
        case .milliseconds: "an integer, UNIX time in milliseconds"
        case .string: "a string"
        case .nonEmptyString: "a non-empty string"
        case .object: "an object"
        case .array: "an array"
        case .int32: "a 32-bit integer"
        case .boolean: "true or false"
        case .decimal: "a number"
        }
    }
}

extension ServerDocumentKind {
    package var displayName: String {
        switch self {
        case .token: "the token"
        case .report: "the report"
        case .notification: "the notification"
        }
    }
}

/// A rule on one server-side object. One per file, named `EPnnnShortName`; name, severity and
/// documentation come from `Rules/EPnnn.md` as for the plist rules.
package protocol ServerRule: Sendable {
    /// Generated with the list of rules (`Generated/AllServerRules.swift`): the page's constant.
    var id: RuleID { get }
    var kinds: Set<ServerDocumentKind> { get }
    func check(_ context: ServerContext)
}
