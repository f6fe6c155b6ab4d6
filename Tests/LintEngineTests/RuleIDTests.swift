import LintEngine
import Testing

/// Text becomes a rule ID only when a page has that exact ID, and a finding starts at its page's
/// severity, whichever code makes it.
@Suite struct RuleIDTests {
    @Test func onlyAnIDWithAPageIsValid() {
        #expect(RuleID(validating: "EP203") == .ep203UrlHasQuery)
        #expect(RuleID(validating: "EP203")?.rawValue == "EP203")
        #expect(RuleID(validating: "EP001") == .ep001MalformedPlist)
        #expect(RuleID(validating: "EP715") == .ep715SignatureNotVerified)
        for text in ["ep203", "EP999", "EP000", "EP20", "EP2031", " EP203", "EP203 ", "url-has-query", ""] {
            #expect(RuleID(validating: text) == nil, "\(text)")
        }
    }

    @Test func aDiagnosticStartsAtItsPagesSeverity() {
        func severity(_ rule: RuleID) -> Severity {
            Diagnostic(file: "Info.plist", rule: rule, message: "", range: .init(at: .start)).severity
        }
        #expect(severity(.ep001MalformedPlist) == .error)
        #expect(severity(.ep005UnknownStorekitKey) == .warning)
        #expect(severity(.ep006UnresolvedVariable) == .note)
        for rule in RuleCatalog.all { #expect(severity(rule.id) == rule.defaultSeverity, "\(rule.id)") }
    }
}
