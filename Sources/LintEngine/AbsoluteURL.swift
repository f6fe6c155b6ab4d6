/// An exact RFC 3986 reading of an absolute URL with an authority
/// (`scheme "://" authority path-abempty [ "?" query ] [ "#" fragment ]`).
///
/// Written by hand on purpose: Foundation's URL parsing is lenient and differs between
/// platforms, and a linter must say the same thing everywhere. Every non-ASCII character
/// is treated as unreserved (non-ASCII is its own rule, EP205).
public struct AbsoluteURL: Equatable, Sendable {
    public var scheme: String
    public var userinfo: String?
    public var host: String
    public var port: String?
    public var query: String?

    public enum Invalid: Error, Equatable, Sendable {
        case whitespaceOrControl
        case backslash
        case badPercentEscape
        case noScheme
        case noAuthority
        case emptyHost
        case invalidHost
        case invalidPort
        case invalidCharacter(Character)

        public var explanation: String {
            switch self {
            case .whitespaceOrControl: "it contains a space or a control character"
            case .backslash: "it contains a backslash"
            case .badPercentEscape: "it has a '%' not followed by two hexadecimal digits"
            case .noScheme: "it has no scheme (such as 'https:')"
            case .noAuthority: "it has no '//' and host after the scheme"
            case .emptyHost: "its host is empty"
            case .invalidHost: "its host is not a valid host name or IP address"
            case .invalidPort: "its port is not a number from 1 to 65535"
            case .invalidCharacter(let character): "it contains '\(character)', which a URL must percent-encode"
            }
        }
    }

    public static func parse(_ text: String) -> Result<AbsoluteURL, Invalid> {
        let scalars = Array(text.unicodeScalars)
        // Characters that are wrong wherever they stand come first.
        for scalar in scalars {
            if scalar.value <= 0x20 || scalar.value == 0x7F { return .failure(.whitespaceOrControl) }
            if scalar == "\\" { return .failure(.backslash) }
        }
        for (index, scalar) in scalars.enumerated() where scalar == "%" {
            guard index + 2 < scalars.count, isHex(scalars[index + 1]), isHex(scalars[index + 2]) else {
                return .failure(.badPercentEscape)
            }
        }

        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        guard let colon = scalars.firstIndex(of: ":"), colon > 0, isAlpha(scalars[0]),
              scalars[1..<colon].allSatisfy({ isAlpha($0) || isDigit($0) || "+-.".unicodeScalars.contains($0) }) else {
            return .failure(.noScheme)
        }
        let scheme = string(scalars[0..<colon])
        guard colon + 2 < scalars.count + 1, scalars.count >= colon + 3, scalars[colon + 1] == "/", scalars[colon + 2] == "/" else {
            return .failure(.noAuthority)
        }
        let authorityStart = colon + 3
        let authorityEnd = scalars[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? scalars.count
        var authority = scalars[authorityStart..<authorityEnd]

        var userinfo: String?
        if let at = authority.lastIndex(of: "@") {
            let info = authority[authority.startIndex..<at]
            if let bad = info.first(where: { !(isUnreserved($0) || isSubDelimiter($0) || $0 == ":" || $0 == "%") }) {
                return .failure(.invalidCharacter(Character(bad)))
            }
            userinfo = string(info)
            authority = authority[(at + 1)...]
        }

        // host = IP-literal / IPv4address / reg-name, then [ ":" port ]
        var host: ArraySlice<Unicode.Scalar>
        var portText: ArraySlice<Unicode.Scalar>?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else { return .failure(.invalidHost) }
            host = authority[authority.startIndex...close]
            let rest = authority[(close + 1)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return .failure(.invalidHost) }
                portText = rest.dropFirst()
            }
            guard isIPLiteral(host.dropFirst().dropLast()) else { return .failure(.invalidHost) }
        } else {
            if let portColon = authority.firstIndex(of: ":") {
                host = authority[authority.startIndex..<portColon]
                portText = authority[(portColon + 1)...]
            } else {
                host = authority
            }
            guard !host.isEmpty else { return .failure(.emptyHost) }
            if let bad = host.first(where: { !(isUnreserved($0) || isSubDelimiter($0) || $0 == "%") }) {
                return .failure(bad == "[" || bad == "]" || bad == ":" ? .invalidHost : .invalidCharacter(Character(bad)))
            }
        }
        if let portText {
            guard !portText.isEmpty, portText.count <= 10, portText.allSatisfy(isDigit),
                  let port = Int(string(portText)), (1...65535).contains(port) else { return .failure(.invalidPort) }
        }

        // path-abempty, query and fragment: pchar plus "/" (and "?" after the path).
        var index = authorityEnd
        var query: String?
        var inQuery = false
        var queryStart = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "#" {
                if inQuery { query = string(scalars[queryStart..<index]) }
                inQuery = false
                let fragment = scalars[(index + 1)...]
                if let bad = fragment.first(where: { !isQueryCharacter($0) }) { return .failure(.invalidCharacter(Character(bad))) }
                return .success(AbsoluteURL(scheme: scheme, userinfo: userinfo, host: string(host), port: portText.map(string), query: query))
            }
            if scalar == "?" && !inQuery {
                inQuery = true
                queryStart = index + 1
            } else if !(isPathCharacter(scalar) || (inQuery && scalar == "?")) {
                return .failure(.invalidCharacter(Character(scalar)))
            }
            index += 1
        }
        if inQuery { query = string(scalars[queryStart...]) }
        return .success(AbsoluteURL(scheme: scheme, userinfo: userinfo, host: string(host), port: portText.map(string), query: query))
    }

    // MARK: Character classes (RFC 3986 §2)

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(scalars)) }
    private static func isAlpha(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
    private static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
    private static func isHex(_ s: Unicode.Scalar) -> Bool { isDigit(s) || ("a"..."f").contains(s) || ("A"..."F").contains(s) }
    private static func isUnreserved(_ s: Unicode.Scalar) -> Bool {
        isAlpha(s) || isDigit(s) || "-._~".unicodeScalars.contains(s) || s.value > 0x7F
    }
    private static func isSubDelimiter(_ s: Unicode.Scalar) -> Bool { "!$&'()*+,;=".unicodeScalars.contains(s) }
    /// pchar (percent escapes were checked already) or "/".
    private static func isPathCharacter(_ s: Unicode.Scalar) -> Bool {
        isUnreserved(s) || isSubDelimiter(s) || s == ":" || s == "@" || s == "%" || s == "/"
    }
    private static func isQueryCharacter(_ s: Unicode.Scalar) -> Bool { isPathCharacter(s) || s == "?" }

    /// IPv6address or IPvFuture between the brackets (RFC 3986 §3.2.2; no zone IDs).
    private static func isIPLiteral(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        if let first = text.first, first == "v" || first == "V" {
            let body = text.dropFirst()
            guard let dot = body.firstIndex(of: "."), dot > body.startIndex, body[body.startIndex..<dot].allSatisfy(isHex) else { return false }
            let tail = body[(dot + 1)...]
            return !tail.isEmpty && tail.allSatisfy { isUnreserved($0) && $0.value < 0x80 || isSubDelimiter($0) || $0 == ":" }
        }
        return isIPv6(string(text))
    }

    static func isIPv6(_ text: String) -> Bool {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ isHex($0) || $0 == ":" || $0 == "." }) else { return false }
        var groups = text.components(separatedByString: ":")
        if let last = groups.last, last.contains(".") {
            // A trailing IPv4 address stands for the last two 16-bit groups.
            guard isIPv4(last) else { return false }
            groups.removeLast()
            groups += ["0", "0"]
        }
        guard !text.contains(":::") else { return false }
        let compressions = text.ranges(of: "::").count
        guard compressions <= 1 else { return false }
        if compressions == 1 {
            // "::" yields empty pieces: at the start, the end, or both ("::").
            let nonEmpty = groups.filter { !$0.isEmpty }
            guard nonEmpty.count <= 7 else { return false }
            if text.hasPrefix(":") && !text.hasPrefix("::") { return false }
            if text.hasSuffix(":") && !text.hasSuffix("::") { return false }
            return nonEmpty.allSatisfy { $0.count <= 4 && $0.unicodeScalars.allSatisfy(isHex) }
        }
        return groups.count == 8 && groups.allSatisfy { !$0.isEmpty && $0.count <= 4 && $0.unicodeScalars.allSatisfy(isHex) }
    }

    static func isIPv4(_ text: String) -> Bool {
        let parts = text.components(separatedByString: ".")
        return parts.count == 4 && parts.allSatisfy { part in
            guard !part.isEmpty, part.count <= 3, part.unicodeScalars.allSatisfy(isDigit), let value = Int(part), value <= 255 else { return false }
            return part == "0" || !part.hasPrefix("0")
        }
    }
}

extension String {
    /// Splits on every occurrence of `separator`, keeping empty pieces (no Foundation).
    func components(separatedByString separator: String) -> [String] {
        var pieces: [String] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            pieces.append(String(rest[rest.startIndex..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        pieces.append(String(rest))
        return pieces
    }
}
