import EplintBase

/// One parse's meaning: turns the reader's events into builder events with exact
/// positions, keeps comments, and decides the first fatal problem. It never calls libxml2:
/// the reader turns libxml2's callbacks into these events.
/// A value owned by one parse (the reader reaches it through the parse's pointer to it), so
/// that every access to its state is checked for exclusivity when compiled.
struct ParseSession: ~Copyable {
    private var window = DecodedTextWindow()
    private var builder: PlistBuilder
    private var problems: [SyntaxProblem] = []
    private var comments: [PlistComment] = []
    private var fatal: SyntaxProblem?
    /// Checked on every event: cheaper than comparing `fatal` with nil.
    private(set) var stopped = false
    /// Tells the reader to stop.
    var onStop: (() -> Void)?
    /// Where the last markup (tag, comment, PI) ended: text after it starts here.
    private var lastMarkupEnd = 0
    /// Comments waiting for the next element to start, and elements (by depth) whose
    /// end the comments at these indices wait for.
    private var commentsAwaitingElement: [Int] = []
    private var elementsAwaitingEnd: [(depth: Int, start: SourcePosition, comments: [Int], isKey: Bool)] = []
    /// A `<key>` a comment stood before: the comment covers the key's value too.
    private var keyAwaitingValue: (depth: Int, start: SourcePosition, comments: [Int])?
    /// Where a comment that began in text since discarded starts: libxml2 is reading it.
    private var openComment: SourcePosition?
    /// White space runs from `lastMarkupEnd` up to here (when greater): not scanned again.
    private var blankBefore = 0
    /// Where text that is not white space, met directly inside a container, starts (at
    /// `lastMarkupEnd`, since the markup before it); white space alone needs nothing.
    private var textRun: Int?
    /// Where the open leaf's text starts, and whether it was written `<data/>`-style.
    private var leafTextStart = 0
    private var leafIsSelfClosed = false
    /// What Apple's parsers say of markup met inside the open leaf (a comment, a processing instruction).
    private var leafMarkupProblem: String?

    init(options: PlistParseOptions, keepingRepeatsOf keptHashes: KeyHashSet?) {
        builder = PlistBuilder(options: options, keepingRepeatsOf: keptHashes)
    }

    /// libxml2 may ask for more text in the middle of a tag whose `<` is looked up later:
    /// this much text before its cursor is kept (element names are shorter: libxml2 limits
    /// them to 50,000 bytes).
    private static let cursorMargin = 65_536

    mutating func chunk(_ text: UnsafeBufferPointer<UInt8>, cursor: Int) {
        guard !stopped else { return }
        discardSpentText(cursor: cursor)
        window.append(text)
    }

    /// libxml2, its cursor at `cursor`, is deep inside a long comment: the rest of its body may
    /// be cut from the chunk of `count` bytes just read (see `CommentCutter`). nil otherwise.
    func longCommentEntry(cursor: Int, beforeChunkOf count: Int) -> CommentCutter.Entry? {
        // libxml2 must hold the text a comment keeps before anything is cut: twice that, as
        // it turns each CR LF into one LF.
        guard !stopped, let open = openComment, cursor - Self.bodyStart(open.offset) >= 2 * PlistComment.textLimit
        else { return nil }
        // What libxml2 holds and has not read yet.
        let handedEnd = window.end - count
        let from = max(Self.bodyStart(open.offset), cursor - 1, window.retainedStart)
        guard from < handedEnd else { return nil }
        return window.withBytes(in: from..<handedEnd, CommentCutter.Entry.init(after:))
    }

    /// Where the text of the comment whose `<!--` is at `offset` starts.
    private static func bodyStart(_ offset: Int) -> Int { offset + 4 }

    /// Forgets the text no position can be asked for any more.
    private mutating func discardSpentText(cursor: Int) {
        let nearCursor = max(0, cursor - Self.cursorMargin)
        let inLeaf = builder.context == .leaf
        if inLeaf { builder.locateOpenLeaf { window.position(at: $0) } }
        var keep = inLeaf ? nearCursor : min(lastMarkupEnd, textRun ?? lastMarkupEnd, nearCursor)
        if keep < nearCursor && textRun == nil && !inLeaf {
            // A long comment is read: only where it starts is needed, not its text (the
            // white space before it holds nothing a check reads either).
            if openComment == nil, let start = commentStart(after: lastMarkupEnd, before: nearCursor) {
                openComment = window.position(at: start)
            }
            if openComment != nil { keep = nearCursor }
        }
        window.discard(before: keep)
    }

    /// The `<!--` after only white space from `offset`, if the window holds one before `limit`.
    private mutating func commentStart(after offset: Int, before limit: Int) -> Int? {
        var index = max(offset, window.retainedStart, blankBefore)
        while index < limit && LeafContent.isXMLSpace(window[index]) { index += 1 }
        blankBefore = index
        let marker = Array("<!--".utf8)
        guard index + marker.count <= limit, window.slice(index..<index + marker.count).elementsEqual(marker) else {
            return nil
        }
        return index
    }

    /// Root-dict keys that may repeat: their entries are kept only by a second reading.
    var repeatedTopLevelKeyHashes: KeyHashSet { builder.repeatedTopLevelKeyHashes }

    mutating func document() -> PlistDocument {
        if fatal == nil && builder.root == nil {
            fatal = SyntaxProblem(
                kind: .malformed, message: "no property list value found", position: window.position(at: window.end))
        }
        if let fatal {
            return PlistDocument(root: nil, problems: problems + [fatal], comments: comments)
        }
        return PlistDocument(root: builder.root, problems: problems, comments: comments)
    }

    private mutating func stop(_ problem: SyntaxProblem) {
        guard !stopped else { return }
        fatal = problem
        stopped = true
        onStop?()
    }

    // MARK: SAX events

    mutating func startElement(
        _ element: PlistBuilder.Element?, localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, cursor: Int
    ) {
        guard !stopped else { return }
        let opening = Self.tagStart(in: window, endingAt: cursor, element: element, isEndTag: false) ?? cursor
        if textRun != nil {
            flushTextRun { opening }
        } else {
            checkBlankRun(upTo: opening)
        }
        guard !stopped else { return }
        if let key = keyAwaitingValue {
            keyAwaitingValue = nil
            if key.depth == builder.depth { elementsAwaitingEnd.append((key.depth, key.start, key.comments, false)) }
        }
        if !commentsAwaitingElement.isEmpty {
            elementsAwaitingEnd.append(
                (builder.depth, window.position(at: opening), commentsAwaitingElement, element == .key))
            commentsAwaitingElement = []
        }
        do {
            try builder.startElement(
                element, name: { Self.name(localName, prefix: prefix) }, at: opening, included: true,
                locate: { window.position(at: $0) })
        } catch {
            stop(error)
        }
        lastMarkupEnd = window.contains(cursor) && window[cursor] == UInt8(ascii: ">") ? cursor + 1 : cursor
        if element?.isLeaf == true {
            leafTextStart = lastMarkupEnd
            leafIsSelfClosed = window.contains(cursor) && window[cursor] == UInt8(ascii: "/")
            leafMarkupProblem = nil
        }
    }

    /// The `<` of the tag of `element` that libxml2 has just read, up to `last` (the `>` of
    /// an end tag; the `>` or `/` of a start tag). A tag without attributes or white space
    /// (`<dict>`, `</dict>`, `<true/>`) starts right before its name (and `/`): checked,
    /// that `<` is found without a scan, since no `<` can stand inside a tag. Anything else
    /// (or an unknown element) is found by scanning back.
    private static func tagStart(
        in window: borrowing DecodedTextWindow, endingAt last: Int, element: PlistBuilder.Element?, isEndTag: Bool
    ) -> Int? {
        if let element {
            let plain = last - element.nameLength - (isEndTag ? 2 : 1)
            if window.contains(plain) && window[plain] == UInt8(ascii: "<") { return plain }
        }
        return window.lastIndex(of: UInt8(ascii: "<"), atOrBefore: last)
    }

    /// An element's name as written, for messages.
    private static func name(_ localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) -> String {
        (prefix.map { String(cString: $0) + ":" } ?? "") + String(cString: localName)
    }

    mutating func endElement(cursor: Int) {
        guard !stopped else { return }
        // Where the end tag starts is needed only for misplaced text, a message or a kept value.
        let closing = builder.closingElement
        // (A static function of the window, not a method: the builder changes meanwhile.)
        func opening(_ window: borrowing DecodedTextWindow) -> Int {
            Self.tagStart(in: window, endingAt: cursor - 1, element: closing, isEndTag: true) ?? cursor
        }
        if textRun != nil {
            let end = opening(window)
            flushTextRun { end }
        } else if let closing, !closing.isLeaf {
            checkBlankRun(upTo: opening(window))
        }
        guard !stopped else { return }
        if let leaf = builder.openLeaf, let problem = appleRejection(of: leaf, endTag: { opening(window) }) {
            stop(builder.problemInOpenLeaf(problem) { window.position(at: $0) })
            return
        }
        do {
            try builder.endElement(tagStart: { opening(window) }, end: cursor, locate: { window.position(at: $0) })
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

    /// Why Apple's two parsers refuse the open leaf, read as written (see `AppleValueGrammar`).
    // Inlined: called as a method, the whole session was copied for it at every leaf end.
    @inline(__always)
    private func appleRejection(of leaf: PlistBuilder.Element, endTag: () -> Int) -> String? {
        // Made only for a message: building it for every leaf was a tenth of a big parse.
        var shownName: String { "<\(leaf.rawValue)>" }
        func refused(_ reason: String) -> String {
            "\(shownName) content refused by Apple's property list parsers (\"\(reason)\")"
        }
        if leafIsSelfClosed {
            return AppleValueGrammar.rejection(of: leaf, raw: [], selfClosed: true).map {
                "\(shownName) must not be empty: Apple's property list parsers refuse it (\"\($0)\")"
            }
        }
        let end = endTag()
        guard window.contains(leafTextStart), leafTextStart <= end else {
            // Longer than the text kept around the cursor: strings and data are taken as
            // they are (but for markup in them); no number, date or boolean is that long.
            if let leafMarkupProblem { return refused(leafMarkupProblem) }
            switch leaf {
            case .string, .key, .data: return nil
            default: return "\(shownName) content longer than \(Self.cursorMargin) characters"
            }
        }
        if window.withBytes(in: leafTextStart..<end, { AppleValueGrammar.isPlainlyAccepted(leaf, text: $0) }) {
            return nil
        }
        let raw = window.slice(leafTextStart..<end)
        return AppleValueGrammar.rejection(of: leaf, raw: raw, selfClosed: false).map {
            let shown = String(decoding: Array(raw.prefix(40)), as: UTF8.self).quotedForMessage
            return "invalid \(shownName) content \(shown): Apple's property list parsers refuse it (\"\($0)\")"
        }
    }

    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !stopped else { return }
        switch builder.context {
        case .leaf:
            builder.leafText(bytes)
        case .container:
            if textRun == nil && !LeafContent.isBlank(bytes) { textRun = lastMarkupEnd }
        case .outside:
            break
        }
    }

    /// The long comment libxml2 is reading has more text than libxml2's limit allows.
    var longCommentIsPastLimit: Bool {
        guard let open = openComment else { return false }
        return window.end - Self.bodyStart(open.offset) > Self.commentLengthLimit
    }

    /// libxml2's limit on a comment's text (XML_MAX_TEXT_LENGTH), kept although eplint no
    /// longer lets libxml2 hold a long comment: a file's verdict does not depend on that.
    static let commentLengthLimit = 10_000_000

    /// A comment ends at `cursor`; `text` is what libxml2 was handed of it (NUL-terminated).
    mutating func comment(_ text: UnsafePointer<UInt8>?, cursor: Int) {
        guard !stopped else { return }
        // A comment cannot hold "--", so the last "<!--" before the cursor is its start.
        let opening = lastOccurrence(of: Array("<!--".utf8), before: cursor)
        let start = openComment.flatMap { $0.offset < window.retainedStart ? $0 : nil }
        openComment = nil
        if builder.context == .leaf {
            // Both of Apple's parsers read `<!` inside text as the start of a CDATA section.
            if leafMarkupProblem == nil { leafMarkupProblem = "Encountered improper CDATA opening" }
        } else {
            if textRun == nil { checkBlankRun(upTo: opening) }
            flushTextRun { opening }
            guard !stopped else { return }
            let startPosition = start ?? window.position(at: opening)
            // (`cursor` is past the `-->`.)
            if cursor - 3 - Self.bodyStart(startPosition.offset) > Self.commentLengthLimit {
                stop(Self.commentTooLong(at: startPosition))
                return
            }
            let range = SourceRange(start: startPosition, end: window.position(at: cursor))
            commentsAwaitingElement.append(comments.count)
            let (kept, isWhole) = Self.commentText(text)
            comments.append(PlistComment(text: kept, range: range, isWhole: isWhole))
            lastMarkupEnd = cursor
        }
    }

    /// The comment's text (libxml2's: line ends made LF), or its first `PlistComment.textLimit`
    /// bytes in whole characters, which is all libxml2 holds of a long one; and whether it is whole.
    private static func commentText(_ text: UnsafePointer<UInt8>?) -> (text: String, isWhole: Bool) {
        guard let text else { return ("", true) }
        var end = 0
        while end <= PlistComment.textLimit && text[end] != 0 { end += 1 }
        guard end > PlistComment.textLimit else {
            return (String(decoding: UnsafeBufferPointer(start: text, count: end), as: UTF8.self), true)
        }
        // A character the limit would split is left out.
        end = PlistComment.textLimit
        while end > 0 && text[end] & 0xC0 == 0x80 { end -= 1 }
        return (String(decoding: UnsafeBufferPointer(start: text, count: end), as: UTF8.self), false)
    }

    private static func commentTooLong(at start: SourcePosition) -> SyntaxProblem {
        SyntaxProblem(kind: .unsupported, message: "a limit was exceeded: Comment too big found", position: start)
    }

    /// Before the root element, after the XML declaration and the blanks after it.
    mutating func documentStarted(cursor: Int) {
        guard !stopped, builder.context == .outside else { return }
        lastMarkupEnd = max(lastMarkupEnd, cursor)
    }

    mutating func processingInstruction(cursor: Int) {
        guard !stopped else { return }
        if builder.context == .leaf {
            // Both of Apple's parsers end the text at `<?` and find no end tag there.
            if leafMarkupProblem == nil {
                leafMarkupProblem = "Encountered unexpected character '?' (0x3F) while looking for close tag"
            }
            return
        }
        let marker = Array("<?".utf8)
        let opening = lastOccurrence(of: marker, before: cursor)
        if textRun == nil { checkBlankRun(upTo: opening) }
        flushTextRun { opening }
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

    /// A reference to an entity that is not one of the five predefined ones.
    mutating func entityReference(_ entity: String, cursor: Int) {
        guard !stopped else { return }
        let ampersand = window.lastIndex(of: UInt8(ascii: "&"), atOrBefore: cursor) ?? cursor
        stop(
            SyntaxProblem(
                kind: .malformed,
                message:
                    "entity reference '&\(entity);' is not allowed: only &amp; &lt; &gt; &quot; &apos; and character references are (entities are never loaded)",
                position: window.position(at: ampersand)))
    }

    /// The DOCTYPE has been read up to `cursor` (its `>`, or the `[` of an internal subset).
    /// Apple's parsers look for the first `[` or `>` after `<!DOCTYPE`: a `[` there (an
    /// internal subset, or one inside a quoted identifier) is refused, and so is a `>` inside
    /// an identifier, after which they read the rest as content. Reported at the `<!DOCTYPE`.
    mutating func internalSubset(cursor: Int) {
        guard !stopped else { return }
        let doctype = lastOccurrence(of: Array("<!DOCTYPE".utf8), before: cursor)
        let opensSubset = window.contains(cursor) && window[cursor] == UInt8(ascii: "[")
        let bracketOrEnd =
            window.contains(doctype) && doctype + 9 < cursor
            ? window.slice((doctype + 9)..<cursor).first { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: ">") } : nil
        guard opensSubset || bracketOrEnd != nil else {
            // A comment may follow: it is known to start after the DOCTYPE's `>`.
            if window.contains(cursor) && window[cursor] == UInt8(ascii: ">") { lastMarkupEnd = cursor + 1 }
            return
        }
        if !opensSubset {
            let which = bracketOrEnd == UInt8(ascii: "[") ? "'['" : "'>'"
            stop(
                SyntaxProblem(
                    kind: .malformed,
                    message:
                        "\(which) inside the identifiers of '<!DOCTYPE': Apple's property list parsers end the DOCTYPE there and refuse the file",
                    position: window.position(at: doctype)))
            return
        }
        stop(
            SyntaxProblem(
                kind: .malformed,
                message:
                    "internal DTD subset ('<!DOCTYPE … [ … ]>') is not read: Apple's property list parsers refuse it (\"Encountered unexpected character [ while parsing DTD\")",
                position: window.position(at: doctype)))
    }

    mutating func xmlError(_ reported: String, cursor: Int) {
        guard !stopped else { return }
        // Past libxml2's limit in a long comment: libxml2 would have stopped there first.
        if let open = openComment, cursor - Self.bodyStart(open.offset) > Self.commentLengthLimit {
            stop(Self.commentTooLong(at: open))
            return
        }
        var message = reported
        while message.last?.isWhitespace == true { message.removeLast() }
        let limits = ["Huge", "huge", "too big", "too long", "Excessive", "limit", "Memory allocation failed"]
        let kind: SyntaxProblem.Kind = limits.contains { message.contains($0) } ? .unsupported : .malformed
        let prefix = kind == .unsupported ? "a limit was exceeded: " : "malformed XML: "
        stop(
            SyntaxProblem(
                kind: kind, message: prefix + message.replacingNewlines, position: window.position(at: cursor)))
    }

    // MARK: Text between elements

    /// Blank text between elements, as written up to `end`: Apple's parsers take only spaces,
    /// tabs and line ends there, so white space made by a character reference or a CDATA
    /// section is refused.
    private mutating func checkBlankRun(upTo end: Int) {
        guard builder.context == .container, !builder.isSkipping, window.contains(lastMarkupEnd) else { return }
        var offset = lastMarkupEnd
        while offset < end {
            let byte = window[offset]
            if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") {
                let shown = byte == UInt8(ascii: "&") ? "character reference" : "CDATA section"
                stop(
                    SyntaxProblem(
                        kind: .malformed,
                        message:
                            "a \(shown) between elements: Apple's property list parsers refuse it (\"Encountered unexpected character \(byte == UInt8(ascii: "&") ? "&" : "!") … while looking for open tag\")",
                        position: window.position(at: offset)))
                return
            }
            offset += 1
        }
    }

    /// Text directly inside `<plist>`, `<dict>` or `<array>` ends at `end`. White space is
    /// fine; anything else is misplaced text (C preprocessor lines never get here: a file
    /// that has them is preprocessed first).
    private mutating func flushTextRun(upTo end: () -> Int) {
        guard let start = textRun else { return }
        textRun = nil
        let end = end()
        let text = Array(window.slice(start..<end))
        var lineStart = 0
        while lineStart <= text.count {
            var lineEnd = lineStart
            while lineEnd < text.count, text[lineEnd] != 0x0A, text[lineEnd] != 0x0D { lineEnd += 1 }
            let line = text[lineStart..<lineEnd]
            if let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) {
                let position = window.position(at: start + first)
                if !builder.isSkipping {
                    let shown = String(decoding: line[first...].prefix(40), as: UTF8.self)
                    stop(
                        SyntaxProblem(
                            kind: .malformed,
                            message: "unexpected text \(shown.quotedForMessage) where an element is expected",
                            position: position))
                    return
                }
            }
            guard lineEnd < text.count else { break }
            lineStart =
                lineEnd + (text[lineEnd] == 0x0D && lineEnd + 1 < text.count && text[lineEnd + 1] == 0x0A ? 2 : 1)
        }
    }
}
