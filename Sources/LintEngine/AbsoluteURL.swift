/// An exact RFC 3986 reading of an absolute URL with an authority
/// (`scheme "://" authority path-abempty [ "?" query ] [ "#" fragment ]`).
///
/// Written by hand on purpose: Foundation's URL parsing is lenient and differs between
/// platforms, and a linter must say the same thing everywhere. Every non-ASCII character
/// is treated as unreserved (non-ASCII is its own rule, EP205).
package struct AbsoluteURL: Equatable, Sendable {
    package var scheme: String
    package var userinfo: String?
    package var host: String
    var port: String?
    package var query: String?

    package enum Invalid: Error, Equatable, Sendable {
        case whitespaceOrControl
        case backslash
        case badPercentEscape
        case noScheme
        case noAuthority
        case emptyHost
        case invalidHost
        case invalidPort
        case invalidCharacter(Character)

        package var explanation: String {
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

    package static func parse(_ text: String) -> Result<AbsoluteURL, Invalid> {
        // Over UTF-8 bytes: every character the grammar names is ASCII, and a byte of a
        // multi-byte character (>= 0x80) is "unreserved" here. No copy of the text is made,
        // so a 50 MB string costs one pass, not an array of scalars.
        var copy = text
        return copy.withUTF8 { parse(bytes: $0) }
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Result<AbsoluteURL, Invalid> {
        let count = bytes.count
        // Characters that are wrong wherever they stand come first.
        for byte in bytes {
            if byte <= 0x20 || byte == 0x7F { return .failure(.whitespaceOrControl) }
            if byte == UInt8(ascii: "\\") { return .failure(.backslash) }
        }
        var index = 0
        while index < count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                    return .failure(.badPercentEscape)
                }
            }
            index += 1
        }
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        func bad(_ byte: UInt8) -> Invalid { .invalidCharacter(Character(Unicode.Scalar(byte))) }

        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isAlpha(bytes[0]),
            bytes[1..<colon].allSatisfy({
                isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: ".")
            })
        else {
            return .failure(.noScheme)
        }
        guard count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else {
            return .failure(.noAuthority)
        }
        let authorityStart = colon + 3
        var authorityEnd = authorityStart
        while authorityEnd < count, bytes[authorityEnd] != UInt8(ascii: "/"), bytes[authorityEnd] != UInt8(ascii: "?"),
            bytes[authorityEnd] != UInt8(ascii: "#")
        {
            authorityEnd += 1
        }

        var hostStart = authorityStart
        var userinfo: String?
        if let at = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) {
            if let wrong = bytes[authorityStart..<at].first(where: {
                !(isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "%"))
            }) {
                return .failure(bad(wrong))
            }
            userinfo = string(authorityStart..<at)
            hostStart = at + 1
        }

        // host = IP-literal / IPv4address / reg-name, then [ ":" port ]
        var hostEnd = authorityEnd
        var portRange: Range<Int>?
        if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "[") {
            guard let close = bytes[hostStart..<authorityEnd].firstIndex(of: UInt8(ascii: "]")) else {
                return .failure(.invalidHost)
            }
            hostEnd = close + 1
            if hostEnd < authorityEnd {
                guard bytes[hostEnd] == UInt8(ascii: ":") else { return .failure(.invalidHost) }
                portRange = (hostEnd + 1)..<authorityEnd
            }
            guard isIPLiteral(string((hostStart + 1)..<close)) else { return .failure(.invalidHost) }
        } else {
            if let portColon = bytes[hostStart..<authorityEnd].firstIndex(of: UInt8(ascii: ":")) {
                hostEnd = portColon
                portRange = (portColon + 1)..<authorityEnd
            }
            guard hostStart < hostEnd else { return .failure(.emptyHost) }
            if let wrong = bytes[hostStart..<hostEnd].first(where: {
                !(isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: "%"))
            }) {
                return .failure(
                    wrong == UInt8(ascii: "[") || wrong == UInt8(ascii: "]") || wrong == UInt8(ascii: ":")
                        ? .invalidHost : bad(wrong))
            }
        }
        if let portRange {
            guard !portRange.isEmpty, portRange.count <= 10, bytes[portRange].allSatisfy(isDigit),
                let port = Int(string(portRange)), (1...65535).contains(port)
            else { return .failure(.invalidPort) }
        }

        // path-abempty, then [ "?" query ] [ "#" fragment ]: pchar plus "/" (and "?" after the path).
        var query: String?
        var queryStart: Int?
        index = authorityEnd
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") {
                if let start = queryStart { query = string(start..<index) }
                if let wrong = bytes[(index + 1)...].first(where: { !isQueryCharacter($0) }) {
                    return .failure(bad(wrong))
                }
                return .success(
                    AbsoluteURL(
                        scheme: string(0..<colon), userinfo: userinfo, host: string(hostStart..<hostEnd),
                        port: portRange.map(string), query: query))
            }
            if byte == UInt8(ascii: "?") && queryStart == nil {
                queryStart = index + 1
            } else if !(isPathCharacter(byte) || (queryStart != nil && byte == UInt8(ascii: "?"))) {
                return .failure(bad(byte))
            }
            index += 1
        }
        if let start = queryStart { query = string(start..<count) }
        return .success(
            AbsoluteURL(
                scheme: string(0..<colon), userinfo: userinfo, host: string(hostStart..<hostEnd),
                port: portRange.map(string), query: query))
    }

    // MARK: Character classes (RFC 3986 §2), on bytes

    private static func isAlpha(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
    }
    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    private static func isHex(_ b: UInt8) -> Bool {
        isDigit(b) || ((b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "f"))
    }
    private static func isUnreserved(_ b: UInt8) -> Bool {
        isAlpha(b) || isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_")
            || b == UInt8(ascii: "~") || b >= 0x80
    }
    private static func isSubDelimiter(_ b: UInt8) -> Bool { "!$&'()*+,;=".utf8.contains(b) }
    /// pchar (percent escapes were checked already) or "/".
    private static func isPathCharacter(_ b: UInt8) -> Bool {
        isUnreserved(b) || isSubDelimiter(b) || b == UInt8(ascii: ":") || b == UInt8(ascii: "@")
            || b == UInt8(ascii: "%") || b == UInt8(ascii: "/")
    }
    private static func isQueryCharacter(_ b: UInt8) -> Bool { isPathCharacter(b) || b == UInt8(ascii: "?") }

    /// IPv6address or IPvFuture between the brackets (RFC 3986 §3.2.2; no zone IDs).
    private static func isIPLiteral(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        if let first = bytes.first, first == UInt8(ascii: "v") || first == UInt8(ascii: "V") {
            let body = bytes.dropFirst()
            guard let dot = body.firstIndex(of: UInt8(ascii: ".")), dot > body.startIndex,
                body[body.startIndex..<dot].allSatisfy(isHex)
            else { return false }
            let tail = body[(dot + 1)...]
            return !tail.isEmpty
                && tail.allSatisfy { (isUnreserved($0) && $0 < 0x80) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") }
        }
        return isIPv6(text)
    }

    static func isIPv6(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.allSatisfy({ isHex($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
        else { return false }
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
            return nonEmpty.allSatisfy { $0.utf8.count <= 4 && $0.utf8.allSatisfy(isHex) }
        }
        return groups.count == 8 && groups.allSatisfy { !$0.isEmpty && $0.utf8.count <= 4 && $0.utf8.allSatisfy(isHex) }
    }

    static func isIPv4(_ text: String) -> Bool {
        let parts = text.components(separatedByString: ".")
        return parts.count == 4
            && parts.allSatisfy { part in
                guard !part.isEmpty, part.utf8.count <= 3, part.utf8.allSatisfy(isDigit), let value = Int(part),
                    value <= 255
                else { return false }
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
