import EplintBase

/// What the input holds next.
package enum Frame: Equatable, Sendable {
    /// A message's body.
    case message([UInt8])
    /// A message that was skipped (too long); the next one can be read.
    case skipped(String)
    /// The input cannot be read on: framing is lost (no usable `Content-Length`) or reading failed.
    case broken(String)
    /// The input closed.
    case end
}

/// The base protocol's framing: `Content-Length: N` headers, a blank line, N bytes of JSON. Every
/// length is bounded before anything is allocated for it: a client (or anything writing to the
/// server's input) cannot make it hold more than one message of at most `maximumContentLength`.
struct FrameReader<Source: ByteSource> {
    /// A body larger than this is skipped unread: 64 MiB, far above any plist an editor sends.
    static var maximumContentLength: Int { 64 << 20 }
    /// The headers of one message (the protocol defines two short ones).
    static var maximumHeaderLength: Int { 8 << 10 }

    private var source: Source
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    private var atEnd = false
    /// What one read(2) fills, before it is appended to `buffer` (or passed over).
    private var scratch = [UInt8](repeating: 0, count: 64 << 10)

    init(_ source: Source) { self.source = source }

    /// Whether `next()` has something to go on without reading: unread bytes, or the input's end.
    var hasUnreadInput: Bool { start < buffer.count || atEnd }

    mutating func next() -> Frame {
        let headerEnd: Int
        switch findHeaderEnd() {
        case .success(let end): headerEnd = end
        case .failure(let error): return error.frame
        }
        let headers = Array(buffer[start..<headerEnd])
        start = headerEnd + 4
        let length: Int
        switch Self.contentLength(headers) {
        case .success(let value): length = value
        case .failure(let error): return error.frame
        }
        guard length <= Self.maximumContentLength else {
            // The length is known, so the body can be passed over without being kept.
            guard discard(length) else { return .end }
            return .skipped(
                "a message of \(length) bytes was skipped: the limit is \(Self.maximumContentLength) bytes")
        }
        while buffer.count - start < length {
            guard fill() else { return atEnd ? .end : .broken(readFailure ?? "cannot read the input") }
        }
        let body = Array(buffer[start..<start + length])
        start += length
        return .message(body)
    }

    private var readFailure: String?

    /// The next message when it is already read whole, without waiting for more input; nil
    /// otherwise (then `next()` reads it, or says what is wrong with it). The server looks at
    /// what the client sent meanwhile: a cancellation, or more edits of the same document.
    mutating func bufferedMessage() -> [UInt8]? {
        guard case (let index?, _) = blankLine(from: start),
            case .success(let length) = Self.contentLength(Array(buffer[start..<index])),
            length <= Self.maximumContentLength, buffer.count - (index + 4) >= length
        else { return nil }
        start = index + 4 + length
        return Array(buffer[(index + 4)..<start])
    }

    /// The offset of the `\r\n\r\n` that ends the next headers, reading as needed.
    private mutating func findHeaderEnd() -> Result<Int, FrameError> {
        // How far past `start` the search got: `fill` may move the unread bytes to the front.
        var searched = 0
        while true {
            let (found, stopped) = blankLine(from: start + searched)
            if let found { return .success(found) }
            searched = stopped - start
            if buffer.count - start > Self.maximumHeaderLength {
                return .failure(FrameError(.broken("headers longer than \(Self.maximumHeaderLength) bytes")))
            }
            guard fill() else {
                if let readFailure { return .failure(FrameError(.broken(readFailure))) }
                return .failure(FrameError(.end))
            }
        }
    }

    /// The offset of the first `\r\n\r\n` from `index` on in the buffer, and where the search stopped.
    private func blankLine(from index: Int) -> (found: Int?, stopped: Int) {
        var index = index
        while index + 3 < buffer.count {
            if buffer[index] == 0x0D && buffer[index + 1] == 0x0A && buffer[index + 2] == 0x0D
                && buffer[index + 3] == 0x0A
            {
                return (index, index)
            }
            index += 1
        }
        return (nil, index)
    }

    /// `Content-Length`'s value: decimal digits that fit an Int. `Content-Type` and unknown
    /// headers are ignored (the protocol allows only UTF-8 JSON bodies).
    static func contentLength(_ headers: [UInt8]) -> Result<Int, FrameError> {
        var length: Int?
        for line in headers.split(separator: 0x0A, omittingEmptySubsequences: true) {
            let line = line.last == 0x0D ? line.dropLast() : line
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(FrameError(.broken("a header line without ':'")))
            }
            let name = String(decoding: line[..<colon], as: UTF8.self)
            guard name.lowercased() == "content-length" else { continue }
            let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
            let digits = value.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
            guard !digits.isEmpty, digits.count <= 19, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let number = Int(String(decoding: digits, as: UTF8.self))
            else {
                let shown = String(decoding: value.prefix(40), as: UTF8.self)
                return .failure(FrameError(.broken("Content-Length '\(shown)' is not a length this server can read")))
            }
            length = number
        }
        guard let length else { return .failure(FrameError(.broken("a message without Content-Length"))) }
        return .success(length)
    }

    /// Passes over `count` bytes, holding at most one read's worth; false when the input ends first.
    private mutating func discard(_ count: Int) -> Bool {
        let buffered = min(count, buffer.count - start)
        start += buffered
        var remaining = count - buffered
        while remaining > 0 {
            guard let read = readChunk(), read > 0 else { return false }
            if read > remaining { buffer.append(contentsOf: scratch[remaining..<read]) }
            remaining -= min(read, remaining)
        }
        return true
    }

    /// Reads one more chunk onto the buffer; false at the end of the input or on a failure.
    private mutating func fill() -> Bool {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        guard let read = readChunk(), read > 0 else { return false }
        buffer.append(contentsOf: scratch[..<read])
        return true
    }

    /// One read(2) into `scratch`: the count (0 at the end), nil after a failure.
    private mutating func readChunk() -> Int? {
        if atEnd { return 0 }
        if readFailure != nil { return nil }
        let read = scratch.withUnsafeMutableBytes { bytes -> Result<Int, ReadFailure> in
            Result { () throws(ReadFailure) in try source.read(into: bytes) }
        }
        switch read {
        case .success(let count):
            if count == 0 { atEnd = true }
            return count
        case .failure(let failure):
            readFailure = "cannot read the input: \(failure.reason)"
            return nil
        }
    }
}

/// A frame that ends the search for the next message, thrown through `Result`.
struct FrameError: Error {
    var frame: Frame
    init(_ frame: Frame) { self.frame = frame }
}
