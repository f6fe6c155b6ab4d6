/// `file:` URIs, the way clients name documents and workspace folders.
enum FileURI {
    /// The absolute path of a `file:` URI (percent escapes decoded), nil for any other scheme or
    /// a path that does not decode to UTF-8 or holds NUL.
    static func path(of uri: String) -> String? {
        var rest = Substring(uri)
        guard rest.lowercased().hasPrefix("file://") else { return nil }
        rest = rest.dropFirst("file://".count)
        // `file://localhost/…` names this machine too; another host is not a local file.
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/") else { return nil }
        var bytes: [UInt8] = []
        var utf8 = Array(rest.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let high = utf8[utf8.startIndex].hexDigitValue,
                let low = utf8[utf8.startIndex + 1].hexDigitValue
            else { return nil }
            bytes.append(high << 4 | low)
            utf8 = utf8.dropFirst(2)
        }
        // Decoding repairs invalid UTF-8; a path that needed repair is not the file named.
        let path = String(decoding: bytes, as: UTF8.self)
        guard !bytes.contains(0), Array(path.utf8) == bytes else { return nil }
        return path
    }

    /// The `file:` URI of an absolute path: every byte but unreserved ones and `/` percent-escaped.
    static func uri(of path: String) -> String {
        var uri = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                uri += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return uri
    }
}
