import EplintBase

/// Reads XML property lists with libxml2's SAX parser: streaming, no tree of the whole
/// file, no entity ever loaded or expanded, no network.
package enum PlistParser {
    /// Bytes read per step: small enough that memory stays flat on a 100 MB file.
    static let chunkSize = 256 * 1024
    /// The smallest read buffer: a file that grows while read still goes in few steps.
    static let smallestChunkSize = 16 * 1024

    package static func parse(_ bytes: [UInt8], options: PlistParseOptions = PlistParseOptions()) -> PlistDocument {
        var source = BytesSource(bytes)
        // Reading memory cannot fail.
        return (try? parse(&source, options: options)) ?? PlistDocument(root: nil, problems: [], comments: [])
    }

    package static func parse(_ source: inout some ByteSource, options: PlistParseOptions = PlistParseOptions())
        throws(ReadFailure) -> PlistDocument
    {
        let (document, repeated) = try parseOnce(&source, options: options, keepingRepeatsOf: nil)
        // Keys that may repeat in a root dict that keeps only some entries: read again,
        // keeping every occurrence of them (rare: a repeated top-level key is a finding).
        guard let repeated, !repeated.isEmpty, document.fatalProblem == nil else { return document }
        try source.rewind()
        return try parseOnce(&source, options: options, keepingRepeatsOf: repeated).document
    }

    private static func parseOnce(
        _ source: inout some ByteSource, options: PlistParseOptions,
        keepingRepeatsOf keptHashes: KeyHashSet?
    ) throws(ReadFailure) -> (document: PlistDocument, repeated: KeyHashSet?) {
        // A small file gets a small buffer: a 256 KB one would be mapped and unmapped again
        // for a 1 KB Info.plist.
        let bufferSize = min(chunkSize, max(smallestChunkSize, source.expectedByteCount ?? chunkSize))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 16)
        defer { buffer.deallocate() }

        // The first kilobyte decides the encoding and whether this is XML at all.
        var prefix: [UInt8] = []
        var reachedEnd = false
        while prefix.count < 1024 {
            let count = try source.read(into: buffer)
            if count == 0 {
                reachedEnd = true
                break
            }
            prefix.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }

        let encoding: InputEncoding
        let bomLength: Int
        switch InputEncoding.detect(prefix) {
        case .binaryPropertyList:
            // Objects point anywhere in the file: it is read whole, up to a bound.
            var whole = prefix
            while !reachedEnd && whole.count <= BinaryPlistReader.maximumByteCount {
                let count = try source.read(into: buffer)
                reachedEnd = count == 0
                whole.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
            guard whole.count <= BinaryPlistReader.maximumByteCount else {
                return (
                    failed(
                        .binaryPropertyList,
                        "binary property list over \(BinaryPlistReader.maximumByteCount / (1 << 20)) MiB"), nil
                )
            }
            return (BinaryPlistReader.parse(whole, options: options), nil)
        case .unsupportedEncoding(let name):
            return (
                failed(
                    .unsupported,
                    "unsupported encoding \(name.quotedForMessage): eplint reads UTF-8, UTF-16, UTF-32, ISO-8859-1 and windows-1252"
                ), nil
            )
        case .text(let detected, let length):
            (encoding, bomLength) = (detected, length)
        }

        var transcoder = UTF8Transcoder(encoding)
        var decoded: [UInt8] = []
        prefix.withUnsafeBytes { raw in
            transcoder.transcode(UnsafeRawBufferPointer(rebasing: raw[bomLength...]), final: reachedEnd, into: &decoded)
        }

        // Until the first non-blank character, nothing is handed to libxml2: it decides
        // between XML, JSON and anything else.
        while decoded.allSatisfy(LeafContent.isXMLSpace(_:)) && !reachedEnd {
            let count = try source.read(into: buffer)
            reachedEnd = count == 0
            transcoder.transcode(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), final: reachedEnd, into: &decoded)
        }
        guard let first = decoded.first(where: { !LeafContent.isXMLSpace($0) }) else {
            return (failed(.malformed, decoded.isEmpty ? "the file is empty" : "the file holds only white space"), nil)
        }
        switch first {
        case UInt8(ascii: "<"):
            break
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""):
            return (
                failed(
                    .unsupported, "JSON or an old-style (OpenStep) property list: eplint reads XML property lists",
                    suggestsConversion: true), nil
            )
        default:
            let character = String(decoding: [first], as: UTF8.self)
            return (
                failed(
                    .unsupported, "not an XML property list: it starts with \(character.quotedForMessage), not '<'",
                    suggestsConversion: true), nil
            )
        }

        // libxml2 pulls the decoded text chunk by chunk (its pull parser costs a fifth less
        // than feeding its push parser the same chunks).
        var session = ParseSession(options: options, keepingRepeatsOf: keptHashes)
        var readFailure: ReadFailure?
        // UTF-8 is handed over straight from the read buffer (no copy of a big file's text);
        // the first chunk and other encodings once decoded, from memory lent for it.
        let lent = LentBytes()
        var firstChunk = true
        var bytesCut = 0
        let parsed = withUnsafeMutablePointer(to: &session) { session in
            let reader = LibXMLReader(session: session, cutsLongComments: options.cutsLongComments)
            defer {
                bytesCut = reader.bytesCut
                reader.finish()
            }
            return withoutActuallyEscaping(
                { () -> UnsafeRawBufferPointer in
                    if firstChunk {
                        firstChunk = false
                        if !decoded.isEmpty { return lent.lend(decoded) }
                    }
                    while !reachedEnd {
                        let count: Int
                        do throws(ReadFailure) { count = try source.read(into: buffer) } catch {
                            readFailure = error
                            return UnsafeRawBufferPointer(start: nil, count: 0)
                        }
                        reachedEnd = count == 0
                        let read = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                        if encoding == .utf8 {
                            if count > 0 { return read }
                            continue
                        }
                        decoded.removeAll(keepingCapacity: true)
                        transcoder.transcode(read, final: reachedEnd, into: &decoded)
                        if !decoded.isEmpty { return lent.lend(decoded) }
                    }
                    return UnsafeRawBufferPointer(start: nil, count: 0)
                }, do: { supply in reader.parse(pulling: supply) })
        }
        if let readFailure { throw readFailure }
        guard parsed else {
            return (failed(.unsupported, "libxml2 could not create a parser (out of memory)"), nil)
        }
        var document = session.document()
        document.bytesCutFromComments = bytesCut
        return (document, session.repeatedTopLevelKeyHashes)
    }

    private static func failed(_ kind: SyntaxProblem.Kind, _ message: String, suggestsConversion: Bool = false)
        -> PlistDocument
    {
        var problem = SyntaxProblem(kind: kind, message: message, position: .start)
        problem.suggestsConversion = suggestsConversion
        return PlistDocument(root: nil, problems: [problem], comments: [])
    }
}

/// Bytes copied into memory that stays put until the next `lend`, so a pointer to them can
/// be handed out (an array's storage may only be pointed at inside `withUnsafeBytes`).
private final class LentBytes {
    private var storage = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    func lend(_ bytes: [UInt8]) -> UnsafeRawBufferPointer {
        if storage.count < bytes.count {
            storage.deallocate()
            storage = .allocate(byteCount: max(bytes.count, 2 * storage.count), alignment: 16)
        }
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        return UnsafeRawBufferPointer(rebasing: storage[0..<bytes.count])
    }

    deinit { storage.deallocate() }
}

extension String {
    var replacingNewlines: String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }
}

extension PlistParser {
    /// Whether the bytes are a binary property list (`bplist…`), as the parser decides it.
    package static func isBinaryPropertyList(_ bytes: [UInt8]) -> Bool {
        InputEncoding.detect(Array(bytes.prefix(8))) == .binaryPropertyList
    }

    /// The text of a file as eplint positions it (decoded, BOM removed), in UTF-8; nil
    /// when the encoding cannot be read. For showing source lines and SARIF snippets.
    package static func decodedText(_ bytes: [UInt8]) -> [UInt8]? {
        guard case .text(let encoding, let bomLength) = InputEncoding.detect(Array(bytes.prefix(1024))) else {
            return nil
        }
        var transcoder = UTF8Transcoder(encoding)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        bytes.withUnsafeBytes { raw in
            transcoder.transcode(
                UnsafeRawBufferPointer(rebasing: raw[min(bomLength, raw.count)...]), final: true, into: &output)
        }
        return output
    }
}
