internal import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads XML property lists with libxml2's SAX parser: streaming, no tree of the whole
/// file, no entity ever loaded or expanded, no network.
public enum PlistParser {
    /// Bytes read per step: small enough that memory stays flat on a 100 MB file.
    static let chunkSize = 256 * 1024

    public static func parse(_ bytes: [UInt8], options: PlistParseOptions = PlistParseOptions()) -> PlistDocument {
        var source = BytesSource(bytes)
        // Reading memory cannot fail.
        return (try? parse(&source, options: options)) ?? PlistDocument(root: nil, problems: [], comments: [])
    }

    public static func parse(_ source: inout some ByteSource, options: PlistParseOptions = PlistParseOptions()) throws(ReadFailure) -> PlistDocument {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }

        // The first kilobyte decides the encoding and whether this is XML at all.
        var prefix: [UInt8] = []
        var reachedEnd = false
        while prefix.count < 1024 {
            let count = try source.read(into: buffer)
            if count == 0 { reachedEnd = true; break }
            prefix.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }

        let encoding: InputEncoding
        let bomLength: Int
        switch InputEncoding.detect(prefix) {
        case .binaryPropertyList:
            return failed(.binaryPropertyList, "binary property list (bplist): eplint reads XML property lists")
        case .unsupportedEncoding(let name):
            return failed(.unsupported, "unsupported encoding \(name.quotedForMessage): eplint reads UTF-8, UTF-16, UTF-32, ISO-8859-1 and windows-1252")
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
            return failed(.malformed, decoded.isEmpty ? "the file is empty" : "the file holds only white space")
        }
        switch first {
        case UInt8(ascii: "<"):
            break
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""):
            return failed(.unsupported, "JSON or an old-style (OpenStep) property list: eplint reads XML property lists", suggestsConversion: true)
        default:
            let character = String(decoding: [first], as: UTF8.self)
            return failed(.unsupported, "not an XML property list: it starts with \(character.quotedForMessage), not '<'", suggestsConversion: true)
        }

        // libxml2 pulls the decoded text chunk by chunk (its pull parser costs a fifth less
        // than feeding its push parser the same chunks).
        let session = ParseSession(options: options)
        defer { session.finish() }
        var readFailure: ReadFailure?
        var firstChunk: [UInt8]? = decoded
        withoutActuallyEscaping({ (chunk: inout [UInt8]) in
            if let first = firstChunk {
                firstChunk = nil
                chunk = first
                if !chunk.isEmpty { return }
            }
            while !reachedEnd {
                let count: Int
                do throws(ReadFailure) { count = try source.read(into: buffer) } catch {
                    readFailure = error
                    return
                }
                reachedEnd = count == 0
                transcoder.transcode(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), final: reachedEnd, into: &chunk)
                if !chunk.isEmpty { return }
            }
        }, do: { supply in session.parse(pulling: supply) })
        if let readFailure { throw readFailure }
        return session.document()
    }

    private static func failed(_ kind: SyntaxProblem.Kind, _ message: String, suggestsConversion: Bool = false) -> PlistDocument {
        var problem = SyntaxProblem(kind: kind, message: message, position: .start)
        problem.suggestsConversion = suggestsConversion || kind == .binaryPropertyList
        return PlistDocument(root: nil, problems: [problem], comments: [])
    }
}

private let libxml2Initialized: Bool = {
    xmlInitParser()
    return true
}()

/// One parse: owns the libxml2 push parser and turns its SAX events into builder events
/// with exact positions. No libxml2 pointer outlives it.
final class ParseSession {
    private var window = DecodedTextWindow()
    private let builder: PlistBuilder
    private var preprocessor: Preprocessor
    private var problems: [SyntaxProblem] = []
    private var comments: [PlistComment] = []
    private var fatal: SyntaxProblem?
    /// Checked on every event: cheaper than comparing `fatal` with nil.
    private var stopped = false
    private var context: xmlParserCtxtPtr?
    /// Element names seen so far, by libxml2's interned pointer (its dictionary keeps one
    /// copy of each name for the parser's lifetime), so no String is made per element.
    private var knownNames: [(pointer: UnsafePointer<xmlChar>, element: PlistBuilder.Element?)] = []
    private var nameCache = [(pointer: UnsafePointer<xmlChar>?, element: PlistBuilder.Element?)](repeating: (nil, nil), count: 64)

    /// The answer to every `%name;` lookup: an external parameter entity, which libxml2
    /// skips without loading when no DTD loading is asked for. So `%xxe;` produces nothing.
    private let unloadedParameterEntity: xmlEntityPtr = {
        let entity = xmlEntityPtr.allocate(capacity: 1)
        entity.initialize(to: xmlEntity())
        entity.pointee.type = XML_ENTITY_DECL
        entity.pointee.etype = XML_EXTERNAL_PARAMETER_ENTITY
        return entity
    }()
    /// Where the last markup (tag, comment, PI) ended: text after it starts here.
    private var lastMarkupEnd = 0
    /// Comments waiting for the next element to start, and elements (by depth) whose
    /// end the comments at these indices wait for.
    private var commentsAwaitingElement: [Int] = []
    private var elementsAwaitingEnd: [(depth: Int, start: SourcePosition, comments: [Int], isKey: Bool)] = []
    /// A `<key>` a comment stood before: the comment covers the key's value too.
    private var keyAwaitingValue: (depth: Int, start: SourcePosition, comments: [Int])?
    /// Where text that is not white space, met directly inside a container, starts (at
    /// `lastMarkupEnd`, since the markup before it); white space alone needs nothing.
    private var textRun: Int?

    init(options: PlistParseOptions) {
        _ = libxml2Initialized
        builder = PlistBuilder(options: options)
        preprocessor = Preprocessor(macros: options.macros)
    }

    /// The next decoded chunk is appended to the array it is given (left empty at the end).
    typealias Supply = (inout [UInt8]) -> Void
    private var supply: Supply?
    /// The chunk libxml2 is being given, and how much of it it has.
    private var input: [UInt8] = []
    private var inputHanded = 0
    /// libxml2 may ask for more text in the middle of a tag whose `<` is looked up later:
    /// this much text before its cursor is kept (element names are shorter: libxml2 limits
    /// them to 50,000 bytes).
    private static let cursorMargin = 65_536

    /// Parses everything `supply` yields.
    func parse(pulling supply: @escaping Supply) {
        self.supply = supply
        defer { self.supply = nil }
        start()
        guard let context else { return }
        xmlParseDocument(context)
    }

    /// libxml2's read callback: copies up to `capacity` bytes of decoded text into `buffer`.
    private func read(into buffer: UnsafeMutablePointer<CChar>?, capacity: Int) -> Int {
        guard let buffer, !stopped else { return 0 }
        if inputHanded == input.count {
            guard let supply else { return 0 }
            discardSpentText()
            input.removeAll(keepingCapacity: true)
            inputHanded = 0
            supply(&input)
            guard !input.isEmpty else { return 0 }
            window.append(input)
        }
        let count = min(capacity, input.count - inputHanded)
        input.withUnsafeBytes { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress! + inputHanded, byteCount: count) }
        inputHanded += count
        return count
    }

    /// Forgets the text no position can be asked for any more.
    private func discardSpentText() {
        let nearCursor = max(0, currentOffset - Self.cursorMargin)
        let inLeaf = builder.context == .leaf
        if inLeaf { builder.locateOpenLeaf { window.position(at: $0) } }
        let keep = inLeaf ? nearCursor : min(lastMarkupEnd, textRun ?? lastMarkupEnd, nearCursor)
        window.discard(before: keep)
    }

    func document() -> PlistDocument {
        if fatal == nil && builder.root == nil {
            fatal = SyntaxProblem(kind: .malformed, message: "no property list value found", position: window.position(at: window.end))
        }
        if let fatal {
            return PlistDocument(root: nil, problems: problems + [fatal], comments: comments)
        }
        return PlistDocument(root: builder.root, problems: problems, comments: comments)
    }

    func finish() {
        guard let context else { return }
        // An internal subset that declares entities makes libxml2 build a document of its
        // own to hold them ("for expat compatibility in SAX mode"); the context does not
        // free it.
        if let document = context.pointee.myDoc {
            xmlFreeDoc(document)
            context.pointee.myDoc = nil
        }
        xmlFreeParserCtxt(context)
        self.context = nil
    }

    deinit {
        // libxml2 stores a parameter entity's raw value in the `orig` of the entity that
        // `getParameterEntity` answered ("ugly mechanism to save the raw entity value"):
        // that is this placeholder, so the value is freed here. Found by the fuzzer.
        // (libxml2's xmlFree is free(3): eplint never installs other allocators.)
        if let original = unloadedParameterEntity.pointee.orig {
            free(UnsafeMutableRawPointer(mutating: original))
        }
        unloadedParameterEntity.deallocate()
    }

    // MARK: libxml2 set-up

    private func start() {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { user, localName, prefix, _, _, _, _, _, _ in
            ParseSession.with(user) { $0.startElement(localName: localName, prefix: prefix) }
        }
        handler.endElementNs = { user, _, _, _ in ParseSession.with(user) { $0.endElement() } }
        handler.characters = { user, text, length in ParseSession.with(user) { $0.characters(text, Int(length)) } }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        handler.comment = { user, text in ParseSession.with(user) { $0.comment(text) } }
        handler.processingInstruction = { user, _, _ in ParseSession.with(user) { $0.markupEnded(opening: Array("<?".utf8)) } }
        handler.getEntity = { user, name in ParseSession.with(user) { $0.entityReference(name) } }
        handler.getParameterEntity = { user, _ in ParseSession.with(user) { $0.unloadedParameterEntity } }
        handler.serror = { user, error in ParseSession.with(user) { $0.xmlError(error) } }
        let user = Unmanaged.passUnretained(self).toOpaque()
        context = xmlCreateIOParserCtxt(&handler, user, { user, buffer, capacity in
            Int32(ParseSession.with(user) { $0.read(into: buffer, capacity: Int(capacity)) })
        }, nil, user, XML_CHAR_ENCODING_NONE)
        guard let context else {
            fatal = SyntaxProblem(kind: .unsupported, message: "libxml2 could not create a parser (out of memory)", position: .start)
            return
        }
        // Never NOENT (expansion), DTDLOAD or DTDVALID: entities and DTDs are never loaded.
        // The input is already UTF-8 (decoded by eplint), whatever its declaration says.
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_NOWARNING.rawValue
        xmlCtxtUseOptions(context, Int32(options))
    }

    /// The session behind libxml2's user pointer. It outlives the parse, so no reference
    /// is counted per callback (a retain and a release per event were 5% of a big parse).
    private static func with<Result>(_ user: UnsafeMutableRawPointer?, _ body: (ParseSession) -> Result) -> Result {
        Unmanaged<ParseSession>.fromOpaque(user!)._withUnsafeGuaranteedRef(body)
    }

    /// Offset in the decoded text of libxml2's read cursor.
    private var currentOffset: Int {
        // What xmlByteConsumed computes when no encoder is installed (eplint hands libxml2
        // UTF-8 and sets XML_PARSE_IGNORE_ENC), without its call and buffer queries.
        guard let input = context?.pointee.input, let base = input.pointee.base, let cursor = input.pointee.cur else { return window.end }
        return Int(input.pointee.consumed) + (cursor - base)
    }

    private func stop(_ problem: SyntaxProblem) {
        guard !stopped else { return }
        fatal = problem
        stopped = true
        if let context { xmlStopParser(context) }
    }

    // MARK: SAX events

    private func startElement(localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) {
        guard !stopped, let localName else { return }
        // libxml2 calls this with its cursor on the start tag's closing `>` or `/>`.
        let cursor = currentOffset
        let element = lookUp(localName, prefix: prefix)
        let opening = tagStart(endingAt: cursor, element: element, isEndTag: false) ?? cursor
        if textRun != nil {
            flushTextRun { opening }
            guard !stopped else { return }
        }
        if let key = keyAwaitingValue {
            keyAwaitingValue = nil
            if key.depth == builder.depth { elementsAwaitingEnd.append((key.depth, key.start, key.comments, false)) }
        }
        if !commentsAwaitingElement.isEmpty {
            elementsAwaitingEnd.append((builder.depth, window.position(at: opening), commentsAwaitingElement, element == .key))
            commentsAwaitingElement = []
        }
        do {
            try builder.startElement(element, name: { Self.name(localName, prefix: prefix) }, at: opening, included: preprocessor.isActive) {
                window.position(at: $0)
            }
        } catch {
            stop(error)
        }
        lastMarkupEnd = window.contains(cursor) && window[cursor] == UInt8(ascii: ">") ? cursor + 1 : cursor
    }

    /// The `<` of the tag of `element` that libxml2 has just read, up to `last` (the `>` of
    /// an end tag; the `>` or `/` of a start tag). A tag without attributes or white space
    /// (`<dict>`, `</dict>`, `<true/>`) starts right before its name (and `/`): checked,
    /// that `<` is found without a scan, since no `<` can stand inside a tag. Anything else
    /// (or an unknown element) is found by scanning back.
    private func tagStart(endingAt last: Int, element: PlistBuilder.Element?, isEndTag: Bool) -> Int? {
        if let element {
            let plain = last - element.nameLength - (isEndTag ? 2 : 1)
            if window.contains(plain) && window[plain] == UInt8(ascii: "<") { return plain }
        }
        return window.lastIndex(of: UInt8(ascii: "<"), atOrBefore: last)
    }

    private func lookUp(_ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) -> PlistBuilder.Element? {
        guard prefix == nil else { return nil }
        // A direct-mapped cache in front of the list: one comparison for nearly every element.
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: localName) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if nameCache[slot].pointer == localName { return nameCache[slot].element }
        var element: PlistBuilder.Element?
        if let known = knownNames.first(where: { $0.pointer == localName }) {
            element = known.element
        } else {
            element = PlistBuilder.Element(rawValue: String(cString: localName))
            if knownNames.count < 32 { knownNames.append((localName, element)) }
        }
        nameCache[slot] = (localName, element)
        return element
    }

    /// An element's name as written, for messages.
    private static func name(_ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) -> String {
        (prefix.map { String(cString: $0) + ":" } ?? "") + String(cString: localName)
    }

    private func endElement() {
        guard !stopped else { return }
        let cursor = currentOffset
        // Where the end tag starts is needed only for misplaced text, a message or a kept value.
        let closing = builder.closingElement
        func opening() -> Int { tagStart(endingAt: cursor - 1, element: closing, isEndTag: true) ?? cursor }
        if textRun != nil {
            flushTextRun(upTo: opening)
            guard !stopped else { return }
        }
        do {
            try builder.endElement(tagStart: opening, end: cursor) { window.position(at: $0) }
        } catch {
            stop(error)
        }
        if let waiting = elementsAwaitingEnd.last, waiting.depth == builder.depth {
            elementsAwaitingEnd.removeLast()
            let end = window.position(at: cursor)
            for index in waiting.comments { comments[index].nextElement = SourceRange(start: waiting.start, end: end) }
            // Before a `<key>`, a comment means the whole entry: the value is covered too.
            if waiting.isKey { keyAwaitingValue = (waiting.depth, waiting.start, waiting.comments) }
        }
        lastMarkupEnd = cursor
    }

    private func characters(_ text: UnsafePointer<xmlChar>?, _ length: Int) {
        guard !stopped, let text, length > 0 else { return }
        let bytes = UnsafeBufferPointer(start: text, count: length)
        switch builder.context {
        case .leaf:
            builder.leafText(bytes)
        case .container:
            if textRun == nil && !LeafContent.isBlank(bytes) { textRun = lastMarkupEnd }
        case .outside:
            break
        }
    }

    private func comment(_ text: UnsafePointer<xmlChar>?) {
        guard !stopped else { return }
        let cursor = currentOffset
        // A comment cannot hold "--", so the last "<!--" before the cursor is its start.
        let opening = lastOccurrence(of: Array("<!--".utf8), before: cursor)
        if builder.context != .leaf {
            flushTextRun { opening }
            let range = SourceRange(start: window.position(at: opening), end: window.position(at: cursor))
            commentsAwaitingElement.append(comments.count)
            comments.append(PlistComment(text: text.map { String(cString: $0) } ?? "", range: range))
            lastMarkupEnd = cursor
        }
    }

    private func markupEnded(opening marker: [UInt8]) {
        guard !stopped, builder.context != .leaf else { return }
        let cursor = currentOffset
        flushTextRun { self.lastOccurrence(of: marker, before: cursor) }
        lastMarkupEnd = cursor
    }

    /// Where the markup that ends at `cursor` starts: the last `marker` before it (or the
    /// cursor itself if the window no longer holds it).
    private func lastOccurrence(of marker: [UInt8], before cursor: Int) -> Int {
        var index = window.lastIndex(of: marker[0], atOrBefore: cursor - 1)
        while let candidate = index {
            if window.slice(candidate..<candidate + marker.count).elementsEqual(marker) { return candidate }
            index = window.lastIndex(of: marker[0], atOrBefore: candidate - 1)
        }
        return cursor
    }

    /// libxml2 asks for an entity that is not one of the five predefined ones.
    private func entityReference(_ name: UnsafePointer<xmlChar>?) -> xmlEntityPtr? {
        // Inside the DTD libxml2 also asks while *declaring* an entity (is it declared
        // already?): a declaration is no reference, and nothing declared is ever used.
        if let context, context.pointee.inSubset != 0 { return nil }
        let cursor = currentOffset
        let ampersand = window.lastIndex(of: UInt8(ascii: "&"), atOrBefore: cursor) ?? cursor
        let entity = name.map { String(cString: $0) } ?? ""
        stop(SyntaxProblem(
            kind: .malformed,
            message: "entity reference '&\(entity);' is not allowed: only &amp; &lt; &gt; &quot; &apos; and character references are (entities are never loaded)",
            position: window.position(at: ampersand)))
        return nil
    }

    private func xmlError(_ error: xmlErrorPtr?) {
        guard let error, !stopped, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        while message.last?.isWhitespace == true { message.removeLast() }
        let limits = ["Huge", "huge", "too big", "too long", "Excessive", "limit", "Memory allocation failed"]
        let kind: SyntaxProblem.Kind = limits.contains { message.contains($0) } ? .unsupported : .malformed
        let prefix = kind == .unsupported ? "a limit was exceeded: " : "malformed XML: "
        stop(SyntaxProblem(kind: kind, message: prefix + message.replacingNewlines, position: window.position(at: currentOffset)))
    }

    // MARK: Text between elements

    /// Text directly inside `<plist>`, `<dict>` or `<array>` ends at `end`. White space is
    /// fine; C preprocessor lines are applied; anything else is misplaced text.
    private func flushTextRun(upTo end: () -> Int) {
        guard let start = textRun else { return }
        textRun = nil
        let end = end()
        let text = Array(window.slice(start..<end))
        var lineStart = 0
        var atLineStart = window.position(at: start).column == 1
        while lineStart <= text.count {
            var lineEnd = lineStart
            while lineEnd < text.count, text[lineEnd] != 0x0A, text[lineEnd] != 0x0D { lineEnd += 1 }
            let line = text[lineStart..<lineEnd]
            if let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) {
                let position = window.position(at: start + first)
                if atLineStart && line[first] == UInt8(ascii: "#") {
                    let directive = Substring(String(decoding: line[(first + 1)...], as: UTF8.self))
                    if case .notEvaluated(let reason) = preprocessor.apply(directive) {
                        problems.append(SyntaxProblem(kind: .unevaluatedDirective, message: reason, position: position))
                    }
                } else if preprocessor.isActive && !builder.isSkipping {
                    let shown = String(decoding: line[first...].prefix(40), as: UTF8.self)
                    stop(SyntaxProblem(kind: .malformed, message: "unexpected text \(shown.quotedForMessage) where an element is expected", position: position))
                    return
                }
            }
            guard lineEnd < text.count else { break }
            lineStart = lineEnd + (text[lineEnd] == 0x0D && lineEnd + 1 < text.count && text[lineEnd + 1] == 0x0A ? 2 : 1)
            atLineStart = true
        }
    }
}

extension String {
    var replacingNewlines: String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }
}

extension PlistParser {
    /// The text of a file as eplint positions it (decoded, BOM removed), in UTF-8; nil
    /// when the encoding cannot be read. For showing source lines and SARIF snippets.
    public static func decodedText(_ bytes: [UInt8]) -> [UInt8]? {
        guard case .text(let encoding, let bomLength) = InputEncoding.detect(Array(bytes.prefix(1024))) else { return nil }
        var transcoder = UTF8Transcoder(encoding)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        bytes.withUnsafeBytes { raw in
            transcoder.transcode(UnsafeRawBufferPointer(rebasing: raw[min(bomLength, raw.count)...]), final: true, into: &output)
        }
        return output
    }
}
