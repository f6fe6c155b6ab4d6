/// What verification reads from a certificate's DER itself, on every platform: the key's curve,
/// the extensions present (Apple's marker OIDs) and the subject. Security.framework offers no
/// stable C call for the first two, and one reading on both platforms gives one verdict.
/// The walk is a fixed path into the structure (no recursion); every length is bounded by
/// the bytes that hold it.
struct CertificateFields: Equatable {
    /// `id-ecPublicKey`, and the named curve P-256 (`prime256v1`), which ES256 requires.
    static let ecPublicKey = "1.2.840.10045.2.1"
    static let p256 = "1.2.840.10045.3.1.7"

    /// The subject public key's algorithm and, for an EC key, its named curve (dotted OIDs).
    var keyAlgorithm: String
    var curve: String?
    /// The OIDs of the extensions, in order.
    var extensions: [String]
    /// The subject as OpenSSL's `X509_NAME_oneline` writes it (`/C=US/O=Apple Inc./CN=…`).
    var subject: String

    var hasP256Key: Bool { keyAlgorithm == Self.ecPublicKey && curve == Self.p256 }

    /// nil unless `der` is exactly one well-formed certificate.
    init?(der: [UInt8]) {
        var outer = DERReader(der[...])
        guard let certificate = outer.next(tag: 0x30), outer.isAtEnd else { return nil }
        var body = DERReader(certificate)
        guard let tbs = body.next(tag: 0x30) else { return nil }
        var fields = DERReader(tbs)
        if fields.peekTag == 0xA0 { _ = fields.next(tag: 0xA0) }  // version
        guard fields.next(tag: 0x02) != nil,  // serialNumber
            fields.next(tag: 0x30) != nil,  // signature algorithm
            fields.next(tag: 0x30) != nil,  // issuer
            fields.next(tag: 0x30) != nil,  // validity
            let subject = fields.next(tag: 0x30), let keyInfo = fields.next(tag: 0x30)
        else { return nil }
        var key = DERReader(keyInfo)
        guard let algorithm = key.next(tag: 0x30) else { return nil }
        var algorithmFields = DERReader(algorithm)
        guard let keyAlgorithm = algorithmFields.next(tag: 0x06).flatMap(Self.dotted) else { return nil }
        self.keyAlgorithm = keyAlgorithm
        curve = algorithmFields.peekTag == 0x06 ? algorithmFields.next(tag: 0x06).flatMap(Self.dotted) : nil
        extensions = []
        while !fields.isAtEnd {
            let tag = fields.peekTag
            guard let value = fields.next(tag: tag) else { return nil }
            guard tag == 0xA3 else { continue }  // issuerUniqueID, subjectUniqueID
            var wrapper = DERReader(value)
            guard let list = wrapper.next(tag: 0x30) else { return nil }
            var entries = DERReader(list)
            while !entries.isAtEnd {
                guard let entry = entries.next(tag: 0x30) else { return nil }
                var parts = DERReader(entry)
                guard let oid = parts.next(tag: 0x06).flatMap(Self.dotted) else { return nil }
                extensions.append(oid)
            }
        }
        guard let subject = Self.oneLine(subject) else { return nil }
        self.subject = subject
    }

    /// An OBJECT IDENTIFIER's content as dotted decimal; nil for a malformed or oversized arc.
    static func dotted(_ content: ArraySlice<UInt8>) -> String? {
        var arcs: [UInt64] = []
        var value: UInt64 = 0
        var pending = false
        for byte in content {
            guard value <= UInt64.max >> 7, pending || byte != 0x80 else { return nil }
            value = value << 7 | UInt64(byte & 0x7F)
            pending = byte & 0x80 != 0
            if !pending {
                arcs.append(value)
                value = 0
            }
        }
        guard !pending, let first = arcs.first else { return nil }
        let head: [UInt64] = first < 80 ? [first / 40, first % 40] : [2, first - 80]
        return (head + arcs.dropFirst()).map { String($0) }.joined(separator: ".")
    }

    /// OpenSSL's short names for the attributes certificates use; others are shown dotted.
    private static let shortNames: [String: String] = [
        "2.5.4.3": "CN", "2.5.4.4": "SN", "2.5.4.5": "serialNumber", "2.5.4.6": "C", "2.5.4.7": "L",
        "2.5.4.8": "ST", "2.5.4.9": "street", "2.5.4.10": "O", "2.5.4.11": "OU", "2.5.4.12": "title",
        "2.5.4.42": "GN", "0.9.2342.19200300.100.1.1": "UID", "0.9.2342.19200300.100.1.25": "DC",
        "1.2.840.113549.1.9.1": "emailAddress",
    ]

    /// A Name (SEQUENCE OF SET OF {type, value}) as `/type=value…`, bytes outside printable
    /// ASCII as `\xHH`, at most 255 characters (the buffer the Linux path gives OpenSSL).
    private static func oneLine(_ name: ArraySlice<UInt8>) -> String? {
        var text = ""
        var names = DERReader(name)
        while !names.isAtEnd {
            guard let set = names.next(tag: 0x31) else { return nil }
            var attributes = DERReader(set)
            while !attributes.isAtEnd {
                guard let attribute = attributes.next(tag: 0x30) else { return nil }
                var parts = DERReader(attribute)
                guard let type = parts.next(tag: 0x06).flatMap(dotted) else { return nil }
                let tag = parts.peekTag
                guard let value = parts.next(tag: tag) else { return nil }
                text += "/" + (shortNames[type] ?? type) + "="
                for byte in value {
                    if (0x20...0x7E).contains(byte) {
                        text.unicodeScalars.append(Unicode.Scalar(byte))
                    } else {
                        let hex = Array("0123456789ABCDEF".unicodeScalars)
                        text += "\\x"
                        text.unicodeScalars.append(hex[Int(byte >> 4)])
                        text.unicodeScalars.append(hex[Int(byte & 0x0F)])
                    }
                }
            }
        }
        return String(text.prefix(255))
    }
}

/// DER's tag-length-value elements, one after another in a slice.
struct DERReader {
    private var rest: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { rest = bytes }

    var isAtEnd: Bool { rest.isEmpty }
    /// The next element's tag (one byte: the certificate fields read here have no long tags).
    var peekTag: UInt8 { rest.first ?? 0 }

    /// The next element's content if its tag is `tag`; nil (and nothing consumed) otherwise.
    mutating func next(tag: UInt8) -> ArraySlice<UInt8>? {
        var cursor = rest.startIndex
        guard cursor < rest.endIndex, rest[cursor] == tag, tag & 0x1F != 0x1F else { return nil }
        cursor += 1
        guard cursor < rest.endIndex else { return nil }
        let first = rest[cursor]
        cursor += 1
        var length = Int(first)
        if first & 0x80 != 0 {
            // Long form: 1 to 4 length bytes (no indefinite length in DER).
            let count = Int(first & 0x7F)
            guard (1...4).contains(count), rest.endIndex - cursor >= count else { return nil }
            length = 0
            for byte in rest[cursor..<cursor + count] { length = length << 8 | Int(byte) }
            cursor += count
        }
        guard length <= rest.endIndex - cursor else { return nil }
        let content = rest[cursor..<cursor + length]
        rest = rest[(cursor + length)...]
        return content
    }
}
