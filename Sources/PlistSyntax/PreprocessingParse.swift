import EplintBase
import Preprocessor

extension PlistParser {
    /// A plist as Xcode's build reads it: run through the C preprocessor first when
    /// `preprocessing` says so (or, in `.auto` mode, when it holds a directive line), then
    /// parsed. The document's positions are in the preprocessed text; `preprocessed.map`
    /// leads them back to the source. nil `preprocessed`: the file was parsed as it stands.
    package static func parse(
        _ source: inout some ByteSource, options: PlistParseOptions, preprocessing: PreprocessingOptions,
        fileName: String
    ) throws(ReadFailure) -> (document: PlistDocument, preprocessed: PreprocessedText?) {
        switch preprocessing.mode {
        case .never:
            return (try parse(&source, options: options), nil)
        case .always:
            var whole = DirectiveSpottingSource(source, recordingLimit: .max)
            try whole.drain()
            return preprocessed(whole.recorded, options: options, preprocessing: preprocessing, fileName: fileName)
                ?? (parse(whole.recorded, options: options), nil)
        case .auto:
            // Nothing is copied while parsing (memory stays bounded on a big file): only a
            // file that may hold a directive is read again, whole, for the preprocessor.
            var spotting = DirectiveSpottingSource(source, recordingLimit: 0)
            let document = try parse(&spotting, options: options)
            guard spotting.mayHoldDirective else { return (document, nil) }
            var whole = DirectiveSpottingSource(source, recordingLimit: autoPreprocessingLimit)
            try whole.rewind()
            try whole.drain()
            guard !whole.overLimit, let decoded = decodedText(whole.recorded), CPreprocessor.hasDirectiveLine(decoded)
            else {
                return (document, nil)
            }
            return preprocessed(whole.recorded, options: options, preprocessing: preprocessing, fileName: fileName) ?? (
                document, nil
            )
        }
    }

    /// Files bigger than this are not preprocessed unless declared so (no real Info.plist is).
    static let autoPreprocessingLimit = 16 << 20

    private static func preprocessed(
        _ bytes: [UInt8], options: PlistParseOptions, preprocessing: PreprocessingOptions,
        fileName: String
    ) -> (document: PlistDocument, preprocessed: PreprocessedText?)? {
        // A binary plist or an encoding eplint cannot read is reported as such, unpreprocessed.
        guard case .text = InputEncoding.detect(Array(bytes.prefix(1024))), let decoded = decodedText(bytes) else {
            return nil
        }
        let result = CPreprocessor.run(decoded, fileName: fileName, options: preprocessing)
        // Past a limit (or where the build certainly fails) nothing is linted: EP002 alone.
        if let fatal = result.fatalProblem { return (PlistDocument(root: nil, problems: [fatal], comments: []), nil) }
        return (parse(result.text, options: options), result)
    }
}

/// Hands a source's bytes on to the parser, keeping a copy (up to a limit) and noting
/// whether a line starts with `#`: such a file may need the preprocessor, decided once
/// the whole text is there.
struct DirectiveSpottingSource<Base: ByteSource>: ByteSource {
    private var base: Base
    private let recordingLimit: Int
    private(set) var recorded: [UInt8] = []
    private(set) var overLimit = false
    private(set) var mayHoldDirective = false
    /// Only blanks since the last line end.
    private var atLineStart = true

    init(_ base: Base, recordingLimit: Int) {
        self.base = base
        self.recordingLimit = recordingLimit
    }

    var expectedByteCount: Int? { base.expectedByteCount }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int {
        let count = try base.read(into: buffer)
        let read = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
        if !overLimit {
            if recorded.count + count > recordingLimit {
                overLimit = true
                recorded = []
            } else {
                recorded.append(contentsOf: read)
            }
        }
        if !mayHoldDirective { spot(read) }
        return count
    }

    /// The parser reads a file twice when its top-level dict may repeat a key: the copy
    /// and the spotting start over with it.
    mutating func rewind() throws(ReadFailure) {
        try base.rewind()
        (recorded, overLimit, mayHoldDirective, atLineStart) = ([], false, false, true)
    }

    private mutating func spot(_ bytes: UnsafeRawBufferPointer) {
        // Counted 16 bytes at a time: a byte-by-byte search was a twentieth of a big parse.
        if ByteCount.occurrences(of: UInt8(ascii: "#"), in: bytes.assumingMemoryBound(to: UInt8.self), 0, bytes.count)
            == 0
        {
            // Only the state at the end matters: blanks after the last line end, or not.
            if let lastEnd = bytes.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                atLineStart = bytes[(lastEnd + 1)...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
            } else if !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                atLineStart = false
            }
            return
        }
        for byte in bytes {
            if byte == 0x0A || byte == 0x0D {
                atLineStart = true
            } else if atLineStart && byte == UInt8(ascii: "#") {
                mayHoldDirective = true
                return
            } else if byte != 0x20 && byte != 0x09 {
                atLineStart = false
            }
        }
    }

    /// Reads what the parser left unread.
    mutating func drain() throws(ReadFailure) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 16)
        defer { buffer.deallocate() }
        while try read(into: buffer) > 0 {}
    }
}
