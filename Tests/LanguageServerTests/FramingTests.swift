import EplintBase
import Testing

@testable import LanguageServer

/// A source that hands out its bytes `chunk` at a time, as a pipe may.
struct ChunkedSource: ByteSource {
    let bytes: [UInt8]
    let chunk: Int
    var offset = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int {
        let count = min(chunk, buffer.count, bytes.count - offset)
        for index in 0..<count { buffer[index] = bytes[offset + index] }
        offset += count
        return count
    }

    mutating func rewind() { offset = 0 }
}

/// A header, `remaining` spaces made as they are read (a body larger than memory), then `trailer`.
struct EndlessSource: ByteSource {
    var header: [UInt8]
    var remaining: Int
    var trailer: [UInt8] = []

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int {
        if header.isEmpty && remaining == 0 { swap(&header, &trailer) }
        if !header.isEmpty {
            let count = min(buffer.count, header.count)
            for index in 0..<count { buffer[index] = header[index] }
            header.removeFirst(count)
            return count
        }
        let count = min(buffer.count, remaining)
        buffer.baseAddress!.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: " "), count: count)
        remaining -= count
        return count
    }

    mutating func rewind() {}
}

func framed(_ body: String, header: String? = nil) -> [UInt8] {
    Array((header ?? "Content-Length: \(body.utf8.count)\r\n\r\n").utf8) + Array(body.utf8)
}

@Suite struct FramingTests {
    static func frames(_ bytes: [UInt8], chunk: Int = 1 << 20) -> [Frame] {
        var reader = FrameReader(ChunkedSource(bytes: bytes, chunk: chunk))
        var frames: [Frame] = []
        while true {
            let frame = reader.next()
            frames.append(frame)
            if case .message = frame { continue }
            if case .skipped = frame { continue }
            return frames
        }
    }

    @Test(arguments: [1, 2, 3, 7, 4096])
    func messagesSplitAcrossReads(chunk: Int) {
        let first = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#
        let second = #"{"jsonrpc":"2.0","method":"exit","text":"é 😀"}"#
        let bytes =
            framed(first)
            + framed(
                second,
                header:
                    "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  \(second.utf8.count) \r\n\r\n"
            )
        #expect(
            Self.frames(bytes, chunk: chunk) == [.message(Array(first.utf8)), .message(Array(second.utf8)), .end])
    }

    @Test func aBodyCutShortIsTheEnd() {
        #expect(Self.frames(Array("Content-Length: 10\r\n\r\n{}".utf8)) == [.end])
    }

    @Test(arguments: [
        "Content-Length: 9223372036854775808", "Content-Length: 99999999999999999999999", "Content-Length: -1",
        "Content-Length: 0x10", "Content-Length:", "Content-Type: application/json", "no colon here",
    ])
    func anUnreadableLengthBreaksTheStream(header: String) {
        let frames = Self.frames(Array("\(header)\r\n\r\n{}".utf8))
        #expect(frames.count == 1)
        guard case .broken(let reason) = frames[0] else {
            Issue.record("expected .broken, got \(frames)")
            return
        }
        #expect(reason.contains("Content-Length") || reason.contains("':'"))
    }

    @Test func endlessHeadersAreCutOff() {
        let frames = Self.frames([UInt8](repeating: UInt8(ascii: "a"), count: 100_000), chunk: 512)
        #expect(frames == [.broken("headers longer than 8192 bytes")])
    }

    /// A length over the limit is skipped without being held, and the next message is read.
    @Test func anOversizedBodyIsSkippedUnread() {
        let size = FrameReader<BytesSource>.maximumContentLength + 1
        let next = #"{"jsonrpc":"2.0","method":"exit"}"#
        var reader = FrameReader(
            EndlessSource(header: Array("Content-Length: \(size)\r\n\r\n".utf8), remaining: size, trailer: framed(next))
        )
        #expect(reader.next() == .skipped("a message of \(size) bytes was skipped: the limit is 67108864 bytes"))
        #expect(reader.next() == .message(Array(next.utf8)))
        #expect(reader.next() == .end)
        // Cut short, the skipped body is the end of the input.
        reader = FrameReader(EndlessSource(header: Array("Content-Length: \(size)\r\n\r\n".utf8), remaining: 10))
        #expect(reader.next() == .end)
    }

    /// Messages already read whole are handed out without waiting; a partial one is not.
    @Test func bufferedMessagesAreThoseReadWhole() {
        let bodies = [#"{"id":1}"#, #"{"id":2}"#, #"{"id":3}"#]
        let partial = Array(framed(#"{"id":4}"#).dropLast(2))
        var reader = FrameReader(ChunkedSource(bytes: bodies.flatMap { framed($0) } + partial, chunk: 1 << 16))
        #expect(reader.bufferedMessage() == nil)  // Nothing read yet.
        #expect(reader.next() == .message(Array(bodies[0].utf8)))
        #expect(reader.bufferedMessage() == Array(bodies[1].utf8))
        #expect(reader.bufferedMessage() == Array(bodies[2].utf8))
        #expect(reader.bufferedMessage() == nil)
        #expect(reader.next() == .end)
    }
}
