import Threads

/// Runs a big file's session on a second core: the reader's thread only records libxml2's
/// events (a few words each, text copied), and a worker thread replays them, in order, into
/// the session. The session sees exactly the events it would have seen directly, so the
/// result is the same; a file is parsed at about the speed of libxml2 alone.
///
/// Memory stays bounded: at most `maximumBatchesInFlight` batches wait, and the reader
/// blocks until the worker frees one.
final class ParsePipeline: ParseEventSink, @unchecked Sendable {
    private static let maximumBatchesInFlight = 2

    // Owned by the reader's thread: the batch being filled, and its buffers and counts
    // (kept here, not read through the batch, so recording an event counts no reference).
    private unowned let reader: LibXMLReader
    private var batch = EventBatch()
    private var events: UnsafeMutablePointer<RecordedEvent>
    private var eventCount = 0
    private var text: UnsafeMutablePointer<UInt8>
    private var textCount = 0
    /// The last event opened a leaf: text is then the leaf's. Otherwise it stands between
    /// elements, where the session needs nothing from white space, so blank text is not
    /// recorded at all (half of all events in a pretty-printed file).
    private var inLeaf = false
    // Owned by the worker thread once started.
    private let session: ParseSession
    // Shared, under `lock`.
    private let lock = CountingSemaphore(value: 1)
    private var waiting: [EventBatch] = []
    private var spare: [EventBatch] = []
    private var stopRequested = false
    private let freeSlots = CountingSemaphore(value: maximumBatchesInFlight)
    private let filledSlots = CountingSemaphore(value: 0)
    private var worker: WorkerThread?

    /// Starts the worker thread, or nil if no thread can be made (the parse then stays on
    /// one thread). From here on only the worker touches `session`.
    static func start(session: ParseSession, reader: LibXMLReader) -> ParsePipeline? {
        let pipeline = ParsePipeline(session: session, reader: reader)
        guard let worker = WorkerThread({ pipeline.replayUntilLast() }) else { return nil }
        pipeline.worker = worker
        // Before any batch is handed over, so before the worker touches the session.
        session.onStop = { [unowned pipeline] in pipeline.requestStop() }
        return pipeline
    }

    private init(session: ParseSession, reader: LibXMLReader) {
        self.session = session
        self.reader = reader
        events = batch.events
        text = batch.text
    }

    /// Hands over what is left and waits until the session has seen every event.
    func finish() {
        batch.isLast = true
        handOver()
        worker?.join()
        worker = nil
    }

    // MARK: Recording (the reader's thread)

    func chunk(_ text: UnsafeBufferPointer<UInt8>, cursor: Int) {
        // Copied into the batch's own buffer, which is reused: no allocation per chunk.
        let start = batch.chunkText.count
        batch.chunkText.append(contentsOf: text)
        record(.chunk, cursor: cursor, start, text.count)
    }

    @inline(__always)
    func startElement(_ element: PlistBuilder.Element?, localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, cursor: Int) {
        inLeaf = element?.isLeaf ?? false
        record(.start, element, cursor: cursor, Int(bitPattern: localName), Int(bitPattern: prefix))
    }

    @inline(__always)
    func endElement(cursor: Int) {
        inLeaf = false
        record(.end, cursor: cursor)
    }

    @inline(__always)
    func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, inLeaf || !LeafContent.isBlank(bytes) else { return }
        let count = bytes.count
        if count <= EventBatch.textCapacity &- textCount {
            copyText(source, count)
        } else {
            charactersInPieces(source, count)
        }
    }

    /// Text longer than the room left in the batch, in pieces (the session takes text in
    /// any pieces).
    @inline(never)
    private func charactersInPieces(_ source: UnsafePointer<UInt8>, _ total: Int) {
        var offset = 0
        while offset < total {
            if textCount == EventBatch.textCapacity { handOver() }
            let count = min(total - offset, EventBatch.textCapacity - textCount)
            copyText(source + offset, count)
            offset += count
        }
    }

    @inline(__always)
    private func copyText(_ source: UnsafePointer<UInt8>, _ count: Int) {
        ShortCopy.copy(from: source, to: text + textCount, count: count)
        let start = textCount
        textCount &+= count
        record(.characters, cursor: 0, start, count)
    }

    func comment(_ text: String, cursor: Int) {
        batch.strings.append(text)
        record(.comment, cursor: cursor, batch.strings.count - 1)
    }

    func processingInstruction(cursor: Int) {
        record(.processingInstruction, cursor: cursor)
    }

    func entityReference(_ name: String, cursor: Int) {
        batch.strings.append(name)
        record(.entityReference, cursor: cursor, batch.strings.count - 1)
    }

    func internalSubset(cursor: Int) {
        record(.internalSubset, cursor: cursor)
    }

    func xmlError(_ message: String, cursor: Int) {
        batch.strings.append(message)
        record(.xmlError, cursor: cursor, batch.strings.count - 1)
    }

    @inline(__always)
    private func record(_ kind: RecordedEvent.Kind, _ element: PlistBuilder.Element? = nil, cursor: Int, _ first: Int = 0, _ second: Int = 0) {
        (events + eventCount).initialize(to: RecordedEvent(kind: kind, element: element, cursor: cursor, first: first, second: second))
        eventCount &+= 1
        if eventCount == EventBatch.eventCapacity { handOver() }
    }

    /// Queues the current batch (waiting for a free slot) and takes an empty one; stops the
    /// reader once the session has stopped, since nothing after that matters.
    @inline(never)
    private func handOver() {
        batch.eventCount = eventCount
        batch.textCount = textCount
        freeSlots.wait()
        lock.wait()
        waiting.append(batch)
        let recycled = spare.popLast()
        let stop = stopRequested
        lock.signal()
        filledSlots.signal()
        batch = recycled ?? EventBatch()
        (events, eventCount, text, textCount) = (batch.events, 0, batch.text, 0)
        if stop { reader.stop() }
    }

    // MARK: Replaying (the worker thread)

    private func requestStop() {
        lock.wait()
        stopRequested = true
        lock.signal()
    }

    private func replayUntilLast() {
        while true {
            filledSlots.wait()
            lock.wait()
            let next = waiting.removeFirst()
            lock.signal()
            replay(next)
            let isLast = next.isLast
            next.reset()
            lock.wait()
            spare.append(next)
            lock.signal()
            freeSlots.signal()
            if isLast { return }
        }
    }

    private func replay(_ batch: EventBatch) {
        let session = self.session
        for index in 0..<batch.eventCount {
            let event = batch.events[index]
            switch event.kind {
            case .chunk:
                batch.chunkText.withUnsafeBufferPointer { chunkText in
                    session.chunk(UnsafeBufferPointer(rebasing: chunkText[event.first..<(event.first + event.second)]), cursor: event.cursor)
                }
            case .start:
                session.startElement(event.element, localName: UnsafePointer(bitPattern: event.first)!,
                                     prefix: UnsafePointer(bitPattern: event.second), cursor: event.cursor)
            case .end:
                session.endElement(cursor: event.cursor)
            case .characters:
                session.characters(UnsafeBufferPointer(start: batch.text + event.first, count: event.second))
            case .comment:
                session.comment(batch.strings[event.first], cursor: event.cursor)
            case .processingInstruction:
                session.processingInstruction(cursor: event.cursor)
            case .entityReference:
                session.entityReference(batch.strings[event.first], cursor: event.cursor)
            case .xmlError:
                session.xmlError(batch.strings[event.first], cursor: event.cursor)
            case .internalSubset:
                session.internalSubset(cursor: event.cursor)
            }
        }
    }
}

/// One SAX event as recorded, in plain words: `first` and `second` are the element's name
/// pointers (libxml2's interned strings), a text's or chunk's start and length in the
/// batch, or an index in the batch's strings.
private struct RecordedEvent {
    enum Kind: UInt8 { case chunk, start, end, characters, comment, processingInstruction, entityReference, xmlError, internalSubset }
    var kind: Kind
    var element: PlistBuilder.Element?
    var cursor: Int
    var first: Int
    var second: Int
}

/// Events on their way from the reader to the session; reused once replayed.
private final class EventBatch {
    static let eventCapacity = 16_384
    static let textCapacity = 131_072
    let events = UnsafeMutablePointer<RecordedEvent>.allocate(capacity: eventCapacity)
    var eventCount = 0
    let text = UnsafeMutablePointer<UInt8>.allocate(capacity: textCapacity)
    var textCount = 0
    var chunkText: [UInt8] = []
    var strings: [String] = []
    var isLast = false

    deinit {
        events.deallocate()
        text.deallocate()
    }

    func reset() {
        eventCount = 0
        textCount = 0
        chunkText.removeAll(keepingCapacity: true)
        strings.removeAll()
        isLast = false
    }
}
