/// Keeps libxml2 from holding a long comment's text: libxml2 gathers a comment's whole body
/// before its comment callback (10 MB of comment cost 10 MB and more), yet eplint reads only
/// where a comment starts and ends and the first `PlistComment.textLimit` bytes of it.
///
/// Once the session knows libxml2 is deep inside a comment, the rest of the body is cut from
/// the text libxml2 is handed, chunk by chunk, and the reader shifts libxml2's offsets by what
/// was cut. Only what libxml2 would accept silently is cut: complete, valid UTF-8 characters
/// that XML allows, never a `--` (the comment's end, or the error of a `--` inside it). The
/// byte handed right after a cut always starts such a character other than `-`, so libxml2
/// sees no `--` that the file does not hold, and its verdict on the comment is unchanged.
/// Each chunk hands its last kilobyte on, so libxml2's cursor keeps moving through the comment
/// (the session forgets text behind that cursor) and libxml2 never gets only a few bytes.
struct CommentCutter {
    /// What a chunk hands on at least: the tail of each chunk of a cut comment.
    static let handedTail = 1_024
    /// How the text handed so far ends, where the cut begins.
    struct Entry: Equatable {
        /// The last byte handed is `-`: a `-` next would make `--`.
        var afterHyphen: Bool
        /// Continuation bytes still due to the last character handed.
        var pendingContinuationBytes: Int

        init(afterHyphen: Bool, pendingContinuationBytes: Int) {
            self.afterHyphen = afterHyphen
            self.pendingContinuationBytes = pendingContinuationBytes
        }

        /// After `handed`, the comment text libxml2 holds and has not read; nil if it holds a
        /// `--` (the comment's end, or an error libxml2 will report): nothing may be cut then.
        init?(after handed: UnsafeBufferPointer<UInt8>) {
            guard let last = handed.last else { return nil }
            let hyphen = UInt8(ascii: "-")
            for index in handed.indices.dropFirst() where handed[index] == hyphen && handed[index - 1] == hyphen {
                return nil
            }
            // A character whose last bytes are still to come (0 for one libxml2 will refuse).
            var lead = handed.count - 1
            while lead > max(0, handed.count - 4) && handed[lead] & 0xC0 == 0x80 { lead -= 1 }
            let length = CommentCutter.characterLength(handed, at: lead)
            self.init(afterHyphen: last == hyphen, pendingContinuationBytes: max(0, length - (handed.count - lead)))
        }
    }

    /// One chunk's share: `chunk[cutStart..<resume]` is cut, the rest handed on.
    struct Plan: Equatable {
        var cutStart: Int
        var resume: Int
        var cutCount: Int { resume - cutStart }
    }

    private(set) var isCutting = false
    private let handedTail: Int
    private var afterHyphen = false
    private var pendingContinuationBytes = 0

    init(handedTail: Int = Self.handedTail) {
        self.handedTail = handedTail
    }

    mutating func begin(_ entry: Entry) {
        isCutting = true
        afterHyphen = entry.afterHyphen
        pendingContinuationBytes = entry.pendingContinuationBytes
    }

    /// What to cut of the next chunk of the comment's text. Cutting ends at a `--` or at
    /// anything libxml2 might refuse; the rest of the comment is then handed as it is.
    mutating func plan(_ chunk: UnsafeBufferPointer<UInt8>) -> Plan {
        guard isCutting else { return Plan(cutStart: 0, resume: 0) }
        let count = chunk.count
        // The rest of a character begun in the last chunk is handed whole.
        let head = min(pendingContinuationBytes, count)
        pendingContinuationBytes -= head
        if head > 0 { afterHyphen = false }
        guard pendingContinuationBytes == 0 else { return Plan(cutStart: head, resume: head) }
        // Where the last complete character other than `-` starts (the cut ends there when
        // cutting stops), and the last one that leaves the tail to be handed on.
        var lastPlain: Int?
        var lastPlainBeforeTail: Int?
        let tailStart = count - handedTail
        var index = head
        while index < count {
            let byte = chunk[index]
            if byte == UInt8(ascii: "-") {
                if afterHyphen {
                    // `--`: the comment ends here (or libxml2 refuses it): handed as written.
                    return stop(before: index - 1, head: head, lastPlain: lastPlain)
                }
                afterHyphen = true
                index += 1
                continue
            }
            let length = Self.characterLength(chunk, at: index)
            if length == 0 { return stop(before: index, head: head, lastPlain: lastPlain) }
            if index + length > count {
                // Valid so far, split by the chunk's end: handed, finished by the next chunk.
                pendingContinuationBytes = index + length - count
                afterHyphen = false
                break
            }
            lastPlain = index
            if index <= tailStart { lastPlainBeforeTail = index }
            afterHyphen = false
            index += length
        }
        // The tail is handed, from a character other than `-`: libxml2 moves on.
        return Plan(cutStart: head, resume: lastPlainBeforeTail ?? head)
    }

    /// Cutting ends at `limit`: the cut stops before the last character other than `-`
    /// before it, so that what is handed after the cut never starts with `-`.
    private mutating func stop(before limit: Int, head: Int, lastPlain: Int?) -> Plan {
        isCutting = false
        guard let lastPlain, lastPlain < limit else { return Plan(cutStart: head, resume: head) }
        return Plan(cutStart: head, resume: lastPlain)
    }

    /// The length of the UTF-8 character at `index` if it is one XML allows (tab, line
    /// ends, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF), as far as the chunk shows it
    /// (a length past the chunk's end: the rest is not there yet); 0 if it is not.
    static func characterLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        switch lead {
        case 0x20...0x7F, 0x09, 0x0A, 0x0D:
            return 1
        case 0xC2...0xDF:
            return continues(bytes, index, 1) ? 2 : 0
        case 0xE0...0xEF:
            guard continues(bytes, index, 2) else { return 0 }
            guard index + 1 < bytes.count else { return 3 }
            let second = bytes[index + 1]
            if lead == 0xE0 && second < 0xA0 { return 0 }  // overlong
            if lead == 0xED && second >= 0xA0 { return 0 }  // surrogates
            // U+FFFE, U+FFFF
            if lead == 0xEF && second == 0xBF, index + 2 < bytes.count, bytes[index + 2] >= 0xBE { return 0 }
            return 3
        case 0xF0...0xF4:
            guard continues(bytes, index, 3) else { return 0 }
            guard index + 1 < bytes.count else { return 4 }
            let second = bytes[index + 1]
            if lead == 0xF0 && second < 0x90 { return 0 }  // overlong
            if lead == 0xF4 && second >= 0x90 { return 0 }  // past U+10FFFF
            return 4
        default:
            return 0
        }
    }

    /// The `count` bytes after `index` that the chunk holds are continuation bytes.
    private static func continues(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ count: Int) -> Bool {
        var next = index + 1
        while next <= index + count && next < bytes.count {
            if bytes[next] & 0xC0 != 0x80 { return false }
            next += 1
        }
        return true
    }
}
