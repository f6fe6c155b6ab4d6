extension String {
    /// The string in single quotes, with control characters escaped and long text cut,
    /// safe to put inside a one-line diagnostic.
    package var quotedForMessage: String {
        var result = "'"
        var count = 0
        for scalar in unicodeScalars {
            count += 1
            if count > 80 {
                result += "…"
                break
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "'": result += "\\'"
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}"
                {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "'"
    }
}
