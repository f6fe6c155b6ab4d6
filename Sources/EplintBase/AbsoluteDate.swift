/// Dates of binary plists (seconds since 2001-01-01 00:00:00 UTC) as the XML form writes
/// them: `2024-01-31T09:05:00Z`, whole seconds.
package enum AbsoluteDate {
    /// Seconds from 1970-01-01 to 2001-01-01.
    static let referenceOffset: Double = 978_307_200

    package static func text(secondsSince2001 seconds: Double) -> String {
        // Beyond ±10^12 s (±31,000 years) a date has no four-digit year: keep the number.
        guard seconds.isFinite, abs(seconds) < 1e12 else { return seconds.description }
        // A fraction of a second is dropped (toward the past).
        return text(unixSeconds: Int64(seconds.rounded(.down)) + Int64(referenceOffset))
    }

    /// `2024-01-25T08:00:00Z` for seconds since 1970 (proleptic Gregorian, UTC).
    package static func text(unixSeconds unix: Int64) -> String {
        let days = floorDivision(unix, 86_400)
        // Not `unix - days * 86_400`: that product passes Int64.min when unix is near it.
        let remainder = unix % 86_400
        let secondOfDay = remainder < 0 ? remainder + 86_400 : remainder
        let (year, month, day) = civil(fromDays: days)
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T" + padded(secondOfDay / 3600, 2)
            + ":"
            + padded(secondOfDay / 60 % 60, 2) + ":" + padded(secondOfDay % 60, 2) + "Z"
    }

    /// Seconds since 1970 of a UNIX time in milliseconds, rounded toward the past. Any Int64 is
    /// one (a date in a token or a payload is untrusted): `(ms - 999) / 1000` overflowed near Int64.min.
    package static func unixSeconds(milliseconds: Int64) -> Int64 { floorDivision(milliseconds, 1000) }

    /// `value / divisor` rounded toward minus infinity, for a positive divisor; never overflows.
    static func floorDivision(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// Seconds since 1970 of a date written as `text(unixSeconds:)` writes it (`2026-01-01T00:00:00Z`), or nil.
    package static func unixSeconds(_ text: String) -> Int64? {
        let digits = Array(text.utf8)
        guard digits.count == 20, digits[4] == 0x2D, digits[7] == 0x2D, digits[10] == 0x54, digits[13] == 0x3A,
            digits[16] == 0x3A, digits[19] == 0x5A
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            guard digits[range].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return digits[range].reduce(0) { $0 * 10 + Int64($1 - 0x30) }
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month),
            (1...31).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        // Howard Hinnant's days_from_civil, the inverse of civil(fromDays:).
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        guard civil(fromDays: days) == (year, month, day) else { return nil }
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (Howard Hinnant's algorithm).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
