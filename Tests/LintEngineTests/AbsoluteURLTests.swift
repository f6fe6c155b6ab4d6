import Testing

@testable import LintEngine

/// RFC 3986's own examples (§1.1.2, §3, §5.4) and the boundaries of the URL rules (Rules/EP2nn.md).
@Suite struct AbsoluteURLTests {
    func verdict(_ text: String) -> String {
        switch AbsoluteURL.parse(text) {
        case .success(let url):
            "\(url.scheme) host=\(url.host)\(url.port.map { " port=\($0)" } ?? "")\(url.query.map { " query=\($0)" } ?? "")\(url.userinfo.map { " user=\($0)" } ?? "")"
        case .failure(let invalid): "invalid: \(invalid)"
        }
    }

    @Test func rfcExamples() {
        #expect(verdict("ftp://ftp.is.co.za/rfc/rfc1808.txt") == "ftp host=ftp.is.co.za")
        #expect(verdict("http://www.ietf.org/rfc/rfc2396.txt") == "http host=www.ietf.org")
        #expect(verdict("ldap://[2001:db8::7]/c=GB?objectClass?one") == "ldap host=[2001:db8::7] query=objectClass?one")
        #expect(verdict("telnet://192.0.2.16:80/") == "telnet host=192.0.2.16 port=80")
        #expect(
            verdict("foo://example.com:8042/over/there?name=ferret#nose")
                == "foo host=example.com port=8042 query=name=ferret")
        #expect(verdict("http://a/b/c/d;p?q") == "http host=a query=q")
        // Absolute URIs without an authority are not destination URLs.
        for text in [
            "mailto:John.Doe@example.com", "news:comp.infosystems.www.servers.unix", "tel:+1-816-555-1212",
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        ] {
            #expect(verdict(text) == "invalid: noAuthority", "\(text)")
        }
    }

    @Test func boundaries() {
        #expect(verdict("HTTPS://x.com/") == "HTTPS host=x.com")
        #expect(verdict("https://x.com/?") == "https host=x.com query=")
        #expect(verdict("https://x.com/#a?b") == "https host=x.com")
        #expect(verdict("https://x.com:/") == "invalid: invalidPort")
        #expect(verdict("https://x.com:65535/") == "https host=x.com port=65535")
        #expect(verdict("https://x.com:65536/") == "invalid: invalidPort")
        #expect(verdict("https://x.com:0/") == "invalid: invalidPort")
        #expect(verdict("https://bücher.de/") == "https host=bücher.de")
        #expect(verdict("https://x.com/%zz") == "invalid: badPercentEscape")
        #expect(verdict("https://x.com/%") == "invalid: badPercentEscape")
        #expect(verdict(" https://x.com/") == "invalid: whitespaceOrControl")
        #expect(verdict("https://x.com/\t") == "invalid: whitespaceOrControl")
        #expect(verdict("https://user:pw@x.com/") == "https host=x.com user=user:pw")
        #expect(verdict("https://[fe80::1%25en0]/") == "invalid: invalidHost")
        #expect(verdict("https://[::1]:8443/") == "https host=[::1] port=8443")
        #expect(verdict("https://[::ffff:192.0.2.1]/") == "https host=[::ffff:192.0.2.1]")
        #expect(verdict("https://[1:2:3:4:5:6:7:8:9]/") == "invalid: invalidHost")
        #expect(verdict("https://[v7.abc]/") == "https host=[v7.abc]")
        #expect(verdict("https://x.com./") == "https host=x.com.")
        #expect(verdict("https:///path") == "invalid: emptyHost")
        #expect(verdict("https://x.com/a b") == "invalid: whitespaceOrControl")
        #expect(verdict("https://x.com/a\\b") == "invalid: backslash")
        #expect(verdict("https://x.com/<a>") == "invalid: invalidCharacter(\"<\")")
        #expect(verdict("1https://x.com/") == "invalid: noScheme")
        #expect(verdict("//x.com/") == "invalid: noScheme")
    }
}
