/// Base64URL (RFC 4648 §5), by hand: the binary carries no Foundation.
enum Base64URL {
    struct Failure: Error, Sendable {
        package var message: String
        /// Index of the offending character (scalar index in the text), when one is to blame.
        var characterIndex: Int
    }

    /// A character of the Base64URL alphabet or its `=` padding.
    static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    /// Decodes `text` with or without `=` padding; `standard`: Base64's alphabet (RFC 4648 §4,
    /// `+` and `/`), as a JWS header's `x5c` certificates and PEM files are written.
    static func decode(_ text: Substring, standard: Bool = false) throws(Failure) -> [UInt8] {
        let characters = Array(text.utf8)
        var end = characters.count
        var padding = 0
        while end > 0 && characters[end - 1] == UInt8(ascii: "=") {
            end -= 1
            padding += 1
        }
        var output: [UInt8] = []
        output.reserveCapacity(end * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for position in 0..<end {
            let byte = characters[position]
            let sextet: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): sextet = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): sextet = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sextet = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "-") where !standard, UInt8(ascii: "+") where standard: sextet = 62
            case UInt8(ascii: "_") where !standard, UInt8(ascii: "/") where standard: sextet = 63
            default:
                // Columns count scalars: continuation bytes before it do not move them.
                let scalarIndex = characters[..<position].count { $0 & 0xC0 != 0x80 }
                let shown: String
                switch byte {
                case UInt8(ascii: "+") where !standard, UInt8(ascii: "/") where !standard:
                    shown = "'\(Character(Unicode.Scalar(byte)))' (standard Base64; Base64URL uses '-' and '_')"
                case UInt8(ascii: "="): shown = "'=' before the end (padding comes last)"
                case 0x21..<0x7F: shown = "'\(Character(Unicode.Scalar(byte)))'"
                default: shown = "byte 0x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
                throw Failure(
                    message: "\(shown) is not a Base64\(standard ? "" : "URL") character", characterIndex: scalarIndex)
            }
            buffer = buffer << 6 | sextet
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        if end % 4 == 1 {
            throw Failure(
                message: "\(end) characters cannot be Base64URL (one too many for whole bytes)", characterIndex: end - 1
            )
        }
        if padding > 0 && (end + padding) % 4 != 0 || padding > 2 {
            throw Failure(message: "wrong '=' padding: \(padding) for \(end) characters", characterIndex: end)
        }
        return output
    }
}
