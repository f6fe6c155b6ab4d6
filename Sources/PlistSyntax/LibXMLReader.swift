internal import CLibXML2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private let libxml2Initialized: Bool = {
    xmlInitParser()
    return true
}()

/// Runs libxml2's pull parser over decoded text and tells a session what it finds, on the
/// calling thread. No entity or DTD is ever loaded, nothing is fetched, and no libxml2
/// pointer outlives the reader. Every offset it hands over is in the decoded text.
final class LibXMLReader {
    /// The next chunk of decoded text, empty at the end; valid until the next call.
    typealias Supply = () -> UnsafeRawBufferPointer

    /// The session, owned by the parse that made this reader and outliving it.
    private let session: UnsafeMutablePointer<ParseSession>
    private var context: xmlParserCtxtPtr?
    private var supply: Supply?
    /// The chunk libxml2 is being given, and how much of it it has.
    private var input = UnsafeRawBufferPointer(start: nil, count: 0)
    private var inputHanded = 0
    /// What of `input` is cut (see `CommentCutter`), and how many bytes libxml2 was handed.
    private var cut = CommentCutter.Plan(cutStart: 0, resume: 0)
    private var cutter = CommentCutter()
    private var handedCount = 0
    /// Nothing more is handed to libxml2 (see `planCut`).
    private var inputEnds = false
    /// From each of these offsets in what libxml2 was handed, the text's offset is that
    /// much greater (everything cut before it), in increasing order; one per chunk cut.
    private var cutShifts: [(handed: Int, shift: Int)] = []
    /// Bytes not handed to libxml2.
    var bytesCut: Int { cutShifts.last?.shift ?? 0 }
    /// The shift that holds for libxml2's offsets in `shiftRange` (where its cursor is).
    private var shiftRange = 0..<Int.max
    private var shift = 0
    private var stopped = false
    /// Element names seen so far, by libxml2's interned pointer (its dictionary keeps one
    /// copy of each name for the parser's lifetime), so no String is made per element.
    private var knownNames: [(pointer: UnsafePointer<UInt8>, element: PlistBuilder.Element?)] = []
    private let nameCache: UnsafeMutablePointer<(pointer: UnsafePointer<UInt8>?, element: PlistBuilder.Element?)> = {
        let cache = UnsafeMutablePointer<(pointer: UnsafePointer<UInt8>?, element: PlistBuilder.Element?)>.allocate(
            capacity: 64)
        cache.initialize(repeating: (nil, nil), count: 64)
        return cache
    }()

    /// The answer to every `%name;` lookup: an external parameter entity, which libxml2
    /// skips without loading when no DTD loading is asked for. So `%xxe;` produces nothing.
    private let unloadedParameterEntity: xmlEntityPtr = {
        let entity = xmlEntityPtr.allocate(capacity: 1)
        entity.initialize(to: xmlEntity())
        entity.pointee.type = XML_ENTITY_DECL
        entity.pointee.etype = XML_EXTERNAL_PARAMETER_ENTITY
        return entity
    }()

    private let cutsLongComments: Bool

    init(session: UnsafeMutablePointer<ParseSession>, cutsLongComments: Bool = true) {
        _ = libxml2Initialized
        self.session = session
        self.cutsLongComments = cutsLongComments
        session.pointee.onStop = { [unowned self] in self.stop() }
    }

    @inline(__always)
    private func tell(_ event: (inout ParseSession) -> Void) {
        event(&session.pointee)
    }

    deinit {
        finish()
        session.pointee.onStop = nil
        // libxml2 stores a parameter entity's raw value in the `orig` of the entity that
        // `getParameterEntity` answered ("ugly mechanism to save the raw entity value"):
        // that is this placeholder, so the value is freed here. Found by the fuzzer.
        // (libxml2's xmlFree is free(3): eplint never installs other allocators.)
        if let original = unloadedParameterEntity.pointee.orig {
            free(UnsafeMutableRawPointer(mutating: original))
        }
        unloadedParameterEntity.deallocate()
        nameCache.deallocate()
    }

    /// Parses everything `supply` yields. False if libxml2 could not make a parser.
    func parse(pulling supply: @escaping Supply) -> Bool {
        self.supply = supply
        defer { self.supply = nil }
        guard start() else { return false }
        // Errors libxml2 raises without a parser (its encoding layer) would be printed on
        // standard error: they are dropped (per thread, for this parse only); the parser
        // reports the same problem through `serror`.
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        xmlParseDocument(context)
        return true
    }

    /// Stops libxml2 at its next step. Only from the thread that runs `parse`.
    func stop() {
        guard !stopped else { return }
        stopped = true
        if let context { xmlStopParser(context) }
    }

    /// Frees libxml2's parser (the interned names handed to the session die with it).
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

    // MARK: libxml2 set-up

    private func start() -> Bool {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { user, localName, prefix, _, _, _, _, _, _ in
            LibXMLReader.with(user) { $0.startElement(localName: localName, prefix: prefix) }
        }
        handler.endElementNs = { user, _, _, _ in LibXMLReader.with(user) { $0.endElement() } }
        handler.characters = { user, text, length in LibXMLReader.with(user) { $0.characters(text, Int(length)) } }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        handler.comment = { user, text in LibXMLReader.with(user) { $0.comment(text) } }
        handler.processingInstruction = { user, _, _ in LibXMLReader.with(user) { $0.processingInstruction() } }
        handler.startDocument = { user in LibXMLReader.with(user) { $0.startDocument() } }
        handler.internalSubset = { user, _, _, _ in LibXMLReader.with(user) { $0.internalSubset() } }
        handler.getEntity = { user, name in LibXMLReader.with(user) { $0.entityReference(name) } }
        handler.getParameterEntity = { user, _ in LibXMLReader.with(user) { $0.unloadedParameterEntity } }
        eplint_set_structured_error_handler(&handler) { user, error in LibXMLReader.with(user) { $0.xmlError(error) } }
        let user = Unmanaged.passUnretained(self).toOpaque()
        context = xmlCreateIOParserCtxt(
            &handler, user,
            { user, buffer, capacity in
                Int32(LibXMLReader.with(user) { $0.read(into: buffer, capacity: Int(capacity)) })
            }, nil, user, XML_CHAR_ENCODING_NONE)
        guard let context else { return false }
        // Never NOENT (expansion), DTDLOAD or DTDVALID: entities and DTDs are never loaded.
        // The input is already UTF-8 (decoded by eplint), whatever its declaration says.
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_NOWARNING.rawValue
        xmlCtxtUseOptions(context, Int32(options))
        return true
    }

    /// The reader behind libxml2's user pointer. It outlives the parse, so no reference is
    /// counted per callback (a retain and a release per event were 5% of a big parse).
    private static func with<Result>(_ user: UnsafeMutableRawPointer?, _ body: (LibXMLReader) -> Result) -> Result {
        Unmanaged<LibXMLReader>.fromOpaque(user!)._withUnsafeGuaranteedRef(body)
    }

    /// Offset in the decoded text of libxml2's read cursor.
    @inline(__always)
    private var currentOffset: Int {
        // What xmlByteConsumed computes when no encoder is installed (eplint hands libxml2
        // UTF-8 and sets XML_PARSE_IGNORE_ENC), without its call and buffer queries.
        guard let input = context?.pointee.input, let base = input.pointee.base, let cursor = input.pointee.cur else {
            return 0
        }
        let handed = Int(input.pointee.consumed) + (cursor - base)
        return shiftRange.contains(handed) ? handed + shift : textOffset(handed: handed)
    }

    /// The offset in the decoded text of an offset in what libxml2 was handed.
    @inline(never)
    private func textOffset(handed: Int) -> Int {
        // The last cut at or before `handed` (there are few: one per chunk cut).
        var lower = 0
        var upper = cutShifts.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if cutShifts[middle].handed <= handed { lower = middle + 1 } else { upper = middle }
        }
        let start = lower == 0 ? 0 : cutShifts[lower - 1].handed
        shift = lower == 0 ? 0 : cutShifts[lower - 1].shift
        shiftRange = start..<(lower < cutShifts.count ? cutShifts[lower].handed : Int.max)
        return handed + shift
    }

    // MARK: Callbacks

    /// libxml2's read callback: copies up to `capacity` bytes of decoded text into `buffer`
    /// (less what is cut of a long comment).
    private func read(into buffer: UnsafeMutablePointer<CChar>?, capacity: Int) -> Int {
        guard let buffer, !stopped else { return 0 }
        // Never a few bytes when more are there: libxml2 2.9 can misread a multibyte character
        // that arrives after it has read its buffer to the end between two of its refills.
        let wanted = min(capacity, Self.smallestRead)
        var written = 0
        repeat {
            if inputHanded == input.count {
                // (A chunk of a cut comment hands at least `CommentCutter.handedTail` bytes, so a
                // read takes in little text: the session forgets text only behind libxml2's
                // cursor, which moves between reads.)
                guard !inputEnds, let supply else { break }
                cut = CommentCutter.Plan(cutStart: 0, resume: 0)
                input = supply()
                inputHanded = 0
                guard !input.isEmpty else { break }
                let cursor = currentOffset
                let text = input.assumingMemoryBound(to: UInt8.self)
                tell { $0.chunk(text, cursor: cursor) }
                planCut(text, cursor: cursor)
            }
            if inputHanded == cut.cutStart { inputHanded = cut.resume }
            let end = inputHanded < cut.cutStart ? cut.cutStart : input.count
            let count = min(capacity - written, end - inputHanded)
            UnsafeMutableRawPointer(buffer + written).copyMemory(
                from: input.baseAddress! + inputHanded, byteCount: count)
            inputHanded += count
            handedCount += count
            written += count
        } while written < wanted
        return written
    }

    private static let smallestRead = CommentCutter.handedTail

    /// Decides what of a new chunk libxml2 is not handed: the middle of a long comment.
    private func planCut(_ text: UnsafeBufferPointer<UInt8>, cursor: Int) {
        if cutsLongComments, !cutter.isCutting,
            let entry = session.pointee.longCommentEntry(cursor: cursor, beforeChunkOf: text.count)
        {
            cutter.begin(entry)
        }
        cut = cutter.plan(text)
        // Past libxml2's limit on a comment, nothing more is read: libxml2 reports the end of
        // the input inside the comment, and the session reports the limit instead.
        if cutter.isCutting && session.pointee.longCommentIsPastLimit { inputEnds = true }
        guard cut.cutCount > 0 else { return }
        let total = (cutShifts.last?.shift ?? 0) + cut.cutCount
        cutShifts.append((handed: handedCount + cut.cutStart, shift: total))
        shiftRange = 0..<0
        // libxml2 counts the LFs of a comment as lines, and its messages name the line of an
        // element's start tag ("… tag mismatch: key line 5 and k"): it is told the lines cut.
        if let input = context?.pointee.input {
            input.pointee.line += Int32(
                truncatingIfNeeded: ByteCount.occurrences(of: 0x0A, in: text, cut.cutStart, cut.resume))
        }
    }

    @inline(__always)
    private func startElement(localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) {
        guard !stopped, let localName else { return }
        // libxml2 calls this with its cursor on the start tag's closing `>` or `/>`.
        let element = lookUp(localName, prefix: prefix)
        let cursor = currentOffset
        tell { $0.startElement(element, localName: localName, prefix: prefix, cursor: cursor) }
    }

    @inline(__always)
    private func lookUp(_ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) -> PlistBuilder.Element? {
        guard prefix == nil else { return nil }
        // A direct-mapped cache in front of the list: one comparison for nearly every element.
        // (The slot is the hash's top six bits: always within the 64 entries.)
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: localName) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if nameCache[slot].pointer == localName { return nameCache[slot].element }
        return lookUpAndCache(localName, slot: slot)
    }

    @inline(never)
    private func lookUpAndCache(_ localName: UnsafePointer<xmlChar>, slot: Int) -> PlistBuilder.Element? {
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

    @inline(__always)
    private func endElement() {
        guard !stopped else { return }
        let cursor = currentOffset
        tell { $0.endElement(cursor: cursor) }
    }

    @inline(__always)
    private func characters(_ text: UnsafePointer<xmlChar>?, _ length: Int) {
        guard !stopped, let text, length > 0 else { return }
        tell { $0.characters(UnsafeBufferPointer(start: text, count: length)) }
    }

    private func comment(_ text: UnsafePointer<xmlChar>?) {
        guard !stopped else { return }
        let cursor = currentOffset
        tell { $0.comment(text, cursor: cursor) }
    }

    /// The XML declaration (if any) and the blanks after it have been read.
    private func startDocument() {
        guard !stopped else { return }
        let cursor = currentOffset
        tell { $0.documentStarted(cursor: cursor) }
    }

    private func processingInstruction() {
        guard !stopped else { return }
        let cursor = currentOffset
        tell { $0.processingInstruction(cursor: cursor) }
    }

    /// libxml2 has read `<!DOCTYPE name ids` and stands on `[` if an internal subset
    /// follows: Apple's parsers refuse one, so nothing in it is read (no declaration, no
    /// expansion, no entity bomb).
    private func internalSubset() {
        guard !stopped, let input = context?.pointee.input, let cursor = input.pointee.cur else { return }
        // Read before telling: the session may stop the parser, which frees libxml2's input.
        let offset = currentOffset
        let opensSubset = cursor.pointee == UInt8(ascii: "[")
        tell { $0.internalSubset(cursor: offset) }
        if opensSubset { stop() }
    }

    /// libxml2 asks for an entity that is not one of the five predefined ones.
    private func entityReference(_ name: UnsafePointer<xmlChar>?) -> xmlEntityPtr? {
        // Inside the DTD libxml2 also asks while *declaring* an entity (is it declared
        // already?): a declaration is no reference, and nothing declared is ever used.
        guard !stopped, let context, context.pointee.inSubset == 0 else { return nil }
        let name = name.map { String(cString: $0) } ?? ""
        let cursor = currentOffset
        tell { $0.entityReference(name, cursor: cursor) }
        stop()
        return nil
    }

    private func xmlError(_ error: UnsafePointer<xmlError>?) {
        guard let error, !stopped, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        let cursor = currentOffset
        tell { $0.xmlError(message, cursor: cursor) }
        stop()
    }
}
