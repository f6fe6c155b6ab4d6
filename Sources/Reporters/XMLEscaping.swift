/// Text for XML 1.0 reports (JUnit, Checkstyle). Scalars XML 1.0 cannot hold at all, even
/// as references (most C0 controls, U+FFFE, U+FFFF), become U+FFFD: an untrusted file's
/// bytes in a message must not make the whole report unreadable.
enum XMLEscaping {
    /// An attribute value in double quotes: line breaks and tabs as references, so that a
    /// reader's attribute normalisation keeps them.
    static func attribute(_ text: String) -> String {
        escape(text) { scalar in
            switch scalar {
            case "\"": "&quot;"
            case "\n": "&#10;"
            case "\r": "&#13;"
            case "\t": "&#9;"
            default: nil
            }
        }
    }

    /// Element content.
    static func text(_ text: String) -> String {
        escape(text) { $0 == "\r" ? "&#13;" : nil }
    }

    private static func escape(_ text: String, _ special: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if let replacement = special(scalar) {
                result += replacement
                continue
            }
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result.unicodeScalars.append("\u{FFFD}")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
